import GRDB
import Synchronization

/// One record of a page: its values in column order, its key, and, in a ``RecordQuery``
/// ordered by a column, its value in that column.
public struct PageRecord: Equatable, Sendable {
  /// The values, one per column of the schema.
  public let values: [CellValue]
  /// The key's values, in key order.
  public let key: [DatabaseValue]
  /// The record's value in the column of the order, in full; `nil` in key order.
  public let sortValue: DatabaseValue?

  /// Makes a record.
  public init(values: [CellValue], key: [DatabaseValue], sortValue: DatabaseValue? = nil) {
    self.values = values
    self.key = key
    self.sortValue = sortValue
  }

  /// Where the record stands in its order, to page or search on from it.
  public var position: RecordPosition { RecordPosition(sortValue: sortValue, key: key) }
}

/// The SQL of keyset pagination on a table: `WHERE key > last ORDER BY key LIMIT n`, so that
/// a page deep in the table costs what the first one does.
///
/// ```swift
/// let query = KeysetQuery(schema: schema, limit: 200)
/// let first = try query.fetch(db, after: nil)
/// let second = try query.fetch(db, after: first.last?.key)
/// ```
public struct KeysetQuery: Equatable, Sendable {
  /// The table.
  public let schema: TableSchema
  /// Rows in a page.
  public let limit: Int

  /// Makes the query for pages of `limit` rows.
  public init(schema: TableSchema, limit: Int) {
    self.schema = schema
    self.limit = max(1, limit)
  }

  /// The SQL of the first page (`continuing` false) or of a page after a key (true), whose
  /// arguments are the key's values then the limit.
  public func sql(continuing: Bool) -> String {
    let table = schema.name.quotedDatabaseIdentifier
    let keys = schema.keyColumns.map(\.quotedDatabaseIdentifier)
    let select =
      switch schema.key {
      case .rowid(alias: nil): "SELECT rowid, * FROM \(table)"
      default: "SELECT * FROM \(table)"
      }
    let order = " ORDER BY \(keys.joined(separator: ", ")) LIMIT ?"
    guard continuing else { return select + order }
    let condition =
      keys.count == 1
      ? "\(keys[0]) > ?"
      : "(\(keys.joined(separator: ", "))) > (\(keys.map { _ in "?" }.joined(separator: ", ")))"
    return select + " WHERE " + condition + order
  }

  /// The page after the record with key `key`, or the first page when `key` is nil.
  public func fetch(_ db: Database, after key: [DatabaseValue]?) throws -> [PageRecord] {
    let statement = try db.cachedStatement(sql: sql(continuing: key != nil))
    var arguments = StatementArguments(key ?? [])
    arguments += [limit]
    let keyIndexes = schema.keyIndexes
    var records: [PageRecord] = []
    records.reserveCapacity(limit)
    let rows = try GRDB.Row.fetchCursor(statement, arguments: arguments)
    while let row = try rows.next() {
      let values = Array(row.databaseValues)
      records.append(
        PageRecord(values: values.map(CellValue.init), key: keyIndexes.map { values[$0] }))
    }
    return records
  }
}

/// Where paging stands: the last key of each page handed out, by the number of rows loaded
/// after it, so that a page is always fetched after the rows the table really holds.
///
/// It is `Sendable` (its state is behind a `Mutex`), so a ``TermElements/TailLoader`` closure
/// can capture it.
public final class PageCursor: Sendable {
  /// The database read.
  public let queue: DatabaseQueue
  /// The query of each page.
  public let query: KeysetQuery

  /// What the cursor has handed out.
  private struct State {
    /// The last key of the rows loaded, by how many rows were loaded.
    var lastKeys: [Int: [DatabaseValue]] = [:]
    /// The row count at which the end of the table was seen, if it was.
    var endAt: Int?
  }

  /// The state, shared between loads.
  private let state = Mutex(State())

  /// Makes a cursor at the start of the table.
  public init(queue: DatabaseQueue, query: KeysetQuery) {
    self.queue = queue
    self.query = query
  }

  /// The key to fetch after when `loaded` rows are loaded: `nil` for the first page, `.some(nil)`
  /// at the end of the table.
  private func start(loaded: Int) throws -> [DatabaseValue]?? {
    try state.withLock { state in
      if state.endAt == loaded { return .some(nil) }
      if loaded == 0 { return .none }
      guard let key = state.lastKeys[loaded] else { throw PagingError.unknownPosition(loaded) }
      return .some(key)
    }
  }

  /// Records a page fetched after `loaded` rows.
  private func note(_ records: [PageRecord], loaded: Int) {
    state.withLock { state in
      if let last = records.last { state.lastKeys[loaded + records.count] = last.key }
      if records.count < query.limit { state.endAt = loaded + records.count }
    }
  }

  /// The page after the first `loaded` rows, or `nil` at the end of the table.
  public func next(loaded: Int) async throws -> [PageRecord]? {
    let after: [DatabaseValue]?
    switch try start(loaded: loaded) {
    case .some(nil): return nil
    case .some(let key?): after = key
    case .none: after = nil
    }
    let query = query
    let records = try await queue.read { db in try query.fetch(db, after: after) }
    note(records, loaded: loaded)
    return records.isEmpty ? nil : records
  }

  /// The page after the first `loaded` rows, fetched on this thread, or `nil` at the end.
  public func nextNow(loaded: Int) throws -> [PageRecord]? {
    let after: [DatabaseValue]?
    switch try start(loaded: loaded) {
    case .some(nil): return nil
    case .some(let key?): after = key
    case .none: after = nil
    }
    let records = try queue.read { db in try query.fetch(db, after: after) }
    note(records, loaded: loaded)
    return records.isEmpty ? nil : records
  }
}

/// A paging request that does not follow a page the cursor handed out.
public enum PagingError: Error, CustomStringConvertible {
  /// No page ended after this many rows.
  case unknownPosition(Int)

  /// What went wrong.
  public var description: String {
    switch self {
    case .unknownPosition(let rows): "no page ended after \(rows) rows"
    }
  }
}
