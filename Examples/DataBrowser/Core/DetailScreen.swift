import GRDB
import TermElements

/// One record, read whole from the database by its key: every column's name and value, long
/// values wrapped over as many lines as they need.
///
/// Text shows its line breaks, a BLOB of UTF-8 text shows as text, JSON pretty-printed, any
/// other BLOB as a hex dump; huge values are cut (see ``DetailContent``). A record that cannot
/// be read, or is no longer there, shows why instead. → and ← go to the next and previous
/// column, whose number the status line shows; ← on the first column goes back.
public final class DetailScreen: TableModelController {
  /// Shows the record of the table of `schema` whose key is `key`, read from `database`.
  public init(database: BrowserDatabase, schema: TableSchema, key: [DatabaseValue]) {
    let keyText = key.map { CellValue($0).cellText }.joined(separator: ", ")
    let title = "\(schema.keyColumns.joined(separator: ", ")) \(keyText)"
    super.init(title: title)
    var rows: [TermElements.Row]
    var fields: [Int] = []
    do {
      let values = try database.queue.read { db in
        try WholeRecord.fetch(db, schema: schema, key: key)
      }
      if let values {
        (rows, fields) = Self.rows(names: schema.columns, values: values)
      } else {
        rows = [
          Self.errorRow("No record with \(title) in \(schema.name): it may have been deleted")
        ]
      }
    } catch {
      let reason = BrowserDatabase.browserError(error, path: database.path)
      rows = [Self.errorRow("Could not read the record: \(reason)")]
    }
    var table = Table(rows: rows)
    table.estimatedRowHeight = 1
    self.table = table
    status = { "\(schema.name) · record — Esc goes back" }
    let columns = schema.columns.count
    let rowFields = fields
    self.fields = fields
    positionText = { row, _ in
      guard let row, row > 0, row <= rowFields.count else {
        return "\(columns) column\(columns == 1 ? "" : "s")"
      }
      return "column \(rowFields[row - 1] + 1)/\(columns)"
    }
    bindColumnKeys()
  }

  /// The column each row belongs to, by row.
  private var fields: [Int] = []

  /// Binds → and l to the next column, ← and h to the previous one (← on the first column
  /// goes back, as ← does on other screens), in the help screen after ↑.
  private func bindColumnKeys() {
    let next = KeyCommand("Next column") { ($0 as? DetailScreen)?.moveToColumn(by: 1) }
    let previous = KeyCommand("Previous column; on the first one, back") { screen in
      (screen as? DetailScreen)?.moveToColumn(by: -1)
    }
    let nextKeys: [Key] = [.right, .character("l")]
    let previousKeys: [Key] = [.left, .character("h")]
    var map = KeyMap()
    for binding in keyMap.bindings {
      map.bind(
        binding.keys.filter { !nextKeys.contains($0) && !previousKeys.contains($0) },
        to: binding.command)
      if binding.keys.contains(.up) {
        map.bind(nextKeys, to: next)
        map.bind(previousKeys, to: previous)
      }
    }
    keyMap = map
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

  /// The rows of a record's values, and the column each row belongs to.
  static func rows(names: [String], values: [DatabaseValue]) -> (
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
