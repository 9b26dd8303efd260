import TermElementsRecords
import TermElementsRecordsSQL

/// The SQL that reads one view (order and filter) of a relation paged by a key or a row
/// address: pages that go on from a position by keyset, in either direction, and the
/// counts, offsets and ranks around them.
///
/// The keyset statements are TermElementsRecordsSQL's
/// ``TermElementsRecordsSQL/SQLKeysetPlanner``'s, in PostgreSQL's dialect, each value sent as
/// its text and cast to its column's type; this adds what the screens read of each record:
/// every value as text, cut to a page's size. The order of a view by a column is the column's
/// then the key's, `NULL`s first going up (as SQLite and the records module order them), so a
/// descending view is exactly its reverse. A page from a position may cross from the column's
/// `NULL`s to its values: that is two *segments*, each one index-friendly query, read one after
/// the other.
///
/// ```swift
/// let view = RecordView(order: RecordOrder(column: 0, descending: true))
/// let query = try PostgresViewQuery(table: people, view: view)
/// let first = query.segments(from: nil, forward: true).map { query.page($0, limit: 50) }
/// ```
public struct PostgresViewQuery: Sendable {
  /// The relation.
  public let table: PostgresTable
  /// The column ordered by, or `nil` for the key's order.
  public let sortColumn: Int?
  /// Whether the view's order is the reverse of the ascending one.
  public let descending: Bool
  /// The keyset statements of the view.
  public let planner: SQLKeysetPlanner<CellValue>

  /// Characters of text a page keeps of a value; the detail view reads it whole.
  public static let textLimit = 1_024

  /// The queries of `view` of `table`, whose paging is by key or address.
  ///
  /// - Throws: ``TermElementsRecords/RecordSourceError/badFilter(_:)`` when the view's filter
  ///   is refused (``PostgresFilter``): no statement is made with it.
  public init(table: PostgresTable, view: RecordView) throws(RecordSourceError) {
    self.table = table
    self.sortColumn = view.order.column
    self.descending = view.order.descending
    let filter = try view.filter.map { (text) throws(RecordSourceError) in
      try PostgresFilter.filter(text, columns: table.columns.map(\.name))
    }
    let key: [SQLKeysetColumn]
    switch table.paging {
    case .key(let indexes):
      key = indexes.map { Self.keysetColumn(table.columns[$0]) }
      keyColumns = indexes.map { table.columns[$0] }
      keyKinds = indexes.map { table.columns[$0].kind }
    case .rowAddress:
      key = [SQLKeysetColumn("ctid", type: "tid", isNullable: false)]
      keyColumns = [nil]
      keyKinds = [.text]
    case .partitionRowAddress:
      key = [
        SQLKeysetColumn("tableoid", type: "oid", isNullable: false),
        SQLKeysetColumn("ctid", type: "tid", isNullable: false),
      ]
      keyColumns = [nil, nil]
      keyKinds = [.integer, .text]
    case .offset:
      key = []
      keyColumns = []
      keyKinds = []
    }
    keyInColumn = keyColumns.indices.map { part in
      guard case .key(let indexes) = table.paging, table.columns[indexes[part]].pageTextIsWhole
      else { return nil }
      return indexes[part]
    }
    sortInColumn = view.order.column.flatMap { table.columns[$0].pageTextIsWhole ? $0 : nil }
    columnKinds = table.columns.map(\.kind)
    planner = SQLKeysetPlanner(
      dialect: .postgreSQL, table: table.name, schema: table.schema, key: key,
      sort: view.order.column.map { Self.keysetColumn(table.columns[$0]) },
      descending: view.order.descending, filter: filter)
    selectList = pageList(columns: qualifiedColumn, key: planner.keySQL, sort: planner.sortSQL)
    sortedLists = (
      inner: (table.columns.indices.map { qualifiedColumn($0) + " AS \"c\($0)\"" } + rawPosition)
        .joined(separator: ", "),
      outer: pageList(columns: { "p.\"c\($0)\"" }, key: keyAliases, sort: sortAlias)
    )
  }

