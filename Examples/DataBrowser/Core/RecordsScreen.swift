import GRDB
import TermElements

/// A table's records under a sticky header of column names, loaded a page at a time in both
/// directions around wherever the user goes: the first record, the last (End), record N (`:`),
/// a match of a search (`/`), in any column's order (`s`), through a filter (`f`).
///
/// Paging is keyset-based on the order's column and the key, so a page deep in the table costs
/// what the first one does. At most ``loadedRecordLimit`` records are held; the rest are read
/// again when the user comes back. Enter shows a record, ← and → move between columns.
public final class RecordsScreen: TableModelController {
  /// One record the table holds, and its number in the order when known.
  struct HeldRecord {
    /// The record.
    let record: PageRecord
    /// Its number among the records shown, from 1, when known.
    var number: Int?
  }

  /// The table browsed.
  public let schema: TableSchema
  /// The database.
  let database: BrowserDatabase
  /// The records of the whole table, if known.
  let rowCount: Int?
  /// Records in a page.
  let pageSize: Int
  /// The records shown: their order, filter and pages.
  public internal(set) var query: RecordQuery
  /// The number of records shown, through the filter, when known.
  public internal(set) var total: Int?
  /// The natural width of each column, measured on the first page.
  var columnWidths: [Int] = []
  /// The digits after the point of each column of numbers.
  var decimals: [Int?] = []
  /// The key columns, where the columns are scrolled and the column under the cursor.
  public internal(set) var columns = ColumnState()
  /// The records the table holds, by the id of their rows.
  var held: [RowID: HeldRecord] = [:]
  /// The text searched for last, highlighted in the cells.
  public internal(set) var searchText: String?
  /// The line being typed at the bottom, if any.
  public internal(set) var prompt: PromptLine?
  /// What the status line says until the next key: a search not found, a bad filter.
  public internal(set) var message: String?
  /// A jump, search, sort or filter under way: what it does, and the task doing it.
  var work: (description: String, task: Task<Void, Never>)?
  /// Counts the work started, to tell the current work from work replaced.
  var workCount = 0
  /// Records a search has read so far.
  var scanned = 0
  /// The count of the records, when the screen was not told how many there are.
  var counting: Task<Void, Never>?
  /// Counts the sections made, to name their loaders apart: a page for a section replaced by
  /// a jump is dropped.
  var generation = 0

  /// Records a search reads at a time, between which it can be cancelled and says how far it
  /// got.
  public var searchChunkSize = 20_000

  /// The most records held at once: pages far from the screen are dropped beyond it.
  public var loadedRecordLimit: Int { max(10 * pageSize, 1_000) }

  /// Shows the records of `schema`: the first page now, the others as the user moves.
  init(database: BrowserDatabase, schema: TableSchema, rowCount: Int?, pageSize: Int) {
    self.schema = schema
    self.database = database
    self.rowCount = rowCount
    self.pageSize = pageSize
    let query = RecordQuery(schema: schema, limit: pageSize)
    self.query = query
    total = rowCount
    super.init(title: schema.name)
    // The first page is read now, to measure the columns; if it fails, the loader tries again
    // and shows the error.
    let reader = RecordReader(queue: database.queue, query: query)
    let first = (try? database.queue.read { db in try reader.query.page(db, after: nil) }) ?? []
    measureColumns(first)
    columns = Self.initialColumns(of: schema)
    var table = Table(sections: [section()])
    table.estimatedRowHeight = 1
    self.table = table
    // The first page starts the table: nothing comes before it. A page that could not be read
    // is left to the loaders, which try again and show the error.
    if !first.isEmpty {
      reset(
        section: 0, rows: hold(first, firstNumber: 1), selecting: 0, at: .top,
        reachesStart: true, reachesEnd: first.count < pageSize)
    }
    positionText = { [weak self] _, _ in self?.recordPosition() ?? "" }
    bindKeys()
    // Not told how many records there are, the screen counts them after its first frame: a
    // scan of the smallest index, a few milliseconds for a million rows; the position says `?`
    // meanwhile. A filter set since counts its own records.
    if rowCount == nil {
      counting = Task { @MainActor [weak self] in
        guard let count = try? await reader.count(), let self, self.query.filter == nil else {
          return
        }
        self.total = count
        self.setNeedsDisplay()
      }
    }
  }

