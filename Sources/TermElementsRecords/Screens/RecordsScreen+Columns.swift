import TermElements

/// The column cursor of the records screen: ← and → (or h and l) move it, and the columns
/// scroll sideways to keep it in view, the key columns staying at the left.
extension RecordsScreen {
  /// The columns of `source` before the user moves: its key columns frozen, the cursor on the
  /// first of them, nothing scrolled.
  static func initialColumns(of source: any RecordSource) -> ColumnState {
    let keys = source.keyColumns
    let order = ColumnViewport.order(columns: source.columns.count, keys: keys)
    return ColumnState(keys: keys, cursor: order.first)
  }

  /// Binds ← and h, → and l, to the column cursor, in the help screen after ↑; ← no longer
  /// goes back here, which Esc still does.
  func bindColumnKeys() {
    let right = KeyCommand("Move to the column on the right", on: RecordsScreen.self) {
      $0.moveColumnCursor(by: 1)
    }
    let left = KeyCommand("Move to the column on the left", on: RecordsScreen.self) {
      $0.moveColumnCursor(by: -1)
    }
    keyMap = keyMap.bindingSideways(right: right, left: left)
  }

  /// The width the record lines are drawn at: the screen's, less the margins of the rows.
  var lineWidth: Int {
    max(0, frameSize.width - LayoutMargins.default.horizontal)
  }

  /// Moves the column cursor `steps` columns (to the right when positive), scrolling the
  /// columns as little as shows it at the width of the last frame, and draws the header and
  /// the records on screen again.
  public func moveColumnCursor(by steps: Int) {
    var moved = columns
    moved.moveCursor(by: steps, widths: measures.widths, width: lineWidth)
    show(moved)
  }

  /// Shows the columns at `state`: the header and the record lines read them as they are
  /// drawn, so the lines on screen are drawn again and no row changes, but for a line whose
  /// cells no longer reach the columns around the cursor, made again from its record.
  func show(_ state: ColumnState) {
    guard state != columns else { return }
    columns = state
    remakeLinesMissingCells()
  }

  /// Cells a record line holds at most: a line of more columns holds those around the cursor.
  static let cellWindow = 1_024
  /// Columns on either side of the cursor a line's cells must reach: more than a line of
  /// 1,024 terminal columns shows (each column takes at least 4 with its gap).
  static let cellMargin = 256

  /// The columns whose cells a record line holds with the columns at `state`: all of them, or,
  /// with more than ``cellWindow``, that many around the cursor, the key columns' included.
  func cellColumns(around state: ColumnState) -> Range<Int> {
    let count = source.columns.count
    guard count > Self.cellWindow else { return 0..<count }
    let center = state.cursor ?? state.first ?? 0
    let lower = max(0, min(center - Self.cellWindow / 2, count - Self.cellWindow))
    let window = lower..<(lower + Self.cellWindow)
    // Frozen key columns outside the window would show empty: hold every cell then.
    return state.keys.allSatisfy(window.contains) ? window : 0..<count
  }

  /// Whether a line holding the cells of `held` shows every column a line at `state` may show.
  func cells(_ held: Range<Int>, cover state: ColumnState) -> Bool {
    let count = source.columns.count
    let center = state.cursor ?? state.first ?? 0
    return (held.lowerBound == 0 || center - Self.cellMargin >= held.lowerBound)
      && (held.upperBound >= count || center + Self.cellMargin < held.upperBound)
  }

  /// Makes again from its record each record line whose cells no longer reach the columns
  /// around the cursor: only with more than ``cellWindow`` columns, and only when the cells
  /// every line holds (``HeldRecords/cellsEveryLineHolds``) do not reach them, so that moving
  /// the cursor costs no walk through the rows otherwise.
  func remakeLinesMissingCells() {
    let (lower, upper) = (held.cellsEveryLineHolds.lower, held.cellsEveryLineHolds.upper)
    guard !cells(lower..<max(lower, upper), cover: columns) else { return }
    let shown = cellColumns(around: columns)
    var table = table
    var remade = false
    held.forgetLines()
    for section in table.sections.indices {
      for index in table.sections[section].rows.indices {
        guard let id = table.sections[section].rows[index].id, let line = held[id] else {
          continue
        }
        if cells(line.cells, cover: columns) {
          held.noteLinesHold(line.cells)
          continue
        }
        held[id]?.cells = shown
        held.noteLinesHold(shown)
        table.sections[section].rows[index] = makeRow(line.record, cells: shown)
        remade = true
      }
    }
    if remade { self.table = table }
  }
}
