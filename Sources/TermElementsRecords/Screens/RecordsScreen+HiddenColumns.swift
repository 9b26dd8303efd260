import TermElements

/// `-` hides the column under the cursor and `+` shows every column again; hidden columns are
/// left out of the lines, the cursor's way, searches and `Y`, and the title counts them.
/// `c` goes to a column by its name.
extension RecordsScreen {
  /// `-`: hides the column under the cursor, which moves to the next column shown (the one
  /// before, at the end). A key column, and the last column shown, stay: the status line says
  /// why. The title says how many columns are hidden.
  public func hideCursorColumn() {
    guard let cursor = columns.cursor, cursor < source.columns.count else { return }
    let name = source.columns[cursor].name
    guard !columns.keys.contains(cursor) else {
      message = "\(name) is a key column: it stays shown"
      setNeedsDisplay()
      return
    }
    let order = ColumnViewport.order(
      columns: source.columns.count, keys: columns.keys, hidden: columns.hidden)
    guard order.count > 1, let position = order.firstIndex(of: cursor) else {
      message = "\(name) is the last column shown: it stays"
      setNeedsDisplay()
      return
    }
    var hidden = columns
    hidden.hidden.insert(cursor)
    hidden.cursor = position + 1 < order.count ? order[position + 1] : order[position - 1]
    hidden.moveCursor(by: 0, widths: measures.widths, width: lineWidth)
    show(hidden)
    message = "Hid \(name): \(hiddenColumnsText) (+ shows them)"
    setNeedsDisplay()
  }

  /// `+`: shows every column again, the cursor where it is.
  public func showAllColumns() {
    guard !columns.hidden.isEmpty else {
      message = "No column is hidden"
      setNeedsDisplay()
      return
    }
    var shown = columns
    shown.hidden = []
    shown.moveCursor(by: 0, widths: measures.widths, width: lineWidth)
    show(shown)
    message = "Showing all \(CellValue.grouped(source.columns.count)) columns"
    setNeedsDisplay()
  }

  /// `c`: puts the column cursor on the column named `typed`, showing it if it was hidden:
  /// the one of that name, else ignoring case, else the first whose name starts with it,
  /// else the first whose name contains it; the status line says when there is none.
  public func goToColumn(named typed: String) {
    let names = source.columns.map { $0.name.lowercased() }
    let wanted = typed.lowercased()
    guard !wanted.isEmpty,
      let column = source.columns.firstIndex(where: { $0.name == typed })
        ?? names.firstIndex(of: wanted) ?? names.firstIndex(where: { $0.hasPrefix(wanted) })
        ?? names.firstIndex(where: { $0.contains(wanted) })
    else {
      message = "No column “\(typed)”"
      setNeedsDisplay()
      return
    }
    var moved = columns
    moved.hidden.remove(column)
    moved.cursor = column
    moved.moveCursor(by: 0, widths: measures.widths, width: lineWidth)
    show(moved)
    setNeedsDisplay()
  }

  /// Shows the ``heading`` in the title, and how many columns are hidden when any is:
  /// `people where age > 30 · 2 columns hidden`.
  func showTitle() {
    let text = columns.hidden.isEmpty ? heading : "\(heading) · \(hiddenColumnsText)"
    if title != text { title = text }
  }

  /// How many columns are hidden, for the title: `1 column hidden`, `3 columns hidden`.
  var hiddenColumnsText: String {
    let count = columns.hidden.count
    return "\(CellValue.grouped(count)) column\(count == 1 ? "" : "s") hidden"
  }

  /// The columns shown, in the table's order: every column but the hidden ones.
  var shownColumns: [Int] {
    source.columns.indices.filter { !columns.hidden.contains($0) }
  }

  /// Binds `-` and `+`, listed by the help screen.
  func bindHidingKeys() {
    keyMap.bind(
      .character("-"),
      to: KeyCommand(
        "Hide the column under the cursor (not a key column)", on: RecordsScreen.self
      ) { $0.hideCursorColumn() })
    keyMap.bind(
      .character("+"),
      to: KeyCommand("Show every hidden column again", on: RecordsScreen.self) {
        $0.showAllColumns()
      })
    keyMap.bind(
      .character("c"),
      to: KeyCommand("Go to a column by its name (Tab completes)", on: RecordsScreen.self) {
        $0.startPrompt(.column)
      })
  }
}
