/// Which columns of a table fit on a line, and where: the key columns frozen at the left, as
/// in a spreadsheet, then the other columns from the first one scrolled to, as many as fit.
///
/// It is a pure value, worked out from the columns' widths, the keys, the first scrollable
/// column wanted, the cursor's column and the room on the line. The column under the cursor
/// is always shown: when it lies past either edge, the columns scroll until it is in view,
/// by as little as that takes. A column that fits only in part is shown cut when at least
/// ``minimumCutWidth`` columns are left for it, and then counts as hidden on the right.
///
/// For example, with a key column 4 wide and columns 1 to 3 each 10 wide on a 30-column line,
/// the cursor on column 3 scrolls column 1 out of view: the key at x 0, column 2 at 7 and
/// column 3 at 20, with columns hidden on the left.
package struct ColumnViewport: Equatable, Sendable {
  /// A column on the line: which column, where it starts and how wide it is drawn.
  package struct Placement: Equatable, Sendable {
    /// The column's index among the table's columns.
    package var column: Int
    /// Where the column starts on the line.
    package var x: Int
    /// The columns it is drawn in, at most its width and less when it is cut.
    package var width: Int
    /// Whether it is a key column, frozen at the left.
    package var isFrozen: Bool

    /// Makes a placement.
    package init(column: Int, x: Int, width: Int, isFrozen: Bool) {
      self.column = column
      self.x = x
      self.width = width
      self.isFrozen = isFrozen
    }
  }

  /// The fewest columns a column that does not fit whole is cut to; one with less room is
  /// left out.
  package static let minimumCutWidth = 3

  /// The columns shown, left to right: the frozen ones first.
  package private(set) var placements: [Placement] = []
  /// The first scrollable column shown, after scrolling to the cursor; `nil` when the table
  /// has no columns but its keys.
  package private(set) var first: Int?
  /// The column under the cursor, within the table's columns; `nil` for no cursor.
  package private(set) var cursor: Int?
  /// Where the scrollable part of the line begins, after the frozen columns and a gap.
  package private(set) var scrollableX = 0
  /// Whether scrollable columns are hidden to the left of those shown.
  package private(set) var hidesColumnsOnLeft = false
  /// Whether scrollable columns, or part of the last one shown, are hidden to the right.
  package private(set) var hidesColumnsOnRight = false

  /// Lays out columns of `widths` on a line `width` columns wide with `gap` columns between
  /// them: the `keys` (column indexes, in key order) frozen at the left, then the other
  /// columns from `first` on, but those `hidden`, scrolled as needed to show the column
  /// `cursor`.
  ///
  /// A `first` that is not a scrollable column means the first scrollable column; a `cursor`
  /// out of range is moved to the nearest column. When the frozen columns and the cursor's
  /// column do not both fit, the frozen columns give up room, down to half the line, and
  /// on a line too narrow for both they are left out; with the cursor on a frozen column,
  /// the frozen columns keep the room it needs.
  package init(
    widths: [Int], keys: [Int] = [], hidden: Set<Int> = [], first: Int? = nil,
    cursor: Int? = nil, width: Int, gap: Int = RecordLine.gap
  ) {
    let widths = widths.map { max(1, $0) }
    let width = max(0, width)
    let gap = max(0, gap)
    let frozen = Self.frozenColumns(columns: widths.count, keys: keys)
    let scrollable = (0..<widths.count).filter { !frozen.contains($0) && !hidden.contains($0) }
    self.cursor = widths.isEmpty ? nil : cursor.map { min(max(0, $0), widths.count - 1) }
    let cursorOffset = self.cursor.flatMap { scrollable.firstIndex(of: $0) }
    var start = first.flatMap { scrollable.firstIndex(of: $0) } ?? 0
    if let cursorOffset, cursorOffset < start { start = cursorOffset }

    // The frozen columns, given up to half the line when the cursor's column needs it, or
    // as much of the line as the cursor needs when it is on one of them.
    var frozenLimit = width
    if !scrollable.isEmpty {
      let frozenWidth = frozen.reduce(0) { $0 + widths[$1] } + gap * max(0, frozen.count - 1)
      let needed = widths[scrollable[cursorOffset ?? start]]
      if frozenWidth + gap + needed > width {
        frozenLimit = min(frozenWidth, max(width - gap - needed, (width - gap) / 2))
      }
      if let cursor = self.cursor, let position = frozen.firstIndex(of: cursor) {
        let cursorEnd =
          frozen[...position].reduce(0) { $0 + widths[$1] } + gap * position
        frozenLimit = max(frozenLimit, min(width, cursorEnd))
      }
    }
    var x = 0
    for column in frozen {
      let left = placements.isEmpty ? 0 : x + gap
      let shown = min(widths[column], frozenLimit - left)
      guard shown >= 1 else { break }
      placements.append(Placement(column: column, x: left, width: shown, isFrozen: true))
      x = left + shown
    }
    scrollableX = placements.isEmpty ? 0 : min(width, x + gap)
    guard !scrollable.isEmpty else { return }

    // The scrollable columns: as few scrolled as show the cursor's column whole (or from its
    // start, when it is wider than the room), and none hidden while there is room for them.
    let room = width - scrollableX
    func span(_ range: ClosedRange<Int>) -> Int {
      range.reduce(0) { $0 + widths[scrollable[$1]] } + gap * (range.count - 1)
    }
    if let cursorOffset {
      while start < cursorOffset && span(start...cursorOffset) > room { start += 1 }
    }
    while start > 0 && span((start - 1)...(scrollable.count - 1)) <= room { start -= 1 }
    self.first = scrollable[start]
    hidesColumnsOnLeft = start > 0
    var last: (offset: Int, isCut: Bool)?
    for offset in start..<scrollable.count {
      let column = scrollable[offset]
      let left = offset == start ? scrollableX : x + gap
      let space = width - left
      if widths[column] <= space {
        placements.append(
          Placement(column: column, x: left, width: widths[column], isFrozen: false))
        x = left + widths[column]
        last = (offset, false)
        continue
      }
      let mustShow = offset == start || offset == cursorOffset
      if space >= 1 && (mustShow || space >= Self.minimumCutWidth) {
        placements.append(Placement(column: column, x: left, width: space, isFrozen: false))
        last = (offset, true)
      }
      break
    }
    hidesColumnsOnRight = last.map { $0.isCut || $0.offset < scrollable.count - 1 } ?? true
  }

  /// The key columns that are frozen: the valid ones among `keys`, each once, in key order;
  /// none when every column is a key, since then nothing scrolls past them.
  package static func frozenColumns(columns: Int, keys: [Int]) -> [Int] {
    var frozen: [Int] = []
    for key in keys where key >= 0 && key < columns && !frozen.contains(key) {
      frozen.append(key)
    }
    return frozen.count == columns ? [] : frozen
  }

  /// The columns in the order the cursor goes through them: the frozen key columns, then the
  /// others as the table has them, but those `hidden`.
  package static func order(columns: Int, keys: [Int], hidden: Set<Int> = []) -> [Int] {
    let frozen = frozenColumns(columns: columns, keys: keys)
    return frozen + (0..<max(0, columns)).filter { !frozen.contains($0) && !hidden.contains($0) }
  }

  /// The column the cursor lands on when it moves `steps` columns (to the right when
  /// positive) from column `cursor`, stopping at the first and the last.
  package static func column(
    movingCursor cursor: Int, by steps: Int, columns: Int, keys: [Int], hidden: Set<Int> = []
  ) -> Int {
    let order = order(columns: columns, keys: keys, hidden: hidden)
    guard !order.isEmpty else { return 0 }
    let position = order.firstIndex(of: cursor) ?? 0
    return order[min(max(0, position + steps), order.count - 1)]
  }
}

