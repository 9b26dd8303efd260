import TermElementsRecords
import TermElementsRecordsSQL

/// A table, view or other relation of a PostgreSQL database as a
/// ``TermElementsRecords/RecordSource``: the records screens over keyset pagination, read
/// through a ``PostgresLink`` whose every read the server keeps read-only.
///
/// A relation with a primary key (or a unique index on `NOT NULL` columns) pages by the key,
/// any types and any number of columns, in both directions; one with none by its rows'
/// addresses (`ctid`); a view or foreign table, which has neither, by offset in the order of
/// its whole rows' text, without sorting, filtering or searching.
///
/// ```swift
/// let link = PostgresLink(settings: try PostgresSettings(url))
/// let people = try await PostgresCatalog(link: link).source(named: "public.people")
/// ```
public struct PostgresRecordSource: RecordJumping, RecordRanking, RecordSearching,
  RecordSorting, RecordFiltering, RecordLastPageReading, RecordPresenting,
  RecordFeatureAvailability
{
  /// The connections.
  public let link: PostgresLink
  /// The relation.
  public let table: PostgresTable
  /// The relation's name, `schema.name`.
  public var name: String { table.shownName }
  /// The columns.
  public let columns: [RecordColumn]
  /// The key's columns.
  public var keyColumns: [Int] { table.keyColumns }
  /// What a relation with no key is paged by: `row address (no key)`.
  public var keyOrder: String? {
    table.paging.isKey ? nil : table.pagingDescription
  }
  /// A SQL `WHERE` expression, where the relation can be filtered (see
  /// ``availability(of:)``).
  public var filterLanguage: String { "SQL WHERE" }
  /// Records a search reads at a time, between which it says how far it got.
  public var searchChunkSize = 50_000
  /// The queries of the views read last.
  let queries = PostgresViewQueryCache()

  /// The source of `table`, read through `link`.
  public init(link: PostgresLink, table: PostgresTable) {
    self.link = link
    self.table = table
    self.columns = table.columns.map { RecordColumn($0.name) }
  }

  /// Sorting, filtering and searching need a key or address to go on from; a view's records
  /// are only numbered (and its values counted).
  public func availability(of feature: RecordFeature) -> FeatureSupport {
    guard table.paging == .offset, feature != .jump, feature != .valueCounts else {
      return .available
    }
    return .unavailable(
      "a \(table.kind.description) with no key pages by its place in the order of whole rows")
  }

  // MARK: - Pages

  /// The records after `position`.
  public func page(after position: RecordPosition?, in view: RecordView, limit: Int)
    async throws -> [PageRecord]
  {
    if table.paging == .offset {
      let start = try position.map { try Self.offset(of: $0) + 1 } ?? 0
      return try await link.read { try await offsetPage(from: start, limit: limit, $0) }
    }
    let query = try viewQuery(view)
    return try await link.read { session in
      try await page(query, from: position, forward: true, limit, session, isRead: true)
    }
  }

  /// The records before `position`, in order.
  public func page(before position: RecordPosition?, in view: RecordView, limit: Int)
    async throws -> [PageRecord]
  {
    if table.paging == .offset {
      return try await link.read { session in
        var end = try position.map { try Self.offset(of: $0) } ?? 0
        if position == nil { end = try await countAll(session) }
        let start = max(0, end - limit)
        return try await offsetPage(from: start, limit: end - start, session)
      }
    }
    let query = try viewQuery(view)
    return try await link.read { session in
      try await page(query, from: position, forward: false, limit, session, isRead: true)
        .reversed()
    }
  }

  /// How many records `view` holds, counted.
  public func count(in view: RecordView) async throws -> RecordCount {
    // A relation paged by offset has one view: all of it.
    let statement = try viewQuery(table.paging == .offset ? .all : view).count()
    return .exact(try await link.read { try await Self.number(statement, $0, last: true) })
  }

  /// The last page and the count, read in one snapshot so that they agree.
  public func lastPage(in view: RecordView, limit: Int) async throws -> (
    records: [PageRecord], count: RecordCount
  ) {
    if table.paging == .offset {
      return try await link.read { session in
        let count = try await countAll(session)
        let start = max(0, count - limit)
        return (try await offsetPage(from: start, limit: count - start, session), .exact(count))
      }
    }
    let query = try viewQuery(view)
    return try await link.read { session in
      let records = try await page(query, from: nil, forward: false, limit, session)
      return (records.reversed(), .exact(try await Self.number(query.count(), session)))
    }
  }

  /// The position after the first `offset` records, found with `OFFSET` on an index's order.
  public func position(atOffset offset: Int, in view: RecordView) async throws
    -> RecordPosition?
  {
    if table.paging == .offset {
      let count = try await link.read { try await countAll($0) }
      return offset < count ? Self.position(ofOffset: offset) : nil
    }
    let query = try viewQuery(view)
    return try await link.read { session in
      // Segment by segment, each in an order an index can give: the offset past the NULLs
      // (or the values) is counted into what comes after them.
      var remaining = offset
      for segment in query.segments(from: nil, forward: true) {
        let statement = query.position(in: segment, offset: remaining)
        if let found = try await session.rows(statement, reading: { query.position($0, from: 0) })
          .first
        {
          return found
        }
        remaining -= try await Self.number(query.count(segment), session)
        guard remaining >= 0 else { return nil }
      }
      return nil
    }
  }

  /// The position in `view` of the record with `key`, if `view` holds it.
  public func position(ofKey key: RecordKey, in view: RecordView) async throws
    -> RecordPosition?
  {
    if table.paging == .offset { return RecordPosition(sortValue: nil, key: key) }
    let query = try viewQuery(view)
    guard key.values.count == query.keyKinds.count else { return nil }
    let sortKind = query.sortColumn.map { table.columns[$0].kind }
    return try await link.read { session in
      try await session.rows(query.sortText(ofKey: key)) { row in
        RecordPosition(
          sortValue: sortKind.map { PostgresViewQuery.keyValue(row.bytes(0), kind: $0) },
          key: key)
      }.first
    }
  }

  /// How many records of `view` come before `position`.
  public func rank(of position: RecordPosition, in view: RecordView) async throws -> Int {
    if table.paging == .offset { return try Self.offset(of: position) }
    let statement = try viewQuery(view).rank(of: position)
    return try await link.read { try await Self.number(statement, $0) }
  }

  /// The whole values of the record with `key`: long text and `bytea` whole.
  public func wholeRecord(key: RecordKey) async throws -> [CellValue]? {
    let columns = table.columns
    if table.paging == .offset {
      let offset = try Self.offset(of: RecordPosition(sortValue: nil, key: key))
      let statement = PostgresStatement(
        try "SELECT " + PostgresViewQuery(table: table, view: .all).wholeSelectList
          + " FROM \(table.sqlName) ORDER BY \(wholeRow) OFFSET \(offset) LIMIT 1")
      return try await link.read { try await Self.wholeValues(statement, columns, $0) }
    }
    let statement = try viewQuery(.all).wholeRecord(key: key)
    return try await link.read { try await Self.wholeValues(statement, columns, $0) }
  }

  /// Reads `filter` into the browser's grammar (``PostgresFilter``), refusing it before any
  /// statement is sent, then has the server plan the SQL written from it.
  public func validate(filter: String) async throws {
    try require(.filter)
    let statement = try viewQuery(RecordView(filter: filter)).checkingFilter()
    do {
      _ = try await link.read { try await $0.rows(statement) }
    } catch let RecordSourceError.failed(message) {
      throw RecordSourceError.badFilter(message)
    }
  }

  /// Unavailable for a type with no order (`json`, `point`); slow with no index that starts
  /// with the column.
  public func sortSupport(column: Int, in view: RecordView) async throws -> FeatureSupport {
    try require(.sort)
    guard table.columns.indices.contains(column) else {
      return .unavailable("there is no such column")
    }
    let name = SQLDialect.postgreSQL.quoted(name: table.columns[column].name)
    let orderable = PostgresStatement(
      "EXPLAIN SELECT 1 FROM \(table.sqlName) ORDER BY \(name) LIMIT 1")
    do {
      _ = try await link.read { try await $0.rows(orderable) }
    } catch RecordSourceError.failed {
      return .unavailable("values of type \(table.columns[column].typeName) have no order")
    }
    var indexed = PostgresStatement(
      "SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid "
        + "AND a.attnum = i.indkey[0] WHERE i.indrelid = ")
    indexed.append(parameter: table.sqlName, type: "regclass")
    indexed.append(" AND a.attname = ")
    indexed.append(parameter: table.columns[column].name, type: "name")
    indexed.append(" AND i.indpred IS NULL AND i.indisvalid")
    let rows = try await link.read { try await $0.rows(indexed) }
    return rows.isEmpty ? .slow("no index: each page sorts the table") : .available
  }

  // MARK: - Reading

  /// The queries of `view`.
  func viewQuery(_ view: RecordView) throws -> PostgresViewQuery {
    if let column = view.order.column, !table.columns.indices.contains(column) {
      throw RecordSourceError.failed("there is no column \(column + 1)")
    }
    if view.filter != nil { try require(.filter) }
    if view.order.column != nil { try require(.sort) }
    return try queries.query(of: view) { () throws(RecordSourceError) in
      try PostgresViewQuery(table: table, view: view)
    }
  }

  /// At most `limit` records from `position` on, forward in the view's order or back, read
  /// segment by segment. When the page is the whole read (`isRead`) and one segment holds
  /// it, its statement commits the read in the same round trip.
  func page(
    _ query: PostgresViewQuery, from position: RecordPosition?, forward: Bool, _ limit: Int,
    _ session: PostgresSession, isRead: Bool = false
  ) async throws -> [PageRecord] {
    guard limit > 0 else { return [] }
    var records: [PageRecord] = []
    let segments = query.segments(from: position, forward: forward)
    for segment in segments {
      let statement = query.page(segment, limit: limit - records.count)
      let read = try await session.rows(
        statement, prepare: true, last: isRead && segments.count == 1
      ) { query.record($0) }
      // The first segment's records as they came, not copied into another array.
      if records.isEmpty { records = read } else { records += read }
      if records.count >= limit { break }
    }
    return records
  }

  /// The records from offset `start` on, at most `limit`, for a relation paged by offset.
  func offsetPage(from start: Int, limit: Int, _ session: PostgresSession) async throws
    -> [PageRecord]
  {
    guard limit > 0 else { return [] }
    let query = try PostgresViewQuery(table: table, view: .all)
    let values = query.selectList
    let statement = PostgresStatement(
      "SELECT " + (values.isEmpty ? "1" : values) + " FROM \(table.sqlName) ORDER BY \(wholeRow) "
        + "OFFSET \(start) LIMIT \(limit)")
    let kinds = table.columns.map(\.kind)
    return try await session.rows(statement) { row in
      var values: [CellValue] = []
      values.reserveCapacity(kinds.count)
      for (column, kind) in kinds.enumerated() {
        values.append(PostgresViewQuery.pageValue(row.bytes(column), kind: kind))
      }
      return PageRecord(values: values, key: RecordKey([.integer(Int64(start) + Int64(row.index))]))
    }
  }

  /// How many records the whole relation holds.
  func countAll(_ session: PostgresSession) async throws -> Int {
    try await Self.number(try PostgresViewQuery(table: table, view: .all).count(), session)
  }

  /// The text of the whole row, which a relation paged by offset is ordered by.
  var wholeRow: String { "ROW(\(table.sqlName).*)::text" }

  /// The number the one row of `statement` holds, in its text form; with `last`, the read's
  /// last statement, committed in its round trip.
  static func number(
    _ statement: PostgresStatement, _ session: PostgresSession, last: Bool = false
  ) async throws -> Int {
    let numbers = try await session.rows(statement, last: last) { row in
      row.bytes(0).flatMap { PostgresValueKind.integer($0[...]) }
    }
    guard let number = numbers.first ?? nil else {
      throw RecordSourceError.failed("the server gave no count")
    }
    return Int(number)
  }

  /// The whole values of the record `statement` reads, if there is one, read in the types'
  /// binary forms: a `bytea`'s bytes as they are, the rest cast to text, whose binary form is
  /// its UTF-8.
  static func wholeValues(
    _ statement: PostgresStatement, _ columns: [PostgresColumn], _ session: PostgresSession
  ) async throws -> [CellValue]? {
    let kinds = columns.map(\.kind)
    return try await session.rows(statement, binary: true) { row in
      kinds.enumerated().map { column, kind -> CellValue in
        guard let bytes = row.bytes(column) else { return .null }
        return kind == .bytes ? .blob(Array(bytes)) : kind.value(fromUTF8: bytes)
      }
    }.first
  }

  /// The position of the record at `offset`, for a relation paged by offset.
  static func position(ofOffset offset: Int) -> RecordPosition {
    RecordPosition(sortValue: nil, key: RecordKey([.integer(Int64(offset))]))
  }

  /// The offset a position of a relation paged by offset holds.
  static func offset(of position: RecordPosition) throws -> Int {
    guard position.key.values.count == 1, case .integer(let offset) = position.key.values[0],
      offset >= 0
    else { throw RecordSourceError.foreignPosition("not a position of this view") }
    return Int(offset)
  }
}