  /// How the text of each of the key's parts reads, worked out once: every row of a page
  /// needs it.
  let keyKinds: [PostgresValueKind]
  /// The column each of the key's parts is, `nil` for a row's address or partition.
  let keyColumns: [PostgresColumn?]
  /// For each of the key's parts, the column of a page whose text is the part's whole text,
  /// if there is one: the part is read from it, not from a text of its own.
  let keyInColumn: [Int?]
  /// The column of a page whose text is the sorted column's whole text, if there is one.
  let sortInColumn: Int?
  /// How each column's text reads, in order: every row of a page reads them all.
  let columnKinds: [PostgresValueKind]

  /// The SQL written from the user's `WHERE` expression (``PostgresFilter``), or `nil`.
  public var filter: String? { planner.filter?.sql }

  /// The planner's column of `column`: its values read as its type, `NULL` unless it is
  /// `NOT NULL`.
  static func keysetColumn(_ column: PostgresColumn) -> SQLKeysetColumn {
    SQLKeysetColumn(column.name, type: column.typeName, isNullable: !column.isNotNull)
  }

  // MARK: - Segments

  /// The segments that read on from `position`, going forward in the view's order or back,
  /// in the order they are read: going up, the `NULL`s in the key's order, then the values.
  public func segments(from position: RecordPosition?, forward: Bool)
    -> [SQLKeysetSegment<CellValue>]
  {
    planner.segments(from: position.map(Self.keyset), forward: forward)
  }

  /// The segments that read the rest of `segment` after `position`, one of its records.
  public func segments(
    continuing segment: SQLKeysetSegment<CellValue>, after position: RecordPosition
  ) -> [SQLKeysetSegment<CellValue>] {
    planner.segments(continuing: segment, after: Self.keyset(position))
  }

  /// The planner's position of `position`, a `NULL` sort value as `nil`.
  static func keyset(_ position: RecordPosition) -> SQLKeysetPosition<CellValue> {
    SQLKeysetPosition(
      sortValue: position.sortValue.flatMap { $0.isNull ? nil : $0 }, key: position.key.values)
  }

  // MARK: - Statements

  /// At most `limit` records of `segment`, in its order, cut to a page's size.
  ///
  /// In the key's order, one plain statement: the values as their types write them, long
  /// ones cut. Sorted by a column, the records are chosen and ordered on their bare values,
  /// in a subquery, and only those kept are cut: a sort with no index otherwise cuts the
  /// text of every record of the table before it keeps a page of them.
  public func page(
    _ segment: SQLKeysetSegment<CellValue>, limit: Int, through bound: RecordPosition? = nil
  ) -> PostgresStatement {
    guard sortColumn != nil else {
      return PostgresStatement(
        planner.page(
          segment, columns: selectList, limit: limit, through: bound.map(Self.keyset)))
    }
    var statement = PostgresStatement(
      planner.page(
        segment, columns: sortedLists.inner, limit: limit, through: bound.map(Self.keyset)))
    statement.sql =
      "SELECT " + sortedLists.outer + " FROM (" + statement.sql + ") AS p ORDER BY "
      + planner.orderBy(segment, keyNames: keyAliases, sortName: sortAlias)
    return statement
  }

  /// The position of the record `offset` records into `segment`, as key and sort text, the
  /// records skipped never turned into text.
  public func position(in segment: SQLKeysetSegment<CellValue>, offset: Int) -> PostgresStatement {
    var statement = PostgresStatement(
      planner.page(
        segment, columns: rawPosition.joined(separator: ", "), limit: 1, offset: offset))
    statement.sql =
      "SELECT " + positionTexts(key: keyAliases, sort: sortAlias).joined(separator: ", ")
      + " FROM (" + statement.sql + ") AS p"
    return statement
  }

  /// How many records `segment` holds.
  public func count(_ segment: SQLKeysetSegment<CellValue>) -> PostgresStatement {
    PostgresStatement(planner.count(segment))
  }

  /// How many records the view holds.
  public func count() -> PostgresStatement {
    PostgresStatement(planner.count())
  }

