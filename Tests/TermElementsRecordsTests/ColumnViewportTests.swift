import TermElementsRecords
import Testing

/// The column viewport: which columns a line shows, where, and what it hides.
@Suite("Column viewport")
struct ColumnViewportTests {
  /// A placement as `(column, x, width)`, frozen or not.
  struct Shown: Equatable, CustomStringConvertible {
    var column: Int
    var x: Int
    var width: Int
    var isFrozen: Bool

    var description: String { "(\(column), x \(x), w \(width)\(isFrozen ? ", frozen" : ""))" }
  }

  /// A frozen column at `x`, `width` wide.
  static func frozen(_ column: Int, _ x: Int, _ width: Int) -> Shown {
    Shown(column: column, x: x, width: width, isFrozen: true)
  }

  /// A scrollable column at `x`, `width` wide.
  static func scrolled(_ column: Int, _ x: Int, _ width: Int) -> Shown {
    Shown(column: column, x: x, width: width, isFrozen: false)
  }

  /// The viewport's placements.
  static func shown(_ viewport: ColumnViewport) -> [Shown] {
    viewport.placements.map {
      Shown(column: $0.column, x: $0.x, width: $0.width, isFrozen: $0.isFrozen)
    }
  }

  /// A key 4 wide and three columns 10 wide.
  static let fourColumns = [4, 10, 10, 10]

