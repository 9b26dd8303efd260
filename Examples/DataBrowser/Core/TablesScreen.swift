import TermElements

/// The list of tables with their row counts; Enter opens one. The rows are counted again each
/// time the list comes back into view, since another connection may write to the database.
final class TablesScreen: TableModelController {
  /// The database listed.
  private let database: BrowserDatabase
  /// Records in a page of a table opened from the list.
  private let pageSize: Int
  /// Whether the list has been shown: it is counted afresh when shown again.
  private var hasAppeared = false

  /// Makes the list of `summaries`, whose tables open with pages of `pageSize` rows.
  init(database: BrowserDatabase, summaries: [TableSummary], pageSize: Int) {
    self.database = database
    self.pageSize = pageSize
    super.init(title: "Tables")
    show(summaries)
  }

  /// Shows `summaries`, keeping the selection on the same table.
  private func show(_ summaries: [TableSummary]) {
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
        didSelect: Action { [weak self] in self?.open(summary) })
    }
    var table = Table(sections: [
      Section(header: RecordsScreen.header(headers, widths: widths), rows: rows)
    ])
    table.estimatedRowHeight = 1
    self.table = table
    let count = summaries.count
    status = { "\(count) table\(count == 1 ? "" : "s") — Enter opens, ? keys, q quits" }
  }

  /// Counts the rows again when the list comes back into view.
  override func didAppear() {
    super.didAppear()
    defer { hasAppeared = true }
    guard hasAppeared, let summaries = try? database.tables() else { return }
    show(summaries)
  }

  /// Opens the records of the table `summary` names.
  private func open(_ summary: TableSummary) {
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
