/// The cells of rows painted lately, so that a frame that shows a row again, unchanged, copies
/// its lines rather than building, measuring and drawing it anew.
///
/// A painted row is reused only when everything its cells depend on is as it was: the table's
/// version (any change to the table makes a new one, so the row's value is the same), the row's
/// position (which decides its trailing separator), the width, whether it is selected, and the
/// canvas's glyphs and inherited style. A row that animates, one being edited, and one with a
/// long grapheme cluster are never kept. At most ``limit`` rows and ``cellLimit`` cells are kept
/// (16 bytes a cell, so at most 4 MB; a few screenfuls at 80×24 take some 100 KB).
struct PaintedRows: Sendable {
  /// One painted row.
  struct Entry: Sendable {
    /// The row's position in the layout when painted, which decides its trailing separator.
    let position: Int
    /// Whether it was selected.
    let selected: Bool
    /// Its lines.
    let height: Int
    /// Its cells, whole lines.
    let cells: [Cell]
  }

  /// What every painted row's cells depend on, beyond the row itself: the same for a whole
  /// frame, so it is checked once a frame.
  struct Frame: Equatable, Sendable {
    /// The layout's version of the table.
    let version: Int
    /// The width painted at.
    let width: Int
    /// The marks drawn with.
    let glyphs: GlyphSet
    /// The style the rows laid their own over.
    let baseStyle: Style
  }

  /// The most rows kept.
  static let limit = 256
  /// The most cells kept, all rows together.
  static let cellLimit = 262_144

  /// What the rows kept were painted under.
  private var frame: Frame?
  /// The rows kept, by key.
  private var entries: [RowKey: Entry] = [:]
  /// The cells of the rows kept.
  private var cellCount = 0

  /// Starts a frame: the rows kept are dropped unless they were painted under `frame`.
  mutating func begin(_ frame: Frame) {
    guard frame != self.frame else { return }
    entries.removeAll(keepingCapacity: true)
    cellCount = 0
    self.frame = frame
  }

  /// The painted row with `key`, if it was painted at `position` with the same selection.
  func entry(for key: RowKey, position: Int, selected: Bool) -> Entry? {
    guard let entry = entries[key], entry.position == position, entry.selected == selected
    else { return nil }
    return entry
  }

  /// Keeps a painted row.
  mutating func keep(_ entry: Entry, for key: RowKey) {
    guard entry.cells.count <= Self.cellLimit / 4 else { return }
    if entries.count >= Self.limit || cellCount + entry.cells.count > Self.cellLimit {
      entries.removeAll(keepingCapacity: true)
      cellCount = 0
    }
    cellCount += entry.cells.count - (entries.updateValue(entry, forKey: key)?.cells.count ?? 0)
  }
}
