import GRDB
import GRDBSQLite
import TermElementsRecords
import TermElementsRecordsSQL

/// The SQL of a table's records in a ``SQLOrder``, through an optional filter: pages after
/// or before any position by keyset pagination, the position at an offset, counts and ranks.
///
/// The statements are TermElementsRecordsSQL's ``TermElementsRecordsSQL/SQLKeysetPlanner``'s,
/// in SQLite's dialect; this runs them. Pages follow `(column, key)`. The records after a
/// position `(v, k)` are read in segments, each one index seek when an index starts with the
/// column: those with `column = v AND key > k`, by key, then those with `column > v`, by
/// column and key. Ascending, NULLs come first, as in SQLite's `ORDER BY`, so the records
/// after `(NULL, k)` are those with `column IS NULL AND key > k`, then those with `column IS
/// NOT NULL`; before `(v, k)`, the NULLs come last. Descending flips every comparison and
/// `ORDER BY`. A page deep in the order thus costs what the first one does, even among many
/// equal values; with no index, each segment sorts the records that pass its conditions.
///
/// ```swift
/// let query = RecordQuery(schema: schema, limit: 200)
/// let first = try query.page(db, after: nil)
/// let second = try query.page(db, after: first.last?.position)
/// ```
///
/// A record's TEXT is cut to its first ``textLimit`` characters and its BLOBs to their size and
/// first bytes as they are read from SQLite's row, where SQLite keeps them, so that a page
/// never holds large values; the sort value and the key are read in full, since the next page
/// starts from them.
public struct RecordQuery: Equatable, Sendable {
  /// The table.
  public let schema: TableSchema
  /// The order, as asked for.
  public let order: SQLOrder
  /// The filter, trimmed, or `nil` for none.
  public let filter: String?
  /// The functions a filter may call beyond SQLite's allowed ones (``FilterExpression``).
  public let filterFunctions: Set<String>
  /// Records in a page.
  public let limit: Int
  /// The column ordered by, or `nil` when the order is the key's: an order by the key's first
  /// column is the key's order.
  public let sortColumn: String?

  /// Characters of a TEXT value kept in a ``SQLRecord``.
  public static let textLimit = 1_024

  /// The filter as read by the browser's grammar, or why it is refused; `nil` without a
  /// filter.
  let filterCondition: Result<SQLFilter, FilterError>?
  /// The statements.
  let planner: SQLKeysetPlanner<DatabaseValue>
  /// The columns of a position: the sort column, if any, then the key's.
  let positionColumns: String
  /// The columns of a record: each of the schema's, then the position's.
  let recordColumns: String

  /// Makes the query of pages of `limit` records of `schema` in `order`, through `filter`,
  /// which may call `filterFunctions` as well as SQLite's allowed functions: functions the app
  /// registered on the connection that change nothing.
  public init(
    schema: TableSchema, order: SQLOrder = .key, filter: String? = nil,
    filterFunctions: Set<String> = [], limit: Int
  ) {
    self.schema = schema
    self.order = order
    self.filter = FilterExpression.normalized(filter)
    self.filterFunctions = filterFunctions
    let filterCondition = self.filter.map { filter in
      Result { () throws(FilterError) in
        try FilterExpression.filter(
          filter, columns: FilterExpression.columns(of: schema), functions: filterFunctions)
      }
    }
    self.filterCondition = filterCondition
    self.limit = max(1, limit)
    let first = schema.keyColumns.first?.lowercased()
    let sortColumn = order.column.flatMap { $0.lowercased() == first ? nil : $0 }
    self.sortColumn = sortColumn
    let filter: SQLFilter? =
      switch filterCondition {
      case .success(let filter): filter
      default: nil
      }
    planner = schema.planner(
      sortColumn: sortColumn, descending: order.descending, filter: filter)
    positionColumns = ([planner.sortSQL].compactMap { $0 } + planner.keySQL).joined(
      separator: ", ")
    recordColumns = (schema.columns.map(planner.sql(of:)) + [positionColumns]).joined(
      separator: ", ")
  }

