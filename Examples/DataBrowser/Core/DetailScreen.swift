import TermElements

/// One record: every column with its value in full.
final class DetailScreen: TableModelController {
  /// Shows `record` of a table of `schema`.
  init(schema: TableSchema, record: PageRecord) {
    let key = record.key.map { CellValue($0).cellText }.joined(separator: ", ")
    super.init(title: "\(schema.keyColumns.joined(separator: ", ")) \(key)")
    let names = schema.columns
    let nameWidth = min(ColumnWidths.maximum, names.map { $0.terminalWidth }.max() ?? 0)
    let rows = zip(names, record.values).map { name, value in
      let padded = name + String(repeating: " ", count: max(0, nameWidth - name.terminalWidth))
      return Row(
        HorizontalStack(
          spacing: 2,
          ElementOfLabel(props: padded).styles {
            $0.style = Style(attributes: .bold)
            $0.numberOfLines = 1
          },
          ElementOfLabel(props: value.detailText).styles {
            if value.isNull { $0.style = RecordLine.style(of: .null) }
            if case .blob = value { $0.style = RecordLine.style(of: .blob) }
          }),
        id: RowID(name), separatorStyle: .none)
    }
    var table = Table(rows: rows)
    table.estimatedRowHeight = 1
    self.table = table
    status = { "\(schema.name) · record — Esc goes back" }
  }
}
