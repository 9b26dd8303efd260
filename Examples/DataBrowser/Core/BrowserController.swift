import TermElements

/// The data browser: a list of tables, a table's records page by page, and one record's
/// columns, all in one controller that swaps its table.
///
/// Enter opens a table or a record; Esc goes back to where it was; q quits.
///
/// ```swift
/// let database = try BrowserDatabase.open(path: "shop.sqlite")
/// let controller = BrowserController(database: database, tables: try database.tables())
/// try await CursesApplication.run(controller)
/// ```
public final class BrowserController: TableModelController {
  /// What the browser shows.
  public enum Mode: Equatable, Sendable {
    /// The list of tables.
    case tables
    /// A table's records.
    case records
    /// One record.
    case detail
  }

  /// A table being browsed.
  struct Browsing {
    /// Its schema.
    let schema: TableSchema
    /// Its rows, if known.
    let rowCount: Int?
    /// The id of its tail loader.
    let loaderID: String
  }

  /// The records screen as it was when a record was opened.
  struct SavedRecords {
    /// The records table, with the rows loaded.
    let table: Table
    /// The selected record.
    let selection: IndexPath?
    /// The record at the top of the screen.
    let topRow: IndexPath?
  }

  /// The database browsed.
  public let database: BrowserDatabase
  /// Rows in a page.
  public let pageSize: Int
  /// The tables with their row counts, when the browser shows the list of tables.
  public let summaries: [TableSummary]?
  /// What is on screen.
  public private(set) var mode: Mode = .tables
  /// The table being browsed, in ``Mode/records`` and ``Mode/detail``.
  var browsing: Browsing?
  /// The records screen under the detail view.
  var savedRecords: SavedRecords?
  /// The list of tables as it was when a table was opened, and its selection.
  var savedTables: (table: Table, selection: IndexPath?)?
  /// Tables opened so far, to give each opening its own loader.
  var openings = 0

  /// Makes a browser showing the list of `tables`, or table `schema` when given.
  public init(
    database: BrowserDatabase, tables: [TableSummary]?, schema: TableSchema? = nil,
    pageSize: Int = 200
  ) {
    self.database = database
    self.summaries = tables
    self.pageSize = max(1, pageSize)
    super.init(table: Table())
    if let schema {
      open(schema, rowCount: tables?.first { $0.name == schema.name }?.rowCount)
    } else {
      showTables()
    }
  }

  /// The name of the table being browsed, if any.
  public var tableName: String? { browsing?.schema.name }

  // MARK: The list of tables

  /// Shows the list of tables.
  func showTables() {
    mode = .tables
    browsing = nil
    savedRecords = nil
    if let savedTables {
      table = savedTables.table
      reload()
      if let selection = savedTables.selection { select(selection) }
      return
    }
    let summaries = summaries ?? []
    let headers = ["table", "rows"]
    let counts = summaries.map { CellValue.grouped($0.rowCount) }
    let widths = ColumnWidths.measure(
      headers: headers,
      records: zip(summaries, counts).map { [.text($0.name), .text($1)] })
    let rows = zip(summaries, counts).map { summary, count in
      Row(
        ElementOf<RecordLine>(
          props: RecordLine.Props(
            cells: [RecordLine.Cell(summary.name), RecordLine.Cell(count, kind: .number)],
            widths: widths)),
        id: RowID(summary.name), separatorStyle: .none,
        didSelect: Action { [weak self] in self?.open(named: summary.name) })
    }
    var table = Table(sections: [
      Section(header: Self.header(headers, widths: widths), rows: rows)
    ])
    table.estimatedRowHeight = 1
    self.table = table
    reload()
  }

  /// Opens the table `name` from the list.
  func open(named name: String) {
    savedTables = (table, selection)
    do {
      let schema = try database.schema(of: name)
      open(schema, rowCount: summaries?.first { $0.name == name }?.rowCount)
    } catch {
      fail(with: error)
    }
  }

  // MARK: Records

  /// Shows the records of `schema`: the first page now, the others as the user nears the end.
  func open(_ schema: TableSchema, rowCount: Int?) {
    openings += 1
    let loaderID = "records-\(openings)-\(schema.name)"
    browsing = Browsing(schema: schema, rowCount: rowCount, loaderID: loaderID)
    savedRecords = nil
    mode = .records
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
    let widths = ColumnWidths.measure(
      headers: schema.columns, records: first.map(\.values), minimums: minimums)
    let makeRow = Self.rowMaker(widths: widths) { [weak self] record in
      self?.showDetail(of: record)
    }
    var section = Section(
      header: Self.header(schema.columns, widths: widths), rows: first.map(makeRow))
    section.tailLoader = TailLoader(id: loaderID) { [weak self] in
      // Fetch after the rows the table holds, even if a page was dropped while away.
      guard let loaded = await self?.loadedRecordCount(loaderID: loaderID) else { return nil }
      return try await cursor.next(loaded: loaded)?.map(makeRow)
    }
    var table = Table(sections: [section])
    table.estimatedRowHeight = 1
    self.table = table
    reload()
    select(nil)
    select(first.isEmpty ? nil : IndexPath(row: 0, section: 0))
  }

