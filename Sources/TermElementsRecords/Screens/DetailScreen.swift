import TermElements

/// One record, read from its source by its key (``RecordDetailing/detailRecord(key:)``): every column's name and value, long
/// values wrapped over as many lines as they need.
///
/// Text shows its line breaks, a BLOB of UTF-8 text shows as text, JSON pretty-printed, any
/// other BLOB as a hex dump; huge values are cut (see ``DetailContent``). A record that cannot
/// be read, or is no longer there, shows why instead. The record is read as the screen opens,
/// with a spinner until it comes. → and ← go to the next and previous column, whose number
/// the status line shows; ← on the first column goes back.
public final class DetailScreen: TableModelController {
  /// Reading the record, until it came.
  private lazy var work = WorkQueue(for: self, spins: false)
  /// The column each row belongs to, by row.
  private var fields: [Int] = []

  /// Shows the record of `source` whose key is `key`.
  public init(source: any RecordSource, key: RecordKey) {
    let title = source.capabilities.title(ofKey: key)
    super.init(title: title)
    var table = Table(rows: [Row(ElementOfActivityIndicator(props: true), id: "reading")])
    table.estimatedRowHeight = 1
    self.table = table
    let name = source.name
    status = { "\(name) · record — Esc goes back" }
    let columns = source.columns.count
    positionText = { _, _ in "\(columns) column\(columns == 1 ? "" : "s")" }
    work.runBeside { [weak self] in
      let values: Result<[DetailValue]?, any Error>
      do {
        values = .success(try await source.capabilities.detailRecord(key: key))
      } catch {
        values = .failure(error)
      }
      self?.show(values, names: source.columns.map(\.name), title: title, in: name)
    }
    bindColumnKeys()
  }

  /// Shows the values read, or why there are none.
  private func show(
    _ result: Result<[DetailValue]?, any Error>, names: [String], title: String, in name: String
  ) {
    var rows: [TermElements.Row]
    var fields: [Int] = []
    switch result {
    case .success(let values?):
      (rows, fields) = Self.rows(names: names, values: values)
    case .success(nil):
      rows = [Self.errorRow("No record with \(title) in \(name): it may have been deleted")]
    case .failure(let error):
      rows = [Self.errorRow("Could not read the record: \(error)")]
    }
    var table = Table(rows: rows)
    table.estimatedRowHeight = 1
    self.table = table
    self.fields = fields
    let columns = names.count
    positionText = { row, _ in
      guard let row, row > 0, row <= fields.count else {
        return "\(columns) column\(columns == 1 ? "" : "s")"
      }
      return "column \(fields[row - 1] + 1)/\(columns)"
    }
    setNeedsDisplay()
  }

  /// Binds → and l to the next column, ← and h to the previous one (← on the first column
  /// goes back, as ← does on other screens), in the help screen after ↑.
  private func bindColumnKeys() {
    let next = KeyCommand("Next column", on: DetailScreen.self) { $0.moveToColumn(by: 1) }
    let previous = KeyCommand("Previous column; on the first one, back", on: DetailScreen.self) {
      $0.moveToColumn(by: -1)
    }
    keyMap = keyMap.bindingSideways(right: next, left: previous)
  }

  /// Selects the first line of the column `steps` columns after the selected line's (before
  /// it, when negative), stopping at the first and the last; before the first, goes back.
  func moveToColumn(by steps: Int) {
    guard !fields.isEmpty else {
      if steps < 0 { navigator?.pop() }
      return
    }
    let row = min(selection?.row ?? 0, fields.count - 1)
    let field = fields[row]
    if steps < 0 && field == 0 {
      navigator?.pop()
      return
    }
    let target = min(max(0, field + steps), fields.last ?? 0)
    guard target != field, let first = fields.firstIndex(of: target) else { return }
    let indexPath = IndexPath(row: first, section: 0)
    select(indexPath)
    scrollToRow(at: indexPath, position: .none)
  }

  /// Waits until the record was read, for tests and scripts.
  public func waitUntilRead() async {
    await work.waitUntilIdle()
  }

  /// The rows of a record's values, and the column each row belongs to.
  static func rows(names: [String], values: [CellValue]) -> (
    rows: [TermElements.Row], fields: [Int]
  ) {
    rows(names: names, values: values.map { DetailValue($0) })
  }

  /// The rows of a record's values as read for the screen, and the column each row belongs to.
  static func rows(names: [String], values: [DetailValue]) -> (
    rows: [TermElements.Row], fields: [Int]
  ) {
    let nameWidth = min(ColumnWidths.maximum, names.map(\.terminalWidth).max() ?? 0)
    let indent = nameWidth + DetailLine.gap
    var rows: [TermElements.Row] = []
    var fields: [Int] = []
    for (field, (name, value)) in zip(names, values).enumerated() {
      let content = DetailContent(value)
      let textKind: DetailLine.Kind =
        switch content.kind {
        case .null: .null
        case .hexDump: .hexDump
        case .number, .text, .json: .text
        }
      // A hex dump needs the whole width: its lines start under the name.
      let linesIndent = content.kind == .hexDump ? 0 : indent
      var lines: [DetailLine.Props] = []
      if let summary = content.summary {
        lines.append(DetailLine.Props(name: name, indent: indent, text: summary, kind: .summary))
      }
      let pieces =
        content.kind == .hexDump
        ? content.lines : content.lines.flatMap { DetailLine.pieces(of: $0) }
      for line in pieces {
        let first = lines.isEmpty
        lines.append(
          DetailLine.Props(
            name: first ? name : "", indent: first ? indent : linesIndent, text: line,
            kind: textKind))
      }
      if let note = content.omissionNote {
        lines.append(DetailLine.Props(indent: linesIndent, text: note, kind: .note))
      }
      for (number, props) in lines.enumerated() {
        rows.append(
          Row(
            ElementOf<DetailLine>(props: props), id: RowID("\(field).\(number)"),
            separatorStyle: .none))
        fields.append(field)
      }
    }
    return (rows, fields)
  }

  /// A row saying what went wrong.
  static func errorRow(_ message: String) -> TermElements.Row {
    Row(
      ElementOf<DetailLine>(props: DetailLine.Props(indent: 0, text: "⚠ " + message, kind: .error)),
      id: "error", separatorStyle: .none)
  }
}