  /// How many records of the view come before `position` in its order.
  public func rank(of position: RecordPosition) -> PostgresStatement {
    PostgresStatement(planner.countBefore(Self.keyset(position)))
  }

  /// The sorted column's whole text of the record with `key`, if the view holds it.
  public func sortText(ofKey key: RecordKey) -> PostgresStatement {
    let sort = positionTexts(key: [], sort: planner.sortSQL).first ?? "1"
    return PostgresStatement(planner.record(sort, key: key.values))
  }

  /// Every value of the record with `key`, whole: text forms, and `bytea` as its bytes.
  public func wholeRecord(key: RecordKey) -> PostgresStatement {
    PostgresStatement(planner.record(wholeSelectList, key: key.values, filtered: false))
  }

  /// A statement the server plans but does not run, to check the view's filter against the
  /// relation's types: `EXPLAIN SELECT 1 FROM table WHERE (filter)`.
  public func checkingFilter() -> PostgresStatement {
    var statement = PostgresStatement(planner.filterCheck())
    statement.sql = "EXPLAIN " + statement.sql
    return statement
  }

  // MARK: - Select lists

  /// Column `index` of the relation, qualified: in `ORDER BY`, a bare name would be the
  /// select list's text of the column, which orders as text.
  func qualifiedColumn(_ index: Int) -> String {
    planner.sql(of: table.columns[index].name)
  }

  /// The SQL of the text of `sql`, a value of the key's part `index`.
  func keyText(_ index: Int, of sql: String) -> String {
    keyColumns[index]?.text(of: sql) ?? sql + "::text"
  }

  /// The select list of whole values: `bytea` as its bytes, the rest as text.
  public var wholeSelectList: String {
    table.columns.indices.map { index in
      let column = table.columns[index]
      return column.kind == .bytes
        ? qualifiedColumn(index) : column.text(of: qualifiedColumn(index))
    }.joined(separator: ", ")
  }

  /// The select list of a page: each column as a page keeps it, then the key's and sort's
  /// whole texts that no column gives; made once, as every page sends it.
  private(set) var selectList = ""
  /// The select lists of a sorted page, made once: the bare columns and position of the
  /// subquery that chooses the records (`c0`…, `k0`…, `s0`), and the page's list over them.
  private var sortedLists = (inner: "", outer: "")

  /// The select list of a page over the SQL of each column, of the key's parts and of the
  /// sorted column: each column as a page keeps it (``PostgresColumn/pageSQL(of:limit:)``),
  /// then the key's and sort's whole texts that no column gives (``keyInColumn``,
  /// ``sortInColumn``).
  func pageList(columns: (Int) -> String, key: [String], sort: String?) -> String {
    let values = table.columns.indices.map { index in
      table.columns[index].pageSQL(of: columns(index), limit: Self.textLimit)
    }
    var texts = key.indices.filter { keyInColumn[$0] == nil }.map { keyText($0, of: key[$0]) }
    if let column = sortColumn, let sort, sortInColumn == nil {
      texts.append(table.columns[column].text(of: sort))
    }
    return (values + texts).joined(separator: ", ")
  }

  /// The texts of a position over the SQL of the key's parts and of the sorted column.
  func positionTexts(key: [String], sort: String?) -> [String] {
    var texts = key.indices.map { keyText($0, of: key[$0]) }
    if let column = sortColumn, let sort { texts.append(table.columns[column].text(of: sort)) }
    return texts
  }

  /// The key's parts and the sorted column, bare, named `k0`… and `s0` for a query around.
  var rawPosition: [String] {
    planner.keySQL.enumerated().map { $1 + " AS \"k\($0)\"" }
      + (planner.sortSQL.map { [$0 + " AS \"s0\""] } ?? [])
  }

  /// The names of the key's parts in the subquery `p` of ``rawPosition``.
  var keyAliases: [String] { planner.keySQL.indices.map { "p.\"k\($0)\"" } }

  /// The name of the sorted column in the subquery `p`, when the view is sorted.
  var sortAlias: String? { sortColumn.map { _ in "p.\"s0\"" } }
}