  // MARK: - Pages

  /// The page after `position` in the order, or the first page when it is `nil`; fewer than
  /// ``limit`` records at the end.
  public func page(_ db: Database, after position: SQLPosition?) throws -> [SQLRecord] {
    try checkFilter()
    return try fetchRecords(db, segments(from: position, forward: true))
  }

  /// The page after `position`, as ``page(_:after:)`` reads it but with every value whole: TEXT
  /// and BLOBs as long as they are, for an export.
  public func wholePage(_ db: Database, after position: SQLPosition?) throws -> [SQLRecord] {
    try checkFilter()
    return try fetchRecords(db, segments(from: position, forward: true), whole: true)
  }

  /// The page before `position`, or the last page when it is `nil`, in the order (the record
  /// just before `position` last); fewer than ``limit`` records at the start.
  public func page(_ db: Database, before position: SQLPosition?) throws -> [SQLRecord] {
    try checkFilter()
    return try fetchRecords(db, segments(from: position, forward: false)).reversed()
  }

  /// The record with key `key`, if it passes the filter.
  public func record(_ db: Database, key: [DatabaseValue]) throws -> SQLRecord? {
    try checkFilter()
    try checkKey(key)
    let statement = planner.record(recordColumns, key: key)
    let prepared = try db.cachedStatement(sql: statement.sql)
    let rows = try Row.fetchCursor(prepared, arguments: statement.arguments)
    return try rows.next() == nil ? nil : record(prepared)
  }

  // MARK: - Jumps, counts and ranks

  /// The position of the record after the first `offset` ones in the order, or `nil` past the
  /// end, found segment by segment with `LIMIT 1 OFFSET`, the offset past the NULLs (or the
  /// values) counted into what comes after them; pages then go on from it by keyset.
  public func position(_ db: Database, atOffset offset: Int) throws -> SQLPosition? {
    try checkFilter()
    var remaining = max(0, offset)
    for segment in planner.segments(from: nil, forward: true) {
      let statement = planner.page(segment, columns: positionColumns, limit: 1, offset: remaining)
      if let row = try Row.fetchOne(
        db.cachedStatement(sql: statement.sql), arguments: statement.arguments)
      {
        return position(from: row, at: 0)
      }
      remaining -= try fetchCount(db, planner.count(segment))
      guard remaining >= 0 else { return nil }
    }
    return nil
  }

  /// The position in this order of the record with key `key`, or `nil` if no record with that
  /// key passes the filter; it keeps a record in view when the order changes.
  public func position(_ db: Database, ofKey key: [DatabaseValue]) throws -> SQLPosition? {
    try checkFilter()
    try checkKey(key)
    let statement = planner.record(positionColumns, key: key)
    return try Row.fetchOne(db.cachedStatement(sql: statement.sql), arguments: statement.arguments)
      .map { position(from: $0, at: 0) }
  }

  /// The records that pass the filter.
  public func count(_ db: Database) throws -> Int {
    try checkFilter()
    return try fetchCount(db, planner.count())
  }

  /// The records before `position` in the order: the record at `position` is number
  /// `rank + 1`.
  public func rank(_ db: Database, of position: SQLPosition) throws -> Int {
    try checkFilter()
    return try fetchCount(db, planner.countBefore(keyset(position)))
  }

  // MARK: - Indexes

