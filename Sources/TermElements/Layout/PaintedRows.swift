/// The cells of rows painted lately, so that a frame that shows a row again, unchanged, copies
/// its lines rather than building, measuring and drawing it anew.
///
/// A painted row is reused only when everything its cells depend on is as it was: the table's
/// version (any change to the table makes a new one, so the row's value is the same), the row's
/// position (which decides its trailing separator), the width, whether it is selected, and the
/// canvas's glyphs and inherited style. A row that animates, one being edited, and one with a
/// long grapheme cluster are never kept. At most ``limit`` rows are kept (a few screenfuls),
/// about 16 bytes a cell: some 650 KB at 200×200, 30 KB at 80×24.
struct PaintedRows: Sendable {
  /// One painted row.
  struct Entry: Sendable {
    /// What the cells depend on.
    let conditions: Conditions
    /// Its lines.
    let height: Int
    /// Its cells, whole lines.
    let cells: [Cell]
  }

  /// What a painted row's cells depend on, beyond its key.
  struct Conditions: Equatable, Sendable {
    /// The layout's version of the table.
    let version: Int
    /// The row's position in the layout.
    let position: Int
    /// The width painted at.
    let width: Int
    /// Whether it was selected.
    let selected: Bool
    /// The marks drawn with.
    let glyphs: GlyphSet
    /// The style the row laid its own over.
    let baseStyle: Style
  }

  /// The most rows kept.
  static let limit = 256

  /// The rows kept, by key.
  private var entries: [RowKey: Entry] = [:]

  /// The painted row with `key`, if it was painted under `conditions`.
  func entry(for key: RowKey, _ conditions: Conditions) -> Entry? {
    guard let entry = entries[key], entry.conditions == conditions else { return nil }
    return entry
  }

  /// Keeps a painted row.
  mutating func keep(_ entry: Entry, for key: RowKey) {
    if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
    entries[key] = entry
  }
}