  /// Keys go to the line being typed first; any key clears the last message.
  public override func keyPressed(_ key: Key) -> Bool {
    if prompt != nil {
      handlePromptKey(key)
      return true
    }
    if message != nil {
      message = nil
      setNeedsDisplay()
    }
    return super.keyPressed(key)
  }

  /// Brings a record line drawn before the columns last moved up to date.
  public override func willDisplay(row: TermElements.Row, at indexPath: IndexPath) {
    updateColumns(ifStale: row)
  }

  /// Measures the columns on `records`: the key column as wide as its largest value, which
  /// the rowid's B-tree gives at once.
  func measureColumns(_ records: [PageRecord]) {
    var minimums = Array(repeating: 0, count: schema.columns.count)
    if case .rowid = schema.key, let largest = try? database.largestRowID(of: schema.name) {
      minimums[schema.keyIndexes[0]] = String(largest).count
    }
    decimals = DecimalColumns.measure(records.map(\.values))
    columnWidths = ColumnWidths.measure(
      headers: schema.columns, records: records.map(\.values),
      minimums: minimums, maximum: ColumnWidths.naturalMaximum, decimals: decimals)
  }

  /// The section of records, empty, with the header and loaders of the current query.
  func section() -> Section {
    generation += 1
    let generation = generation
    var section = Section(header: makeHeader(), rows: [])
    section.headLoader = HeadLoader(id: "before-\(generation)") { @MainActor [weak self] first in
      try await self?.page(before: first, generation: generation)
    }
    section.tailLoader = TailLoader(id: "after-\(generation)") { @MainActor [weak self] last in
      try await self?.page(after: last, generation: generation)
    }
    section.loadedRowLimit = loadedRecordLimit
    return section
  }

  /// The id of the row of `record`: its key.
  func rowID(of record: PageRecord) -> RowID {
    if record.key.count == 1, case .int64(let number) = record.key[0].storage {
      return RowID(Int(number))
    }
    return RowID(record.key.map { CellValue($0).cellText }.joined(separator: "\u{1F}"))
  }

  /// The row of a record.
  func makeRow(_ record: PageRecord) -> TermElements.Row {
    let cells = record.values.enumerated().map { column, value in
      RecordLine.Cell(value, decimals: column < decimals.count ? decimals[column] : nil)
    }
    return Row(
      ElementOf<RecordLine>(
        props: RecordLine.Props(
          cells: cells, widths: columnWidths, columns: columns, highlight: searchText)),
      id: rowID(of: record), separatorStyle: .none,
      didSelect: Action { [weak self] in self?.showDetail(of: record) })
  }

  /// The sticky header of the records, the column of the order marked ▲ or ▼.
  func makeHeader() -> SectionHeader {
    let sorted = query.order.column?.lowercased()
    let mark = query.order.descending ? " ▼" : " ▲"
    let names = schema.columns.map { name in
      name.lowercased() == sorted ? name + mark : name
    }
    return Self.header(names, widths: columnWidths, columns: columns)
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

  /// The record of the selected row, if it is one.
  var selectedRecord: HeldRecord? {
    guard let selection, let id = row(at: selection).id else { return nil }
    return held[id]
  }

  /// Shows every column of `record` on a screen of its own.
  func showDetail(of record: PageRecord) {
    navigator?.push(DetailScreen(database: database, schema: schema, key: record.key))
  }

  /// The line typed, a search under way, a message, or the table, what is loaded and how it
  /// is ordered.
  public override func statusText() -> String {
    if let prompt { return prompt.statusText(width: frameSize.width) }
    if let work {
      let read = scanned > 0 ? " · \(CellValue.grouped(scanned)) read" : ""
      return "\(work.description)…\(read) — Esc cancels"
    }
    if let message { return message }
    var text = "\(schema.name) · \(CellValue.grouped(position.count)) loaded"
    if let column = query.order.column {
      text += " · by \(column) \(query.order.descending ? "▼" : "▲")"
    }
    if isFetchingPage { text += " · loading…" }
    return text
  }

  /// The selected record's number among those shown, and how many there are: `797/1,000,000`;
  /// `?` for what is not known yet, such as the number of a record a search found, until it is
  /// counted.
  func recordPosition() -> String {
    let total = self.total.map { CellValue.grouped($0) } ?? "?"
    guard let record = selectedRecord else { return "\(total) records" }
    return "\(record.number.map { CellValue.grouped($0) } ?? "?")/\(total)"
  }
}
