import TermElements

/// The list of tables with their row counts; Enter opens one.
final class TablesScreen: TableModelController {
  /// Makes the list of `summaries`, whose tables open with pages of `pageSize` rows.
  init(database: BrowserDatabase, summaries: [TableSummary], pageSize: Int) {
    super.init(title: "Tables")
    let headers = ["table", "rows"]
    let counts = summaries.map { CellValue.grouped($0.rowCount) }
    let widths = ColumnWidths.measure(
      headers: headers,
      records: zip(summaries, counts).map { [.text($0.name), .text($1)] },
      maximum: ColumnWidths.naturalMaximum)
    let rows = zip(summaries, counts).map { summary, count in
      Row(
        ElementOf<RecordLine>(
          props: RecordLine.Props(
            cells: [RecordLine.Cell(summary.name), RecordLine.Cell(count, kind: .number)],
            widths: widths)),
        id: RowID(summary.name), separatorStyle: .none,
        didSelect: Action { [weak self] in
          self?.open(summary, database: database, pageSize: pageSize)
        })
    }
    var table = Table(sections: [
      Section(header: RecordsScreen.header(headers, widths: widths), rows: rows)
    ])
    table.estimatedRowHeight = 1
    self.table = table
    let count = summaries.count
    status = { "\(count) table\(count == 1 ? "" : "s") — Enter opens, ? keys, q quits" }
  }

  /// Opens the records of the table `summary` names.
  private func open(_ summary: TableSummary, database: BrowserDatabase, pageSize: Int) {
    do {
      let schema = try database.schema(of: summary.name)
      navigator?.push(
        RecordsScreen(
          database: database, schema: schema, rowCount: summary.rowCount, pageSize: pageSize))
    } catch {
      fail(with: error)
    }
  }
}
