import GRDB
import TermElementsRecords

/// A ``RecordQuery`` run on a database queue, for the UI: each call is one read on the queue,
/// awaited from any actor.
///
/// Cancelling the task that awaits a call stops its statement at once (GRDB interrupts SQLite)
/// and throws `CancellationError`; so does ``interrupt()``. A page of an order no index gives
/// (``RecordQuery/sortsWithoutIndex(_:)``) sorts the whole table: cancel it when the user moves
/// on.
public struct RecordReader: Sendable {
  /// The database read.
  public let queue: DatabaseQueue
  /// The records read.
  public let query: RecordQuery

  /// Reads `query`'s records from `queue`.
  public init(queue: DatabaseQueue, query: RecordQuery) {
    self.queue = queue
    self.query = query
  }

  /// The page after `position`, or the first page when it is `nil`.
  public func page(after position: SQLPosition?) async throws -> [SQLRecord] {
    try await read { [query] db in try query.page(db, after: position) }
  }

  /// The page after `position` with every value whole, for an export.
  public func wholePage(after position: SQLPosition?) async throws -> [SQLRecord] {
    try await read { [query] db in try query.wholePage(db, after: position) }
  }

  /// The page before `position`, or the last page when it is `nil`, in the order.
  public func page(before position: SQLPosition?) async throws -> [SQLRecord] {
    try await read { [query] db in try query.page(db, before: position) }
  }

  /// The last page and the number of records, read together: they agree even while another
  /// connection writes to the table.
  public func lastPageAndCount() async throws -> (page: [SQLRecord], count: Int) {
    try await read { [query] db in (try query.page(db, before: nil), try query.count(db)) }
  }

  /// The record with key `key`, if it passes the filter.
  public func record(key: [DatabaseValue]) async throws -> SQLRecord? {
    try await read { [query] db in try query.record(db, key: key) }
  }

  /// The position of the record after the first `offset` ones, or `nil` past the end.
  public func position(atOffset offset: Int) async throws -> SQLPosition? {
    try await read { [query] db in try query.position(db, atOffset: offset) }
  }

  /// The position of the record with key `key` in this order, if it passes the filter.
  public func position(ofKey key: [DatabaseValue]) async throws -> SQLPosition? {
    try await read { [query] db in try query.position(db, ofKey: key) }
  }

  /// The records that pass the filter.
  public func count() async throws -> Int {
    try await read { [query] db in try query.count(db) }
  }

  /// The summary of column `name` through the filter (``RecordQuery/summary(_:column:sampleLimit:)``).
  public func summary(ofColumn name: String) async throws -> ColumnSummary {
    try await read { [query] db in try query.summary(db, column: name) }
  }

  /// The records before `position`: the record there is number `rank + 1`.
  public func rank(of position: SQLPosition) async throws -> Int {
    try await read { [query] db in try query.rank(db, of: position) }
  }

  /// Whether each page sorts the records, no index giving the order.
  public func sortsWithoutIndex() async throws -> Bool {
    try await read { [query] db in try query.sortsWithoutIndex(db) }
  }

  /// Whether `column` is the key's first column or the first column of an index.
  public func isIndexed(column: String) async throws -> Bool {
    try await read { [schema = query.schema] db in
      try RecordQuery.isIndexed(db, column: column, in: schema)
    }
  }

  /// Checks a filter typed by the user on this table.
  ///
  /// - Throws: ``FilterError`` with the browser's message, such as `there is no column “foo”`,
  ///   or SQLite's.
  public func validate(filter: String) async throws {
    try await read { [schema = query.schema, functions = query.filterFunctions] db in
      try FilterExpression.validate(db, filter: filter, schema: schema, functions: functions)
    }
  }

  /// The next record after `start` (the previous one, going back) whose TEXT or INTEGER values
  /// in `columns`, indexes in the schema (every column when `nil`), contain `text` (see
  /// ``SearchText``), or `nil` when none does up to the end of the order.
  ///
  /// It reads `chunkSize` records per read of the queue, so that other reads go on meanwhile,
  /// and calls `progress` with the records read so far after each, on the executor this
  /// nonisolated function runs on (not the main actor); cancelling the task stops it, between
  /// chunks or in the middle of one.
  public func search(
    _ text: String, columns: Set<Int>? = nil, from start: SQLPosition?, forward: Bool = true,
    chunkSize: Int = 20_000, progress: @Sendable (Int) -> Void = { _ in }
  ) async throws -> SQLRecord? {
    var search = RecordSearch(
      query: query, text: SearchText(text), columns: columns, from: start, forward: forward,
      chunkSize: chunkSize)
    while !search.isFinished {
      try Task.checkCancellation()
      let current = search
      search = try await read { db in
        var next = current
        try next.step(db)
        return next
      }
      progress(search.scanned)
    }
    return search.found
  }

  /// Stops the statement running on the queue, if any: the call awaiting it throws
  /// `CancellationError`. With no statement running, it does nothing.
  public func interrupt() {
    queue.interrupt()
  }

  /// `body` run on the queue, an interruption thrown as `CancellationError`.
  func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
    do {
      return try await queue.read(body)
    } catch let error as DatabaseError where error.isInterruptionError {
      throw CancellationError()
    }
  }
}
