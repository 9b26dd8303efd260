import GRDB

/// The SQL of a table's records in a ``RecordOrder``, through an optional filter: pages after
/// or before any position by keyset pagination, the position at an offset, counts and ranks.
///
/// Pages follow `(column, key)`: a page after a record is `WHERE (column, key) > (value, key)
/// ORDER BY column, key LIMIT n`, so a page deep in the order costs what the first one does when
/// an index starts with the column. Row values skip NULLs, so the records are read in two runs:
/// those whose value is NULL (`WHERE column IS NULL`, by key) and the others; ascending, NULLs
/// come first, as in SQLite's `ORDER BY`. Each run's query can use an index on the column.
///
/// A record's TEXT is cut to its first ``textLimit`` characters and its BLOBs to their size and
/// first bytes by the query itself, so that a page never holds large values; the sort value and
/// the key are read in full, since the next page starts from them.
public struct RecordQuery: Equatable, Sendable {
  /// The table.
  public let schema: TableSchema
  /// The order, as asked for.
  public let order: RecordOrder
  /// The filter, trimmed, or `nil` for none.
  public let filter: String?
  /// Records in a page.
  public let limit: Int
  /// The column ordered by, or `nil` when the order is the key's: an order by the key's first
  /// column is the key's order.
  public let sortColumn: String?

  /// Characters of a TEXT value kept in a ``PageRecord``.
  public static let textLimit = 1_024

  /// Makes the query of pages of `limit` records of `schema` in `order`, through `filter`.
  public init(schema: TableSchema, order: RecordOrder = .key, filter: String? = nil, limit: Int) {
    self.schema = schema
    self.order = order
    self.filter = FilterExpression.normalized(filter)
    self.limit = max(1, limit)
    let first = schema.keyColumns.first?.lowercased()
    sortColumn = order.column.flatMap { $0.lowercased() == first ? nil : $0 }
  }

  // MARK: - Pages

  /// The page after `position` in the order, or the first page when it is `nil`; fewer than
  /// ``limit`` records at the end.
  public func page(_ db: Database, after position: RecordPosition?) throws -> [PageRecord] {
    try checkFilter()
    var (index, tuple) = try start(of: position, forward: true)
    var records: [PageRecord] = []
    while records.count < limit && index < runs.count {
      records += try fetchRecords(
        db, runs[index], after: tuple, forward: true, limit: limit - records.count)
      index += 1
      tuple = nil
    }
    return records
  }

  /// The page before `position`, or the last page when it is `nil`, in the order (the record
  /// just before `position` last); fewer than ``limit`` records at the start.
  public func page(_ db: Database, before position: RecordPosition?) throws -> [PageRecord] {
    try checkFilter()
    var (index, tuple) = try start(of: position, forward: false)
    var records: [PageRecord] = []
    while records.count < limit && index >= 0 {
      records += try fetchRecords(
        db, runs[index], after: tuple, forward: false, limit: limit - records.count)
      index -= 1
      tuple = nil
    }
    return records.reversed()
  }