  /// Rows of records loaded by the loader `loaderID`, or nil when it is no longer shown.
  func loadedRecordCount(loaderID: String) -> Int? {
    guard browsing?.loaderID == loaderID else { return nil }
    switch mode {
    case .records: return table.rowCount
    case .detail: return savedRecords?.table.rowCount
    case .tables: return nil
    }
  }

  /// Makes the row of a record with cells of `widths`; choosing it calls `open`.
  static func rowMaker(
    widths: [Int], open: @escaping @MainActor @Sendable (PageRecord) -> Void
  ) -> @Sendable (PageRecord) -> Row {
    { record in
      Row(
        ElementOf<RecordLine>(
          props: RecordLine.Props(cells: record.values.map(RecordLine.Cell.init), widths: widths)),
        separatorStyle: .none,
        didSelect: Action { open(record) })
    }
  }

  /// The sticky header of column names.
  static func header(_ names: [String], widths: [Int]) -> SectionHeader {
    SectionHeader(
      ElementOf<RecordLine>(
        props: RecordLine.Props(
          cells: names.map { RecordLine.Cell($0, kind: .header) }, widths: widths)),
      style: Style(foreground: .black, background: .cyan, attributes: .bold, monochrome: .reverse))
  }

  // MARK: One record

  /// Shows every column of `record`, its value in full.
  func showDetail(of record: PageRecord) {
    guard mode == .records, let browsing else { return }
    savedRecords = SavedRecords(table: table, selection: selection, topRow: topVisibleRow())
    mode = .detail
    let names = browsing.schema.columns
    let nameWidth = min(ColumnWidths.maximum, names.map { DisplayText.width(of: $0) }.max() ?? 0)
    let rows = zip(names, record.values).map { name, value in
      let padded =
        name + String(repeating: " ", count: max(0, nameWidth - DisplayText.width(of: name)))
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
        separatorStyle: .none)
    }
    let key = record.key.map { CellValue($0).cellText }.joined(separator: ", ")
    var table = Table(sections: [
      Section(
        header: SectionHeader(
          ElementOfLabel(
            props:
              "\(browsing.schema.name) · \(browsing.schema.keyColumns.joined(separator: ", ")) \(key)"
          )
          .styles { $0.numberOfLines = 1 },
          style: Style(
            foreground: .black, background: .cyan, attributes: .bold, monochrome: .reverse)),
        rows: rows)
    ])
    table.estimatedRowHeight = 1
    self.table = table
    reload()
    select(rows.isEmpty ? nil : IndexPath(row: 0, section: 0))
  }

  /// Goes back from a record to the records, as they were.
  func closeDetail() {
    guard let saved = savedRecords else { return }
    savedRecords = nil
    mode = .records
    table = saved.table
    reload()
    select(saved.selection)
    if let top = saved.topRow { scrollToRow(at: top, position: .top) }
  }

  /// The first row under the sticky header in the last frame.
  func topVisibleRow() -> IndexPath? {
    let headerLines = table.sections.first?.header == nil ? 0 : 1
    for line in scrollOffset + headerLines..<scrollOffset + headerLines + 2 {
      if case .row(let indexPath)? = layout.item(atLine: line) { return indexPath }
    }
    return nil
  }

  // MARK: Keys and status

  /// Esc (or ←) goes back: from a record to its table, from a table to the list of tables.
  public override func keyPressed(_ key: Key) -> Bool {
    guard key == .escape || key == .left else { return false }
    switch mode {
    case .detail:
      closeDetail()
      return true
    case .records where summaries != nil:
      showTables()
      return true
    default:
      return key == .left
    }
  }

  /// Whether a page is loading: the spinner row is at the end.
  public var isLoading: Bool {
    guard let section = layout.table.sections.last, let last = section.rows.last else {
      return false
    }
    return last.tag == Self.loadingRowTag
  }

  /// The table, the rows loaded and whether more are loading; or the keys of the screen.
  public override func statusText() -> String {
    switch mode {
    case .tables:
      let count = summaries?.count ?? 0
      return "\(count) table\(count == 1 ? "" : "s") — Enter opens, q quits"
    case .records:
      guard let browsing else { return "" }
      let loaded = table.rowCount
      var text = browsing.schema.name
      if let selection {
        text += " · row \(CellValue.grouped(layout.rowNumber(of: selection) + 1))"
      }
      text += " · \(CellValue.grouped(loaded))"
      if let total = browsing.rowCount { text += " of \(CellValue.grouped(total))" }
      text += " loaded"
      if isLoading { text += " · loading…" }
      return text
    case .detail:
      return "\(browsing?.schema.name ?? "") · record — Esc goes back"
    }
  }
}
