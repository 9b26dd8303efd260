import TermElements

/// A table's records, page by page through a tail loader with keyset pagination, under a
/// sticky header of column names; Enter shows a record, ← and → move between columns.
public final class RecordsScreen: TableModelController {
  /// The table browsed.
  public let schema: TableSchema
  /// Its rows, if known.
  let rowCount: Int?
  /// The natural width of each column, measured on the first page.
  var columnWidths: [Int] = []
  /// The key columns, where the columns are scrolled and the column under the cursor.
  public internal(set) var columns = ColumnState()

  /// Shows the records of `schema`: the first page now, the others as the user nears the end.
  init(database: BrowserDatabase, schema: TableSchema, rowCount: Int?, pageSize: Int) {
    self.schema = schema
    self.rowCount = rowCount
    super.init(title: schema.name)
    let cursor = PageCursor(
      queue: database.queue, query: KeysetQuery(schema: schema, limit: pageSize))
    // The first page is read now, to measure the columns; if it fails, the loader tries again
    // and shows the error.
    let first = (try? cursor.nextNow(loaded: 0)) ?? []
    // The key column is as wide as its largest value, which the rowid's B-tree gives at once.
    var minimums = Array(repeating: 0, count: schema.columns.count)
    if case .rowid = schema.key, let largest = try? database.largestRowID(of: schema.name) {
      minimums[schema.keyIndexes[0]] = String(largest).count
    }
    let decimals = DecimalColumns.measure(first.map(\.values))
    let widths = ColumnWidths.measure(
      headers: schema.columns, records: first.map(\.values), minimums: minimums,
      maximum: ColumnWidths.naturalMaximum, decimals: decimals)
    let columns = Self.initialColumns(of: schema)
    columnWidths = widths
    self.columns = columns
    let makeRow = Self.rowMaker(widths: widths, decimals: decimals, columns: columns) {
      [weak self] record in self?.showDetail(of: record)
    }
    var section = Section(
      header: Self.header(schema.columns, widths: widths, columns: columns),
      rows: first.map(makeRow))
    section.tailLoader = TailLoader(id: "records-\(schema.name)") { [weak self] in
      // Fetch after the rows the table holds.
      guard let loaded = await self?.table.rowCount else { return nil }
      return try await cursor.next(loaded: loaded)?.map(makeRow)
    }
    var table = Table(sections: [section])
    table.estimatedRowHeight = 1
    self.table = table
    positionText = { [weak self] row, loaded in
      self?.recordPosition(row: row, loaded: loaded) ?? ""
    }
    bindColumnKeys()
  }

  /// Brings a record line drawn before the columns last moved up to date.
  public override func willDisplay(row: Row, at indexPath: IndexPath) {
    updateColumns(ifStale: row)
  }

  /// Makes the row of a record with cells of `widths`, numbers showing the `decimals` of their
  /// column, its columns placed as `columns` says; choosing it calls `open`.
  static func rowMaker(
    widths: [Int], decimals: [Int?] = [], columns: ColumnState = ColumnState(),
    open: @escaping @MainActor @Sendable (PageRecord) -> Void
  ) -> @Sendable (PageRecord) -> Row {
    { record in
      let cells = record.values.enumerated().map { column, value in
        RecordLine.Cell(value, decimals: column < decimals.count ? decimals[column] : nil)
      }
      return Row(
        ElementOf<RecordLine>(
          props: RecordLine.Props(cells: cells, widths: widths, columns: columns)),
        id: RowID(record.key.map { CellValue($0).cellText }.joined(separator: "\u{1F}")),
        separatorStyle: .none,
        didSelect: Action { open(record) })
    }
  }

  /// The sticky header of column names, its columns placed as `columns` says.
  static func header(
    _ names: [String], widths: [Int], columns: ColumnState = ColumnState()
  ) -> SectionHeader {
    SectionHeader(
      ElementOf<RecordLine>(
        props: RecordLine.Props(
          cells: names.map { RecordLine.Cell($0, kind: .header) }, widths: widths,
          columns: columns, isHeader: true)),
      style: Style(foreground: .black, background: .cyan, attributes: .bold, monochrome: .reverse))
  }

  /// Shows every column of `record` on a screen of its own.
  func showDetail(of record: PageRecord) {
    navigator?.push(DetailScreen(schema: schema, record: record))
  }

  /// The table, the selected row, the rows loaded and whether more are loading.
  public override func statusText() -> String {
    var text = "\(schema.name) · \(CellValue.grouped(position.count)) loaded"
    if isFetchingPage { text += " · loading…" }
    return text
  }

  /// The record's number among all the table's records, once: `797/1,000,000`; while the
  /// total is unknown, what is loaded so far and a `+` while more may come.
  func recordPosition(row: Int?, loaded: Int) -> String {
    let total =
      rowCount.map { CellValue.grouped(max($0, loaded)) }
      ?? CellValue.grouped(loaded) + (loadsMoreAtEnd ? "+" : "")
    guard let row else { return "\(total) records" }
    return "\(CellValue.grouped(row))/\(total)"
  }
}
