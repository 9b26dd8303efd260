/// The cells of rows painted lately, so that a frame that shows a row again, unchanged, copies
/// its lines rather than building, measuring and drawing it anew.
///
/// A painted row is reused only when everything its cells depend on is as it was: the table's
/// version (any change to the table makes a new one, so the row at a position is the same row
/// with the same value), the row's position, the width, whether it is selected, and the
/// canvas's glyphs and inherited style. A row that animates, one being edited, and one with a
/// long grapheme cluster are never kept; ``TableModelController/redrawRows()`` drops them all,
/// for rows whose elements read something outside the table that changed. Rows are kept by position, in ``limit`` slots (a
/// position's slot is the position modulo the limit, so the rows of a screen up to 256 lines
/// tall never share one), and at most ``cellLimit`` cells in all (16 bytes a cell, so at most
/// 4 MB; a few screenfuls at 80×24 take some 100 KB). Finding a row costs an array read: no
/// key is made or hashed.
struct PaintedRows: Sendable {
  /// Where a painted row was, and how: what a later frame must match to copy it.
  struct Painted: Equatable, Sendable {
    /// The row's position in the layout when painted.
    let position: Int
    /// Whether it was selected.
    let selected: Bool
    /// Its lines.
    let height: Int
  }

  /// One painted row.
  struct Entry: Sendable {
    /// The row's position in the layout when painted.
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

  /// The most rows kept, a power of two.
  static let limit = 256
  /// The most cells kept, all rows together.
  static let cellLimit = 262_144

  /// What the rows kept were painted under.
  private var frame: Frame?
  /// The rows kept, each in the slot of its position modulo ``limit``.
  private var slots: [Entry?] = []
  /// The cells of the rows kept.
  private var cellCount = 0

  /// Starts a frame: the rows kept are dropped unless they were painted under `frame`.
  mutating func begin(_ frame: Frame) {
    guard frame != self.frame else { return }
    removeAll()
    self.frame = frame
  }

  /// Whether the rows kept were painted under `frame`, so that a frame painted under it may
  /// copy them: asked once a frame, before ``entry(at:selected:)`` for each row.
  func keepsRows(of frame: Frame) -> Bool {
    !slots.isEmpty && frame == self.frame
  }

  /// The row painted at `position`, if it was painted there with the same selection (under
  /// the frame of ``keepsRows(of:)``).
  func entry(at position: Int, selected: Bool) -> Entry? {
    guard !slots.isEmpty, let entry = slots[position & (Self.limit - 1)],
      entry.position == position, entry.selected == selected
    else { return nil }
    return entry
  }

  /// Keeps a painted row and its `cells`, in place of the one in its slot, whose storage it
  /// reuses; when the cells would pass the limit, every row kept is dropped first. A row of
  /// more than a quarter of the limit's cells is not kept.
  mutating func keep(_ row: Painted, cells: ArraySlice<Cell>) {
    guard cells.count <= Self.cellLimit / 4 else { return }
    if slots.isEmpty { slots = Array(repeating: nil, count: Self.limit) }
    let slot = row.position & (Self.limit - 1)
    // The row the slot held gives its array: rows of one width make no new one.
    var storage = slots[slot].take()?.cells ?? []
    cellCount -= storage.count
    // ...unless it is much larger than this row needs: the cells kept stay within the limit.
    if storage.capacity > max(2 * cells.count, 4_096) { storage = [] }
    if cellCount + cells.count > Self.cellLimit {
      removeAll()
      slots = Array(repeating: nil, count: Self.limit)
    }
    storage.removeAll(keepingCapacity: true)
    storage.append(contentsOf: cells)
    cellCount += storage.count
    slots[slot] = Entry(
      position: row.position, selected: row.selected, height: row.height, cells: storage)
  }

  /// Drops every row kept, as when what rows draw changed outside the table.
  mutating func removeAll() {
    if !slots.isEmpty { slots = [] }
    cellCount = 0
  }
}
