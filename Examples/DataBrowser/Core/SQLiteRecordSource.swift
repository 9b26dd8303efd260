import Foundation
import GRDB
import TermElementsRecords

/// A table of a SQLite database as a ``TermElementsRecords/RecordSource``: the records screens
/// of TermElementsRecords over ``RecordQuery``'s keyset pagination, read-only.
///
/// Views become queries: the order's column by name, the filter a SQL `WHERE` expression read
/// into the browser's grammar and written back (``FilterExpression``). Values come back typed: INTEGER, REAL,
/// TEXT and BLOB as the records module's integers, reals, text and BLOBs. Cancelling a request
/// interrupts its statement.
///
/// ```swift
/// let database = try BrowserDatabase.open(path: "shop.sqlite")
/// let orders = try SQLiteRecordSource(database: database, table: "orders")
/// ```
public struct SQLiteRecordSource: RecordJumping, RecordRanking, RecordSearching, RecordSorting,
  RecordFiltering, RecordLastPageReading, RecordWholePageReading
{
  /// The database.
  public let database: BrowserDatabase
  /// The table's columns and key.
  public let schema: TableSchema
  /// The table's name.
  public var name: String { schema.name }
  /// The columns, `rowid` first for a table with no alias for it.
  public let columns: [RecordColumn]
  /// The key's columns.
  public var keyColumns: [Int] { schema.keyIndexes }
  /// A SQL `WHERE` expression.
  public var filterLanguage: String { "SQL WHERE" }
  /// Records a search reads at a time, between which it can be cancelled and says how far it
  /// got.
  public var searchChunkSize = 20_000

  /// The source of table `name` of `database`.
  ///
  /// - Throws: ``BrowserError`` when there is no such table.
  public init(database: BrowserDatabase, table name: String) throws(BrowserError) {
    self.init(database: database, schema: try database.schema(of: name))
  }

  /// The source of the table `schema` describes.
  public init(database: BrowserDatabase, schema: TableSchema) {
    self.database = database
    self.schema = schema
    columns = schema.columns.map(RecordColumn.init)
  }

  /// The first page after `position`.
  public func page(
    after position: RecordPosition?, in view: RecordView, limit: Int
  )
    async throws -> [PageRecord]
  {
    let reader = try reader(view, limit: limit)
    return try await run { try await reader.page(after: position.map { Self.position($0) }) }
      .map { Self.record($0) }
  }

  /// The page after `position` with every value whole, TEXT and BLOBs as long as they are: for
  /// an export, one statement a page.
  public func wholePage(
    after position: RecordPosition?, in view: RecordView, limit: Int
  ) async throws -> [PageRecord] {
    let reader = try reader(view, limit: limit)
    return try await run { try await reader.wholePage(after: position.map { Self.position($0) }) }
      .map { Self.record($0) }
  }

  /// The page before `position`.
  public func page(
    before position: RecordPosition?, in view: RecordView, limit: Int
  )
    async throws -> [PageRecord]
  {
    let reader = try reader(view, limit: limit)
    return try await run { try await reader.page(before: position.map { Self.position($0) }) }
      .map { Self.record($0) }
  }

  /// The records that pass the filter, counted exactly.
  public func count(in view: RecordView) async throws -> RecordCount {
    let reader = try reader(view)
    return .exact(try await run { try await reader.count() })
  }

  /// The last page and the count, in one read: they agree however the table grows.
  public func lastPage(in view: RecordView, limit: Int) async throws -> (
    records: [PageRecord], count: RecordCount
  ) {
    let reader = try reader(view, limit: limit)
    let (page, count) = try await run { try await reader.lastPageAndCount() }
    return (records: page.map { Self.record($0) }, count: .exact(count))
  }

  /// The position after the first `offset` records, found with `OFFSET` once.
  public func position(atOffset offset: Int, in view: RecordView) async throws
    -> RecordPosition?
  {
    let reader = try reader(view)
    return try await run { try await reader.position(atOffset: offset) }.map { Self.position($0) }
  }

  /// The position of the record with `key`, if it passes the filter.
  public func position(ofKey key: RecordKey, in view: RecordView) async throws
    -> RecordPosition?
  {
    let reader = try reader(view)
    return try await run { try await reader.position(ofKey: key.values.map(\.databaseValue)) }
      .map { Self.position($0) }
  }

  /// The records before `position`.
  public func rank(of position: RecordPosition, in view: RecordView)
    async throws -> Int
  {
    let reader = try reader(view)
    return try await run { try await reader.rank(of: Self.position(position)) }
  }

  /// The next record from `start` whose values in `columns` contain `text`, searched in SQL a
  /// chunk at a time.
  public func search(
    _ text: SearchText, columns: Set<Int>?, from start: RecordPosition?, forward: Bool,
    in view: RecordView, progress: @escaping @Sendable (Int) -> Void
  ) async throws -> PageRecord? {
    let reader = try reader(view)
    return try await run {
      try await reader.search(
        text.text, columns: columns, from: start.map { Self.position($0) }, forward: forward,
        chunkSize: searchChunkSize, progress: progress)
    }.map { Self.record($0) }
  }

  /// The whole values of the record with `key`, BLOBs and long text included.
  public func wholeRecord(key: RecordKey) async throws -> [CellValue]? {
    let (schema, values) = (schema, key.values.map(\.databaseValue))
    return try await run {
      try await database.queue.read { db in try WholeRecord.fetch(db, schema: schema, key: values) }
    }?.map(CellValue.init)
  }

  /// Checks that `filter` is read by the browser's grammar and that SQLite accepts the SQL
  /// written from it.
  public func validate(filter: String) async throws {
    let reader = try reader(RecordView())
    try await run { try await reader.validate(filter: filter) }
  }

  /// Slow when no index starts with the column: each page then sorts the table.
  public func sortSupport(column: Int, in view: RecordView) async throws -> FeatureSupport {
    guard column < schema.columns.count else { return .unavailable("there is no such column") }
    let reader = try reader(view)
    let name = schema.columns[column]
    let indexed = try await run { try await reader.isIndexed(column: name) }
    return indexed ? .available : .slow("no index: each page reads the table")
  }

  // MARK: - Translation

  /// The reader of `view`'s records, `limit` a page.
  func reader(_ view: RecordView, limit: Int = 1) throws -> RecordReader {
    let column = try view.order.column.map { index in
      guard index >= 0, index < schema.columns.count else {
        throw RecordSourceError.failed("there is no column \(index + 1)")
      }
      return schema.columns[index]
    }
    let query = RecordQuery(
      schema: schema, order: SQLOrder(column: column, descending: view.order.descending),
      filter: view.filter, filterFunctions: database.filterFunctions, limit: limit)
    return RecordReader(queue: database.queue, query: query)
  }

  /// `body`, its statement interrupted when the task is cancelled, and SQLite's errors in the
  /// records module's words.
  func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await withTaskCancellationHandler {
        try await body()
      } onCancel: { [queue = database.queue] in
        queue.interrupt()
      }
    } catch let error as FilterError {
      throw RecordSourceError.badFilter(error.message)
    } catch let error as DatabaseError where error.isInterruptionError {
      throw CancellationError()
    } catch let error as DatabaseError {
      // SQLite's own words, without the statement the browser made around them.
      throw RecordSourceError.failed(error.message ?? "\(error.resultCode)")
    } catch let error as RecordQueryError {
      throw RecordSourceError.foreignPosition(error.description)
    }
  }

  /// The records module's record of a page's record.
  static func record(_ record: SQLRecord) -> PageRecord {
    PageRecord(
      values: record.values, key: RecordKey(record.key.map(CellValue.init)),
      sortValue: record.sortValue.map(CellValue.init))
  }

  /// The query's position of a records module's position.
  static func position(_ position: RecordPosition)
    -> SQLPosition
  {
    SQLPosition(
      sortValue: position.sortValue?.databaseValue, key: position.key.values.map(\.databaseValue))
  }

  /// The records module's position of a query's position.
  static func position(_ position: SQLPosition)
    -> RecordPosition
  {
    RecordPosition(
      sortValue: position.sortValue.map(CellValue.init),
      key: RecordKey(position.key.map(CellValue.init)))
  }
}

/// The tables of a SQLite database, with their row counts, as a catalog.
public struct SQLiteCatalog: RecordCatalog {
  /// The database.
  public let database: BrowserDatabase
  /// `Tables`.
  public var title: String { "Tables" }

  /// The catalog of `database`.
  public init(database: BrowserDatabase) {
    self.database = database
  }

  /// The tables and their exact row counts.
  public func sheets() async throws -> [SheetSummary] {
    try database.tables().map { SheetSummary(name: $0.name, count: .exact($0.rowCount)) }
  }

  /// The source of table `name`.
  public func source(named name: String) async throws -> any RecordSource {
    try SQLiteRecordSource(database: database, table: name)
  }
}
