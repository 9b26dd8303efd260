import GRDB
import GRDBSQLite
import TermElementsRecords

/// The SQL of a table's records in a ``SQLOrder``, through an optional filter: pages after
/// or before any position by keyset pagination, the position at an offset, counts and ranks.
///
/// Pages follow `(column, key)`. The records after a position `(v, k)` are read in pieces, each
/// one index seek when an index starts with the column: those with `column = v AND key > k`, by
/// key, then those with `column > v`, by column and key. Ascending, NULLs come first, as in
/// SQLite's `ORDER BY`, so the records after `(NULL, k)` are those with `column IS NULL AND key >
/// k`, then those with `column IS NOT NULL`; before `(v, k)`, the NULLs come last. Descending
/// flips every comparison and `ORDER BY`. A page deep in the order thus costs what the first
/// one does, even among many equal values; with no index, each piece sorts the records that
/// pass its conditions.
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
/// starts from them. The SQL of a page is made once, when the query is.
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

  /// The SQL written from the filter, or why it is refused; `nil` without a filter.
  let filterCondition: Result<String, FilterError>?
  /// The quoted table name.
  let table: String
  /// The quoted key columns.
  let keyTerms: [String]
  /// The quoted sort column, if any.
  let sortTerm: String?
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
    filterCondition = self.filter.map { filter in
      Result { () throws(FilterError) in
        try FilterExpression.sql(
          filter, columns: FilterExpression.columns(of: schema), functions: filterFunctions)
      }
    }
    self.limit = max(1, limit)
    let first = schema.keyColumns.first?.lowercased()
    sortColumn = order.column.flatMap { $0.lowercased() == first ? nil : $0 }
    table = schema.name.quotedSQLName
    keyTerms = schema.keyColumns.map(\.quotedSQLName)
    sortTerm = sortColumn?.quotedSQLName
    positionColumns = ([sortTerm].compactMap { $0 } + keyTerms).joined(separator: ", ")
    recordColumns = (schema.columns.map(\.quotedSQLName) + [positionColumns]).joined(
      separator: ", ")
  }

  // MARK: - Pages

  /// The page after `position` in the order, or the first page when it is `nil`; fewer than
  /// ``limit`` records at the end.
  public func page(_ db: Database, after position: SQLPosition?) throws -> [SQLRecord] {
    try checkFilter()
    return try fetchRecords(db, pieces(from: position, forward: true), limit: limit)
  }

  /// The page before `position`, or the last page when it is `nil`, in the order (the record
  /// just before `position` last); fewer than ``limit`` records at the start.
  public func page(_ db: Database, before position: SQLPosition?) throws -> [SQLRecord] {
    try checkFilter()
    return try fetchRecords(db, pieces(from: position, forward: false), limit: limit).reversed()
  }

  /// The record with key `key`, if it passes the filter.
  public func record(_ db: Database, key: [DatabaseValue]) throws -> SQLRecord? {
    try checkFilter()
    try checkKey(key)
    let (sql, arguments) = select(recordColumns, where: [(keyEquals, key)], orderBy: nil)
    let statement = try db.cachedStatement(sql: sql)
    let rows = try Row.fetchCursor(statement, arguments: arguments)
    return try rows.next() == nil ? nil : record(statement)
  }

  // MARK: - Jumps, counts and ranks

  /// The position of the record after the first `offset` ones in the order, found once with
  /// `LIMIT 1 OFFSET`, or `nil` past the end; pages then go on from it by keyset.
  public func position(_ db: Database, atOffset offset: Int) throws -> SQLPosition? {
    try checkFilter()
    let (sql, arguments) = select(
      positionColumns, where: [], orderBy: orderTerms(ascending: !order.descending))
    return try Row.fetchOne(
      db.cachedStatement(sql: sql + " LIMIT 1 OFFSET ?"), arguments: arguments + [max(0, offset)]
    ).map { position(from: $0, at: 0) }
  }

  /// The position in this order of the record with key `key`, or `nil` if no record with that
  /// key passes the filter; it keeps a record in view when the order changes.
  public func position(_ db: Database, ofKey key: [DatabaseValue]) throws -> SQLPosition? {
    try checkFilter()
    try checkKey(key)
    let (sql, arguments) = select(positionColumns, where: [(keyEquals, key)], orderBy: nil)
    return try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments).map {
      position(from: $0, at: 0)
    }
  }

  /// The records that pass the filter.
  public func count(_ db: Database) throws -> Int {
    try checkFilter()
    let (sql, arguments) = select("count(*)", where: [], orderBy: nil)
    return try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
  }

  /// The records before `position` in the order: the record at `position` is number
  /// `rank + 1`.
  public func rank(_ db: Database, of position: SQLPosition) throws -> Int {
    try checkFilter()
    var rank = 0
    for piece in try pieces(from: position, forward: false) {
      let (sql, arguments) = select("count(*)", piece, ordered: false)
      rank += try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
    }
    return rank
  }

  // MARK: - Indexes

  /// Whether SQLite sorts every record that passes the filter to make a page, because no index
  /// gives the order: each page then costs a scan of the table, whose length the UI may want to
  /// announce.
  ///
  /// It asks SQLite: `EXPLAIN QUERY PLAN` of a page's query says `USE TEMP B-TREE FOR ORDER BY`.
  public func sortsWithoutIndex(_ db: Database) throws -> Bool {
    try checkFilter()
    // The piece after a position with a value: `column > ?` ordered by column and key.
    let somewhere = SQLPosition(
      sortValue: sortColumn == nil ? nil : 0.databaseValue,
      key: Array(repeating: 0.databaseValue, count: keyTerms.count))
    let piece = try pieces(from: somewhere, forward: true).last!
    let (sql, arguments) = select(positionColumns, piece, ordered: true, limit: limit)
    let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
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

  // MARK: - Pieces of the order

  /// Records that one query reads in the order, nearest first: those that pass `conditions`,
  /// ordered by `terms`, ascending in SQLite's sense or not.
  struct Piece: Sendable {
    /// The conditions, with their arguments, ANDed with the filter.
    var conditions: [(String, [DatabaseValue])]
    /// The quoted columns it is ordered by.
    var terms: [String]
    /// Whether it goes to greater values in SQLite's order.
    var ascending: Bool
  }

  /// The pieces that hold the records after `position` going `forward` in the order, or before
  /// it going back, nearest first; with no position, every record from the first, or from the
  /// last going back.
  func pieces(from position: SQLPosition?, forward: Bool) throws -> [Piece] {
    let ascending = forward != order.descending
    let greater = ascending ? ">" : "<"
    if let position {
      try checkKey(position.key)
      guard (position.sortValue == nil) == (sortColumn == nil) else {
        throw RecordQueryError.positionOfAnotherOrder
      }
    }
    let key = position?.key
    guard let sortTerm else {
      return [
        Piece(
          conditions: key.map { [(comparison(keyTerms, greater), $0)] } ?? [],
          terms: keyTerms, ascending: ascending)
      ]
    }
    let byKey = { (conditions: [(String, [DatabaseValue])]) in
      Piece(conditions: conditions, terms: self.keyTerms, ascending: ascending)
    }
    let byValue = { (conditions: [(String, [DatabaseValue])]) in
      Piece(conditions: conditions, terms: [sortTerm] + self.keyTerms, ascending: ascending)
    }
    let isNull = ("\(sortTerm) IS NULL", [DatabaseValue]())
    let isNotNull = ("\(sortTerm) IS NOT NULL", [DatabaseValue]())
    guard let key, let value = position?.sortValue else {
      // From an end: NULLs first in SQLite's order, last going the other way.
      return ascending
        ? [byKey([isNull]), byValue([isNotNull])] : [byValue([isNotNull]), byKey([isNull])]
    }
    let keyAfter = (comparison(keyTerms, greater), key)
    if value.isNull {
      return ascending
        ? [byKey([isNull, keyAfter]), byValue([isNotNull])] : [byKey([isNull, keyAfter])]
    }
    // Comparisons with a value keep NULLs out; the column's collation decides equality.
    let equal = byKey([("\(sortTerm) = ?", [value]), keyAfter])
    let beyond = byValue([("\(sortTerm) \(greater) ?", [value])])
    return ascending ? [equal, beyond] : [equal, beyond, byKey([isNull])]
  }

  // MARK: - SQL

  /// The condition that the key equals some values.
  var keyEquals: String { comparison(keyTerms, "=") }

  /// `terms op values`, with row values when there are several terms.
  func comparison(_ terms: [String], _ op: String) -> String {
    terms.count == 1
      ? "\(terms[0]) \(op) ?"
      : "(\(terms.joined(separator: ", "))) \(op) (\(terms.map { _ in "?" }.joined(separator: ", ")))"
  }

  /// The order's terms, ascending in SQLite's sense or not.
  func orderTerms(ascending: Bool) -> String {
    ([sortTerm].compactMap { $0 } + keyTerms).map { $0 + (ascending ? "" : " DESC") }
      .joined(separator: ", ")
  }

  /// `SELECT columns FROM table WHERE conditions AND filter AND last ORDER BY orderBy`: SQLite
  /// tests the `last` conditions only on the records that pass the filter.
  func select(
    _ columns: String, where conditions: [(String, [DatabaseValue])], orderBy: String?,
    last: [(String, [DatabaseValue])] = []
  ) -> (String, StatementArguments) {
    var clauses = conditions.map(\.0)
    if case .success(let filter) = filterCondition { clauses.append("(" + filter + ")") }
    clauses += last.map(\.0)
    var sql = "SELECT \(columns) FROM \(table)"
    if !clauses.isEmpty { sql += " WHERE " + clauses.joined(separator: " AND ") }
    if let orderBy { sql += " ORDER BY " + orderBy }
    return (sql, StatementArguments((conditions + last).flatMap(\.1)))
  }

  /// `SELECT columns` of the records of `piece` with the `extra` conditions (and the `last`
  /// ones, after the filter), in its order when `ordered`, with `LIMIT` and `OFFSET` arguments
  /// when `limit` is given.
  func select(
    _ columns: String, _ piece: Piece, extra: [(String, [DatabaseValue])] = [],
    last: [(String, [DatabaseValue])] = [], ordered: Bool, limit: Int? = nil, offset: Int = 0
  ) -> (String, StatementArguments) {
    let orderBy = piece.terms.map { $0 + (piece.ascending ? "" : " DESC") }
      .joined(separator: ", ")
    var (sql, arguments) = select(
      columns, where: piece.conditions + extra, orderBy: ordered ? orderBy : nil, last: last)
    if let limit {
      sql += " LIMIT ? OFFSET ?"
      arguments += [limit, offset]
    }
    return (sql, arguments)
  }

  /// Up to `limit` records of `pieces`, nearest first.
  func fetchRecords(_ db: Database, _ pieces: [Piece], limit: Int) throws -> [SQLRecord] {
    var records: [SQLRecord] = []
    records.reserveCapacity(limit)
    for piece in pieces where records.count < limit {
      let (sql, arguments) = select(
        recordColumns, piece, ordered: true, limit: limit - records.count)
      // The statement's row is read in place, through SQLite's C interface: a GRDB `Row`
      // would copy each value, large ones whole, before the record cuts them.
      let statement = try db.cachedStatement(sql: sql)
      let rows = try Row.fetchCursor(statement, arguments: arguments)
      while try rows.next() != nil { records.append(record(statement)) }
    }
    return records
  }

  /// The record of the current row of `statement`, a statement of ``recordColumns``.
  func record(_ statement: Statement) -> SQLRecord {
    let row = statement.sqliteStatement
    let count = schema.columns.count
    var values: [CellValue] = []
    values.reserveCapacity(count)
    for index in 0..<Int32(count) {
      values.append(Self.cellValue(row, index))
    }
    let keyStart = Int32(count + (sortColumn == nil ? 0 : 1))
    return SQLRecord(
      values: values,
      key: (keyStart..<keyStart + Int32(keyTerms.count)).map {
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

  /// The position whose ``positionColumns`` start at `start` in `row`.
  func position(from row: Row, at start: Int) -> SQLPosition {
    let keyStart = sortColumn == nil ? start : start + 1
    return SQLPosition(
      sortValue: sortColumn == nil ? nil : row[start] as DatabaseValue,
      key: (keyStart..<keyStart + keyTerms.count).map { row[$0] as DatabaseValue })
  }

  /// The position `position` relative to which records are kept: `after` it in the order or
  /// before it, as one condition that holds across NULL and other sort values.
  ///
  /// After `(v, k)`, ascending: `(column, key) > (v, k)`, which no NULL value passes, since NULLs
  /// come first; after `(NULL, k)`: `(column IS NULL AND key > k) OR column IS NOT NULL`.
  /// Descending flips both, and so does before. It serves scans that read the whole table
  /// anyway; pages use ``pieces(from:forward:)``, whose conditions an index can serve.
  func relation(to position: SQLPosition, after: Bool) throws -> (String, [DatabaseValue]) {
    try checkKey(position.key)
    guard (position.sortValue == nil) == (sortColumn == nil) else {
      throw RecordQueryError.positionOfAnotherOrder
    }
    let greater = after != order.descending
    guard let sortTerm, let value = position.sortValue else {
      return (comparison(keyTerms, greater ? ">" : "<"), position.key)
    }
    let keys = comparison(keyTerms, greater ? ">" : "<")
    if value.isNull {
      return greater
        ? ("((\(sortTerm) IS NULL AND \(keys)) OR \(sortTerm) IS NOT NULL)", position.key)
        : ("(\(sortTerm) IS NULL AND \(keys))", position.key)
    }
    let both = comparison([sortTerm] + keyTerms, greater ? ">" : "<")
    return greater
      ? (both, [value] + position.key)
      : ("(\(sortTerm) IS NULL OR \(both))", [value] + position.key)
  }

  /// Throws when the filter is refused: no statement is made with it.
  func checkFilter() throws(FilterError) {
    if case .failure(let error) = filterCondition { throw error }
  }

  /// Throws when `key` does not fit the table's key.
  func checkKey(_ key: [DatabaseValue]) throws(RecordQueryError) {
    guard key.count == keyTerms.count else {
      throw .wrongKeyLength(expected: keyTerms.count, got: key.count)
    }
  }
}