  /// All columns fit: the key at the left, the others after it with gaps, nothing hidden.
  @Test("Everything fits")
  func everythingFits() {
    let viewport = ColumnViewport(widths: [2, 5, 7], keys: [0], cursor: 0, width: 30)
    #expect(
      Self.shown(viewport) == [
        Self.frozen(0, 0, 2), Self.scrolled(1, 5, 5), Self.scrolled(2, 13, 7),
      ])
    #expect(viewport.first == 1)
    #expect(viewport.cursor == 0)
    #expect(viewport.scrollableX == 5)
    #expect(!viewport.hidesColumnsOnLeft)
    #expect(!viewport.hidesColumnsOnRight)
  }

  /// Moving the cursor past the right edge scrolls as little as shows it; moving it back
  /// within the columns shown scrolls nothing; past the left edge scrolls back.
  @Test("The cursor past an edge scrolls; within the columns shown it does not")
  func cursorScrolls() {
    let start = ColumnViewport(widths: Self.fourColumns, keys: [0], cursor: 0, width: 30)
    #expect(
      Self.shown(start) == [
        Self.frozen(0, 0, 4), Self.scrolled(1, 7, 10), Self.scrolled(2, 20, 10),
      ])
    #expect(!start.hidesColumnsOnLeft && start.hidesColumnsOnRight)

    let last = ColumnViewport(widths: Self.fourColumns, keys: [0], cursor: 3, width: 30)
    #expect(
      Self.shown(last) == [Self.frozen(0, 0, 4), Self.scrolled(2, 7, 10), Self.scrolled(3, 20, 10)])
    #expect(last.first == 2)
    #expect(last.hidesColumnsOnLeft && !last.hidesColumnsOnRight)

    let back = ColumnViewport(
      widths: Self.fourColumns, keys: [0], first: last.first, cursor: 2, width: 30)
    #expect(Self.shown(back) == Self.shown(last))

    let pastLeft = ColumnViewport(
      widths: Self.fourColumns, keys: [0], first: last.first, cursor: 1, width: 30)
    #expect(Self.shown(pastLeft) == Self.shown(start))
    #expect(pastLeft.first == 1)
  }

  /// The cursor on the key column, first or last of the order, keeps the columns where they
  /// are scrolled; a cursor out of range is moved to the nearest column.
  @Test("The cursor on the first and the last column")
  func cursorAtEnds() {
    let onKey = ColumnViewport(widths: Self.fourColumns, keys: [0], first: 2, cursor: 0, width: 30)
    #expect(
      Self.shown(onKey) == [
        Self.frozen(0, 0, 4), Self.scrolled(2, 7, 10), Self.scrolled(3, 20, 10),
      ])
    #expect(onKey.hidesColumnsOnLeft && !onKey.hidesColumnsOnRight)

    let beyond = ColumnViewport(widths: Self.fourColumns, keys: [0], cursor: 99, width: 30)
    #expect(beyond.cursor == 3)
    #expect(beyond.first == 2)
    #expect(ColumnViewport(widths: Self.fourColumns, keys: [0], cursor: -4, width: 30).cursor == 0)
  }

  /// A column that fits in part is cut when at least `minimumCutWidth` columns are left, and
  /// counts as hidden on the right; with less room it is left out.
  @Test("A column that fits in part")
  func cutColumns() {
    let cut = ColumnViewport(widths: [4, 10, 10], keys: [0], cursor: 0, width: 25)
    #expect(
      Self.shown(cut) == [Self.frozen(0, 0, 4), Self.scrolled(1, 7, 10), Self.scrolled(2, 20, 5)])
    #expect(cut.hidesColumnsOnRight)
    #expect(ColumnViewport.minimumCutWidth == 3)
    let three = ColumnViewport(widths: [4, 10, 10], keys: [0], cursor: 0, width: 23)
    #expect(Self.shown(three).last == Self.scrolled(2, 20, 3))
    let two = ColumnViewport(widths: [4, 10, 10], keys: [0], cursor: 0, width: 22)
    #expect(Self.shown(two) == [Self.frozen(0, 0, 4), Self.scrolled(1, 7, 10)])
    #expect(two.hidesColumnsOnRight)
  }

  /// No room: nothing is shown, and the columns are hidden on the right.
  @Test("Width 0")
  func widthZero() {
    for cursor in [0, 1] {
      let viewport = ColumnViewport(widths: [4, 10], keys: [0], cursor: cursor, width: 0)
      #expect(viewport.placements.isEmpty)
      #expect(viewport.hidesColumnsOnRight)
      #expect(!viewport.hidesColumnsOnLeft)
    }
  }

  /// One column of room shows one cell of the cursor's column, frozen or not.
  @Test("Width 1")
  func widthOne() {
    let scrollable = ColumnViewport(widths: [4, 10, 10], keys: [0], cursor: 1, width: 1)
    #expect(Self.shown(scrollable) == [Self.scrolled(1, 0, 1)])
    #expect(!scrollable.hidesColumnsOnLeft && scrollable.hidesColumnsOnRight)
    let key = ColumnViewport(widths: [4, 10, 10], keys: [0], cursor: 0, width: 1)
    #expect(Self.shown(key) == [Self.frozen(0, 0, 1)])
    #expect(key.hidesColumnsOnRight)
    let last = ColumnViewport(widths: [4, 10, 10], keys: [0], cursor: 2, width: 1)
    #expect(Self.shown(last) == [Self.scrolled(2, 0, 1)])
    #expect(last.hidesColumnsOnLeft && last.hidesColumnsOnRight)
  }

  /// A column wider than the line is shown from its start, cut at the line's end.
  @Test("A single column wider than the screen")
  func wideColumn() {
    let alone = ColumnViewport(widths: [3, 200], keys: [0], cursor: 1, width: 40)
    #expect(Self.shown(alone) == [Self.frozen(0, 0, 3), Self.scrolled(1, 6, 34)])
    #expect(!alone.hidesColumnsOnLeft && alone.hidesColumnsOnRight)
    let between = ColumnViewport(widths: [3, 10, 200, 10], keys: [0], cursor: 2, width: 40)
    #expect(Self.shown(between) == [Self.frozen(0, 0, 3), Self.scrolled(2, 6, 34)])
    #expect(between.hidesColumnsOnLeft && between.hidesColumnsOnRight)
  }

  /// A key column wider than the line gives up room for the cursor's column, down to about
  /// half the line; with the cursor on it, it takes the whole line.
  @Test("A key column wider than the screen")
  func wideKey() {
    let onColumn = ColumnViewport(widths: [50, 10, 10], keys: [0], cursor: 1, width: 30)
    #expect(Self.shown(onColumn) == [Self.frozen(0, 0, 17), Self.scrolled(1, 20, 10)])
    #expect(onColumn.hidesColumnsOnRight)
    let onKey = ColumnViewport(widths: [50, 10, 10], keys: [0], cursor: 0, width: 30)
    #expect(Self.shown(onKey) == [Self.frozen(0, 0, 30)])
    #expect(onKey.hidesColumnsOnRight)
    // A wide cursor column leaves the key half the line.
    let both = ColumnViewport(widths: [50, 60], keys: [0], cursor: 1, width: 41)
    #expect(Self.shown(both) == [Self.frozen(0, 0, 19), Self.scrolled(1, 22, 19)])
  }

  /// A table whose every column is a key freezes none, since nothing scrolls past them.
  @Test("No columns but keys")
  func onlyKeys() {
    let wide = ColumnViewport(widths: [5, 8], keys: [1, 0], cursor: 0, width: 20)
    #expect(Self.shown(wide) == [Self.scrolled(0, 0, 5), Self.scrolled(1, 8, 8)])
    #expect(!wide.hidesColumnsOnLeft && !wide.hidesColumnsOnRight)
    let narrow = ColumnViewport(widths: [5, 8], keys: [1, 0], cursor: 1, width: 10)
    #expect(Self.shown(narrow) == [Self.scrolled(1, 0, 8)])
    #expect(narrow.hidesColumnsOnLeft && !narrow.hidesColumnsOnRight)
    #expect(ColumnViewport.order(columns: 2, keys: [1, 0]) == [0, 1])
    let none = ColumnViewport(widths: [], keys: [0], cursor: 0, width: 20)
    #expect(none.placements.isEmpty && none.cursor == nil && none.first == nil)
    #expect(!none.hidesColumnsOnLeft && !none.hidesColumnsOnRight)
  }

  /// Keys are frozen in key order, each once; keys that are not columns are ignored.
  @Test("Keys in key order, duplicates and strays ignored")
  func keyOrder() {
    let viewport = ColumnViewport(widths: [3, 4, 5, 6], keys: [2, 0, 2, 9], width: 40)
    #expect(
      Self.shown(viewport) == [
        Self.frozen(2, 0, 5), Self.frozen(0, 8, 3), Self.scrolled(1, 14, 4),
        Self.scrolled(3, 21, 6),
      ])
    #expect(viewport.cursor == nil)
    #expect(ColumnViewport.order(columns: 4, keys: [2, 0, 2, 9]) == [2, 0, 1, 3])
  }

  /// A line made wider scrolls back to show the columns hidden on the left that now fit.
  @Test("A wider line shows the columns scrolled past")
  func widerLine() {
    let viewport = ColumnViewport(
      widths: Self.fourColumns, keys: [0], first: 3, cursor: 3, width: 50)
    #expect(viewport.first == 1)
    #expect(viewport.placements.map(\.column) == [0, 1, 2, 3])
    #expect(!viewport.hidesColumnsOnLeft && !viewport.hidesColumnsOnRight)
  }

  /// The cursor moves in the order keys first, and stops at either end.
  @Test("Moving the cursor")
  func movingCursor() {
    #expect(ColumnViewport.column(movingCursor: 0, by: 1, columns: 4, keys: [2]) == 1)
    #expect(ColumnViewport.column(movingCursor: 0, by: -5, columns: 4, keys: [2]) == 2)
    #expect(ColumnViewport.column(movingCursor: 1, by: 10, columns: 4, keys: [2]) == 3)
    var state = ColumnState(keys: [0], cursor: 0)
    state.moveCursor(by: 3, widths: Self.fourColumns, width: 30)
    #expect(state == ColumnState(keys: [0], first: 2, cursor: 3))
    // Back within the columns shown: the columns stay where they are.
    state.moveCursor(by: -1, widths: Self.fourColumns, width: 30)
    #expect(state == ColumnState(keys: [0], first: 2, cursor: 2))
    state.moveCursor(by: -1, widths: Self.fourColumns, width: 30)
    #expect(state == ColumnState(keys: [0], first: 1, cursor: 1))
    // A line drawn at another width scrolls as it must to show the cursor.
    state.moveCursor(by: 2, widths: Self.fourColumns, width: 60)
    #expect(state == ColumnState(keys: [0], first: 1, cursor: 3))
    #expect(state.viewport(widths: Self.fourColumns, width: 30).first == 2)
  }

  /// Columns fit the loaded values up to a third of the line, and never less than 24.
  @Test("Fitted widths grow with the line")
  func fittedWidths() {
    #expect(ColumnWidths.fittedMaximum(forWidth: 10) == ColumnWidths.maximum)
    #expect(ColumnWidths.fitted([5, 64, 40], toWidth: 98) == [5, 32, 32])
    #expect(ColumnWidths.fitted([5, 64, 40], toWidth: 138) == [5, 46, 40])
    #expect(ColumnWidths.fitted([0, 64], toWidth: 0) == [1, 24])
  }
}