  /// The record with key `key`, if it passes the filter.
  public func record(_ db: Database, key: [DatabaseValue]) throws -> PageRecord? {
    try checkFilter()
    try checkKey(key)
    let (sql, arguments) = select(recordColumns, where: [(keyEquals, key)], orderBy: nil)
    return try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments).map(record)
  }

  // MARK: - Jumps, counts and ranks

  /// The position of the record after the first `offset` ones in the order, found once with
  /// `LIMIT 1 OFFSET`, or `nil` past the end; pages then go on from it by keyset.
  public func position(_ db: Database, atOffset offset: Int) throws -> RecordPosition? {
    try checkFilter()
    let (sql, arguments) = select(
      positionColumns, where: [], orderBy: orderTerms(ascending: !order.descending))
    return try Row.fetchOne(
      db.cachedStatement(sql: sql + " LIMIT 1 OFFSET ?"), arguments: arguments + [max(0, offset)]
    ).map { position(from: $0, at: 0) }
  }

  /// The position in this order of the record with key `key`, or `nil` if no record with that
  /// key passes the filter; it keeps a record in view when the order changes.
  public func position(_ db: Database, ofKey key: [DatabaseValue]) throws -> RecordPosition? {
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
  public func rank(_ db: Database, of position: RecordPosition) throws -> Int {
    try checkFilter()
    let (index, tuple) = try start(of: position, forward: false)
    var rank = 0
    for (number, run) in runs.enumerated() where number <= index {
      let (sql, arguments) = runSelect(
        "count(*)", run, after: number == index ? tuple : nil, forward: false, ordered: false)
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
    let run = runs.first { $0 != .nullSortValues } ?? .all
    let tuple = [DatabaseValue](repeating: .null, count: terms(of: run).count)
    let (sql, arguments) = runSelect(
      positionColumns, run, after: tuple, forward: true, ordered: true, limit: limit)
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

  // MARK: - Runs of the order

  /// A part of the order where one row-value comparison finds the records after a position.
  enum Run: Equatable, Sendable {
    /// Every record, in key order: the order is the key's.
    case all
    /// The records whose sort value is NULL, in key order.
    case nullSortValues
    /// The records whose sort value is not NULL, by sort value then key.
    case sortValues
  }

  /// The runs, in the order's direction.
  var runs: [Run] {
    guard sortColumn != nil else { return [.all] }
    return order.descending ? [.sortValues, .nullSortValues] : [.nullSortValues, .sortValues]
  }

  /// The quoted columns that order `run`.
  func terms(of run: Run) -> [String] {
    switch run {
    case .all, .nullSortValues: keyTerms
    case .sortValues: [sortTerm].compactMap { $0 } + keyTerms
    }
  }

  /// The condition that keeps `run`'s records, if any.
  func condition(of run: Run) -> String? {
    guard let sortTerm else { return nil }
    switch run {
    case .all: return nil
    case .nullSortValues: return "\(sortTerm) IS NULL"
    case .sortValues: return "\(sortTerm) IS NOT NULL"
    }
  }

  /// The run holding `position` and its values in that run's terms; with no position, the
  /// first run going forward, the last going back.
  func start(of position: RecordPosition?, forward: Bool) throws -> (
    index: Int, tuple: [DatabaseValue]?
  ) {
    guard let position else { return (forward ? 0 : runs.count - 1, nil) }
    try checkKey(position.key)
    guard (position.sortValue == nil) == (sortColumn == nil) else {
      throw RecordQueryError.positionOfAnotherOrder
    }
    guard let value = position.sortValue else { return (0, position.key) }
    let run: Run = value.isNull ? .nullSortValues : .sortValues
    let index = runs.firstIndex(of: run) ?? 0
    return (index, run == .sortValues ? [value] + position.key : position.key)
  }

  // MARK: - SQL

  /// The quoted table name.
  var table: String { schema.name.quotedDatabaseIdentifier }
  /// The quoted key columns.
  var keyTerms: [String] { schema.keyColumns.map(\.quotedDatabaseIdentifier) }
  /// The quoted sort column, if any.
  var sortTerm: String? { sortColumn?.quotedDatabaseIdentifier }

  /// The columns of a position: the sort column, if any, then the key's.
  var positionColumns: String { ([sortTerm].compactMap { $0 } + keyTerms).joined(separator: ", ") }

  /// The columns of a record: each shown column with TEXT cut to ``textLimit`` characters and
  /// BLOBs to their first bytes, then each BLOB's size (NULL for other values), then the
  /// position's columns in full.
  var recordColumns: String {
    let columns = schema.columns.map(\.quotedDatabaseIdentifier)
    let shown = columns.map { column in
      "CASE typeof(\(column)) WHEN 'text' THEN substr(\(column), 1, \(Self.textLimit))"
        + " WHEN 'blob' THEN substr(\(column), 1, \(CellValue.blobPrefixLength))"
        + " ELSE \(column) END"
    }
    let sizes = columns.map { "CASE typeof(\($0)) WHEN 'blob' THEN length(\($0)) END" }
    return (shown + sizes + [positionColumns]).joined(separator: ", ")
  }

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

  /// `SELECT columns FROM table WHERE conditions AND filter ORDER BY orderBy`.
  func select(
    _ columns: String, where conditions: [(String, [DatabaseValue])], orderBy: String?
  ) -> (String, StatementArguments) {
    var clauses = conditions.map(\.0)
    if let filter { clauses.append(FilterExpression.condition(filter)) }
    var sql = "SELECT \(columns) FROM \(table)"
    if !clauses.isEmpty { sql += " WHERE " + clauses.joined(separator: " AND ") }
    if let orderBy { sql += " ORDER BY " + orderBy }
    return (sql, StatementArguments(conditions.flatMap(\.1)))
  }

  /// The records of `run` after `tuple` going `forward` in the order (before it going back),
  /// up to `through` when given, with the `extra` conditions, nearest first, with `LIMIT` and
  /// `OFFSET` arguments when `limit` is given.
  func runSelect(
    _ columns: String, _ run: Run, after tuple: [DatabaseValue]?,
    through end: [DatabaseValue]? = nil, forward: Bool, extra: [(String, [DatabaseValue])] = [],
    ordered: Bool, limit: Int? = nil, offset: Int = 0
  ) -> (String, StatementArguments) {
    let ascending = forward != order.descending
    let terms = terms(of: run)
    var conditions: [(String, [DatabaseValue])] = []
    if let condition = condition(of: run) { conditions.append((condition, [])) }
    if let tuple { conditions.append((comparison(terms, ascending ? ">" : "<"), tuple)) }
    if let end { conditions.append((comparison(terms, ascending ? "<=" : ">="), end)) }
    conditions += extra
    let orderBy = terms.map { $0 + (ascending ? "" : " DESC") }.joined(separator: ", ")
    var (sql, arguments) = select(columns, where: conditions, orderBy: ordered ? orderBy : nil)
    if let limit {
      sql += " LIMIT ? OFFSET ?"
      arguments += [limit, offset]
    }
    return (sql, arguments)
  }

  /// Up to `limit` records of `run` after `tuple`, nearest first.
  func fetchRecords(
    _ db: Database, _ run: Run, after tuple: [DatabaseValue]?,
    through end: [DatabaseValue]? = nil, forward: Bool,
    extra: [(String, [DatabaseValue])] = [], limit: Int
  ) throws -> [PageRecord] {
    let (sql, arguments) = runSelect(
      recordColumns, run, after: tuple, through: end, forward: forward, extra: extra,
      ordered: true, limit: limit)
    var records: [PageRecord] = []
    records.reserveCapacity(limit)
    let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
    while let row = try rows.next() { records.append(record(row)) }
    return records
  }

  /// The record of a row of ``recordColumns``.
  func record(_ row: Row) -> PageRecord {
    let count = schema.columns.count
    var values: [CellValue] = []
    values.reserveCapacity(count)
    for index in 0..<count {
      let value: DatabaseValue = row[index]
      if case .blob(let prefix) = value.storage, let size = row[count + index] as Int? {
        values.append(.blob(size: size, prefix: Array(prefix)))
      } else {
        values.append(CellValue(value))
      }
    }
    let position = position(from: row, at: 2 * count)
    return PageRecord(values: values, key: position.key, sortValue: position.sortValue)
  }

  /// The position whose ``positionColumns`` start at `start` in `row`.
  func position(from row: Row, at start: Int) -> RecordPosition {
    let keyStart = sortColumn == nil ? start : start + 1
    return RecordPosition(
      sortValue: sortColumn == nil ? nil : row[start] as DatabaseValue,
      key: (keyStart..<keyStart + keyTerms.count).map { row[$0] as DatabaseValue })
  }

  /// The position `position` relative to which records are kept: `after` it in the order or
  /// before it, as one condition that holds across NULL and other sort values.
  ///
  /// After `(v, k)`, ascending: `(column, key) > (v, k)`, which no NULL value passes, since NULLs
  /// come first; after `(NULL, k)`: `(column IS NULL AND key > k) OR column IS NOT NULL`.
  /// Descending flips both, and so does before. It serves scans that read the whole table
  /// anyway; pages use ``runs``, whose conditions an index can serve.
  func relation(to position: RecordPosition, after: Bool) throws -> (String, [DatabaseValue]) {
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

  /// Throws when the filter is not one expression.
  func checkFilter() throws(FilterError) {
    if let filter, let problem = FilterExpression.structureProblem(filter) {
      throw FilterError(message: problem)
    }
  }

  /// Throws when `key` does not fit the table's key.
  func checkKey(_ key: [DatabaseValue]) throws(RecordQueryError) {
    guard key.count == keyTerms.count else {
      throw .wrongKeyLength(expected: keyTerms.count, got: key.count)
    }
  }
}