/// Where a table's columns stand: its key columns, the first scrollable column shown and the
/// column under the cursor; a records screen keeps one, which its ``RecordLine``s read as they
/// are drawn.
public struct ColumnState: Equatable, Sendable {
  /// The key columns, frozen at the left, in key order.
  public var keys: [Int]
  /// The first scrollable column shown, or `nil` for the first there is.
  public var first: Int?
  /// The column under the cursor, or `nil` for no cursor.
  public var cursor: Int?
  /// The columns the user hid (`-`), which the lines leave out and the cursor skips; never a
  /// key column.
  public var hidden: Set<Int> = []

  /// Makes a state; with no arguments, columns with no keys and no cursor, not scrolled.
  public init(keys: [Int] = [], first: Int? = nil, cursor: Int? = nil) {
    self.keys = keys
    self.first = first
    self.cursor = cursor
  }

  /// The viewport of columns of natural widths `widths` on a line `width` columns wide: the
  /// widths are first fitted to the line (see ``ColumnWidths/fitted(_:toWidth:)``).
  package func viewport(widths: [Int], width: Int) -> ColumnViewport {
    ColumnViewport(
      widths: ColumnWidths.fitted(widths, toWidth: width), keys: keys, hidden: hidden,
      first: first, cursor: cursor, width: width)
  }

  /// Moves the cursor `steps` columns through the columns of natural widths `widths` (to the
  /// right when positive, stopping at either end), and scrolls as little as a line `width`
  /// columns wide must to show it.
  ///
  /// The scrolling is kept, so that the columns stay put while the cursor moves among those
  /// shown, as in a spreadsheet; a line drawn at another width scrolls again as it must.
  package mutating func moveCursor(by steps: Int, widths: [Int], width: Int) {
    guard !widths.isEmpty else { return }
    cursor = ColumnViewport.column(
      movingCursor: cursor ?? 0, by: steps, columns: widths.count, keys: keys, hidden: hidden)
    first = viewport(widths: widths, width: width).first
  }
}