  /// Whether SQLite sorts every record that passes the filter to make a page, because no index
  /// gives the order: each page then costs a scan of the table, whose length the UI may want to
  /// announce.
  ///
  /// It asks SQLite: `EXPLAIN QUERY PLAN` of a page's query says `USE TEMP B-TREE FOR ORDER BY`.
  public func sortsWithoutIndex(_ db: Database) throws -> Bool {
    try checkFilter()
    // The segment after a position with a value, ordered by the column and the key:
    // `column > ?`, or `key > ?` in the key's order.
    let somewhere = SQLKeysetPosition(
      sortValue: sortColumn == nil ? nil : 0.databaseValue,
      key: Array(repeating: 0.databaseValue, count: planner.key.count))
    let segment = planner.segments(from: somewhere, forward: true).last {
      $0.part == .values || $0.part == .all
    }!
    let statement = planner.page(segment, columns: positionColumns, limit: limit)
    let plan = try Row.fetchAll(
      db, sql: "EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments)
    return plan.contains { ($0["detail"] as String?) == "USE TEMP B-TREE FOR ORDER BY" }
  }

  /// Whether `column` of `schema` is its key's first column or the first column of an index
  /// (not a partial one), so that an order by it need not sort the table.
  ///
  /// An index whose collation differs from the column's does not give the column's order; for
  /// the final word, ask ``sortsWithoutIndex(_:)``.
  public static func isIndexed(_ db: Database, column: String, in schema: TableSchema) throws
    -> Bool
  {
    if schema.keyColumns.first?.lowercased() == column.lowercased() { return true }
    return try Bool.fetchOne(
      db,
      sql: """
        SELECT EXISTS (
          SELECT 1 FROM pragma_index_list(?) AS list, pragma_index_info(list.name) AS info
          WHERE list.partial = 0 AND info.seqno = 0 AND info.name = ? COLLATE NOCASE)
        """, arguments: [schema.name, column]) ?? false
  }

  // MARK: - Running the planner's statements

  /// The segments that hold the records after `position` going `forward` in the order, or
  /// before it going back, nearest first; with no position, every record from the first, or
  /// from the last going back.
  func segments(from position: SQLPosition?, forward: Bool) throws
    -> [SQLKeysetSegment<DatabaseValue>]
  {
    planner.segments(from: try position.map(keyset), forward: forward)
  }

  /// The planner's position of `position`, a NULL sort value as `nil`.
  ///
  /// - Throws: ``RecordQueryError`` when the position belongs to another order, or its key
  ///   does not fit the table's.
  func keyset(_ position: SQLPosition) throws -> SQLKeysetPosition<DatabaseValue> {
    try checkKey(position.key)
    guard (position.sortValue == nil) == (sortColumn == nil) else {
      throw RecordQueryError.positionOfAnotherOrder
    }
    return SQLKeysetPosition(
      sortValue: position.sortValue.flatMap { $0.isNull ? nil : $0 }, key: position.key)
  }

  /// The records after `position` in the order, or before it, as one condition that holds
  /// across NULL and other sort values.
  ///
  /// It serves scans that read the whole table anyway; pages use
  /// ``segments(from:forward:)``, whose conditions an index can serve.
  func condition(beyond position: SQLPosition, after: Bool) throws
    -> SQLFragment<DatabaseValue>
  {
    planner.beyond(try keyset(position), forward: after)
  }

  /// The number the one row of `statement` holds.
  func fetchCount(_ db: Database, _ statement: SQLStatement<DatabaseValue>) throws -> Int {
    try Int.fetchOne(db.cachedStatement(sql: statement.sql), arguments: statement.arguments) ?? 0
  }

  /// Up to ``limit`` records of `segments`, nearest first; their values `whole`, or cut.
  func fetchRecords(
    _ db: Database, _ segments: [SQLKeysetSegment<DatabaseValue>], whole: Bool = false
  ) throws -> [SQLRecord] {
    var records: [SQLRecord] = []
    records.reserveCapacity(limit)
    for segment in segments where records.count < limit {
      let statement = planner.page(segment, columns: recordColumns, limit: limit - records.count)
      // The statement's row is read in place, through SQLite's C interface: a GRDB `Row`
      // would copy each value, large ones whole, before the record cuts them.
      let prepared = try db.cachedStatement(sql: statement.sql)
      let rows = try Row.fetchCursor(prepared, arguments: statement.arguments)
      while try rows.next() != nil { records.append(record(prepared, whole: whole)) }
    }
    return records
  }

  /// The record of the current row of `statement`, a statement of ``recordColumns``: its
  /// values `whole`, or cut as pages keep them.
  func record(_ statement: Statement, whole: Bool = false) -> SQLRecord {
    let row = statement.sqliteStatement
    let count = schema.columns.count
    var values: [CellValue] = []
    values.reserveCapacity(count)
    for index in 0..<Int32(count) {
      values.append(whole ? Self.wholeCellValue(row, index) : Self.cellValue(row, index))
    }
    let keyStart = Int32(count + (sortColumn == nil ? 0 : 1))
    return SQLRecord(
      values: values,
      key: (keyStart..<keyStart + Int32(planner.key.count)).map {
        DatabaseValue(sqliteStatement: row, index: $0)
      },
      sortValue: sortColumn == nil
        ? nil : DatabaseValue(sqliteStatement: row, index: Int32(count)))
  }

  /// Column `index` of the current row of `row` as a cell: TEXT cut to its first
  /// ``textLimit`` characters, a BLOB to its size and first bytes.
  ///
  /// Characters are counted, and the text ends at a NUL, as SQLite's `substr` counts them and
  /// GRDB reads TEXT (up to a NUL); an empty BLOB is a BLOB of size 0, not NULL.
  static func cellValue(_ row: SQLiteStatement, _ index: Int32) -> CellValue {
    switch sqlite3_column_type(row, index) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(row, index))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(row, index))
    case SQLITE_TEXT:
      guard let bytes = sqlite3_column_text(row, index) else { return .text("") }
      let count = Int(sqlite3_column_bytes(row, index))
      var end = 0
      var characters = 0
      while end < count && bytes[end] != 0 && characters < textLimit {
        // A lead byte and the continuation bytes after it are one character.
        let lead = bytes[end]
        end += 1
        if lead >= 0xC0 {
          while end < count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        }
        characters += 1
      }
      return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: end), as: UTF8.self))
    case SQLITE_BLOB:
      let bytes = sqlite3_column_blob(row, index)
      let size = Int(sqlite3_column_bytes(row, index))
      guard let bytes else { return .blob(size: 0, prefix: []) }
      let prefix = UnsafeRawBufferPointer(
        start: bytes, count: min(size, CellValue.blobPrefixLength))
      return .blob(size: size, prefix: Array(prefix))
    default:
      return .null
    }
  }

  /// Column `index` of the current row of `row` as a cell, whole: TEXT up to a NUL, as GRDB
  /// reads it and ``cellValue(_:_:)`` counts it, a BLOB's every byte.
  static func wholeCellValue(_ row: SQLiteStatement, _ index: Int32) -> CellValue {
    switch sqlite3_column_type(row, index) {
    case SQLITE_TEXT:
      guard let bytes = sqlite3_column_text(row, index) else { return .text("") }
      let count = Int(sqlite3_column_bytes(row, index))
      let buffer = UnsafeBufferPointer(start: bytes, count: count)
      let end = buffer.firstIndex(of: 0) ?? count
      return .text(String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self))
    case SQLITE_BLOB:
      let size = Int(sqlite3_column_bytes(row, index))
      guard let bytes = sqlite3_column_blob(row, index) else { return .blob(size: 0, prefix: []) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: size)))
    default:
      return cellValue(row, index)
    }
  }

  /// The position whose ``positionColumns`` start at `start` in `row`.
  func position(from row: Row, at start: Int) -> SQLPosition {
    let keyStart = sortColumn == nil ? start : start + 1
    return SQLPosition(
      sortValue: sortColumn == nil ? nil : row[start] as DatabaseValue,
      key: (keyStart..<keyStart + planner.key.count).map { row[$0] as DatabaseValue })
  }

  /// Throws when the filter is refused: no statement is made with it.
  func checkFilter() throws(FilterError) {
    if case .failure(let error) = filterCondition { throw error }
  }

  /// Throws when `key` does not fit the table's key.
  func checkKey(_ key: [DatabaseValue]) throws(RecordQueryError) {
    guard key.count == planner.key.count else {
      throw .wrongKeyLength(expected: planner.key.count, got: key.count)
    }
  }
}
