import TermElementsRecords

/// The SQL that reads one view (order and filter) of a relation paged by a key or a row
/// address: pages that go on from a position by keyset, in either direction, and the
/// counts, offsets and ranks around them.
///
/// The order of a view by a column is the column's then the key's, `NULL`s first going up (as
/// SQLite and the records module order them), so a descending view is exactly its reverse. A
/// page from a position may cross from the column's `NULL`s to its values: that is two
/// *segments*, each one index-friendly query, read one after the other.
///
/// ```swift
/// let view = RecordView(order: RecordOrder(column: 0, descending: true))
/// let query = try PostgresViewQuery(table: people, view: view)
/// let first = query.segments(from: nil, upward: true).map { query.page($0, limit: 50) }
/// ```
public struct PostgresViewQuery: Sendable {
  /// The relation.
  public let table: PostgresTable
  /// The column ordered by, or `nil` for the key's order.
  public let sortColumn: Int?
  /// Whether the view's order is the reverse of the ascending one.
  public let descending: Bool
  /// The SQL written from the user's `WHERE` expression (``PostgresFilter``), or `nil`.
  public let filter: String?

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
    self.filter = try view.filter.map { (text) throws(RecordSourceError) in
      try PostgresFilter.sql(text, columns: table.columns.map(\.name))
    }
    switch table.paging {
    case .key(let indexes): keyKinds = indexes.map { table.columns[$0].kind }
    case .rowAddress: keyKinds = [.text]
    case .partitionRowAddress: keyKinds = [.integer, .text]
    case .offset: keyKinds = []
    }
  }

  /// How the text of each of the key's parts reads, worked out once: every row of a page
  /// needs it.
  let keyKinds: [PostgresValueKind]

  // MARK: - Segments

  /// Which records of the view a segment reads, as for the sorted column's `NULL`s.
  public enum Part: Hashable, Sendable {
    /// Every record: no sorted column, or one that cannot be `NULL`.
    case all
    /// The records whose sorted column has a value.
    case values
    /// The records whose sorted column is `NULL`, in the key's order.
    case nulls
  }

  /// Records of one part, read going up the ascending order or down it, after a position.
  public struct Segment: Hashable, Sendable {
    /// Which records.
    public var part: Part
    /// Whether it reads up the ascending order.
    public var upward: Bool
    /// The position it starts after, or `nil` from the part's end.
    public var after: RecordPosition?
  }

  /// The segments that read on from `position` going up the ascending order (or down it),
  /// in the order they are read: going up, the `NULL`s in the key's order, then the values.
  public func segments(from position: RecordPosition?, upward: Bool) -> [Segment] {
    guard let column = sortColumn, !table.columns[column].isNotNull else {
      return [Segment(part: .all, upward: upward, after: position)]
    }
    let isNull = position.map { ($0.sortValue ?? .null).isNull }
    switch (upward, isNull) {
    case (true, nil):
      return [Segment(part: .nulls, upward: true), Segment(part: .values, upward: true)]
    case (true, true?):
      return [
        Segment(part: .nulls, upward: true, after: position), Segment(part: .values, upward: true),
      ]
    case (true, false?):
      return [Segment(part: .values, upward: true, after: position)]
    case (false, nil):
      return [Segment(part: .values, upward: false), Segment(part: .nulls, upward: false)]
    case (false, true?):
      return [Segment(part: .nulls, upward: false, after: position)]
    case (false, false?):
      return [
        Segment(part: .values, upward: false, after: position),
        Segment(part: .nulls, upward: false),
      ]
    }
  }

  /// Whether the view's next records lie up the ascending order.
  public func isUpward(forward: Bool) -> Bool { forward != descending }

  // MARK: - Statements

  /// At most `limit` records of `segment`, in its order, cut to a page's size.
  ///
  /// The records are chosen and ordered on their bare values, in a subquery, and only those
  /// kept are turned into text: a sort with no index otherwise turns every record of the
  /// table into text before it keeps a page of them.
  public func page(_ segment: Segment, limit: Int, through bound: RecordPosition? = nil)
    -> PostgresStatement
  {
    let columns = table.columns.indices.map { qualifiedColumn($0) + " AS \"c\($0)\"" }
    var statement = PostgresStatement(
      "SELECT " + pageList(columns: { "p.\"c\($0)\"" }, key: keyAliases, sort: sortAlias)
        + " FROM (SELECT " + (columns + rawPosition).joined(separator: ", ") + " FROM "
        + table.sqlName)
    appendConditions(of: segment, through: bound, to: &statement)
    statement.append(
      " ORDER BY " + orderBy(segment) + " LIMIT \(limit)) AS p ORDER BY "
        + aliasOrderBy(segment))
    return statement
  }

  /// The position of the record `offset` records into `segment`, as key and sort text, the
  /// records skipped never turned into text.
  public func position(in segment: Segment, offset: Int) -> PostgresStatement {
    var statement = PostgresStatement(
      "SELECT " + positionTexts(key: keyAliases, sort: sortAlias).joined(separator: ", ")
        + " FROM (SELECT " + rawPosition.joined(separator: ", ") + " FROM " + table.sqlName)
    appendConditions(of: segment, through: nil, to: &statement)
    statement.append(" ORDER BY " + orderBy(segment) + " OFFSET \(offset) LIMIT 1) AS p")
    return statement
  }

  /// How many records `segment` holds.
  public func count(_ segment: Segment) -> PostgresStatement {
    var statement = PostgresStatement("SELECT count(*)::text FROM " + table.sqlName)
    appendConditions(of: segment, through: nil, to: &statement)
    return statement
  }

  /// How many records the view holds.
  public func count() -> PostgresStatement {
    var statement = PostgresStatement("SELECT count(*)::text FROM " + table.sqlName)
    appendFilter(to: &statement, first: true)
    return statement
  }

  /// How many records of the view come before `position` in its order.
  public func rank(of position: RecordPosition) -> PostgresStatement {
    var statement = PostgresStatement("SELECT count(*)::text FROM " + table.sqlName)
    appendFilter(to: &statement, first: true)
    let before = segments(from: position, upward: !isUpward(forward: true))
    statement.append(filter == nil ? " WHERE (" : " AND (")
    for (index, segment) in before.enumerated() {
      statement.append(index == 0 ? "(" : " OR (")
      appendSegmentConditions(of: segment, through: nil, to: &statement)
      statement.append(")")
    }
    statement.append(")")
    return statement
  }

  /// The sorted column's whole text of the record with `key`, if the view holds it.
  public func sortText(ofKey key: RecordKey) -> PostgresStatement {
    var statement = PostgresStatement(
      "SELECT " + (positionTexts(key: [], sort: sortColumn.map(sortExpression)).first ?? "1")
        + " FROM "
        + table.sqlName + " WHERE ")
    appendKeyEquals(key, to: &statement)
    appendFilter(to: &statement, first: false)
    return statement
  }

  /// Every value of the record with `key`, whole: text forms, and `bytea` as its bytes.
  public func wholeRecord(key: RecordKey) -> PostgresStatement {
    var statement = PostgresStatement(
      "SELECT " + wholeSelectList + " FROM " + table.sqlName + " WHERE ")
    appendKeyEquals(key, to: &statement)
    return statement
  }

  /// A statement the server plans but does not run, to check the view's filter against the
  /// relation's types: `EXPLAIN SELECT 1 FROM table WHERE (filter)`.
  public func checkingFilter() -> PostgresStatement {
    PostgresStatement("EXPLAIN SELECT 1 FROM \(table.sqlName) WHERE (\(filter ?? "true"))")
  }

  // MARK: - SQL pieces

  /// A key's part: its SQL, the type to read parameters as, how its text reads, and the
  /// column it is, if it is one.
  struct KeyExpression {
    var sql: String
    var type: String
    var kind: PostgresValueKind = .text
    var column: PostgresColumn?

    /// The SQL of the text of `sql`, a value of this part.
    func text(of sql: String) -> String { column?.text(of: sql) ?? sql + "::text" }
  }

  /// The key's parts.
  var keyExpressions: [KeyExpression] {
    switch table.paging {
    case .key(let indexes):
      indexes.map { index in
        let column = table.columns[index]
        return KeyExpression(
          sql: qualifiedColumn(index), type: column.typeName, kind: column.kind, column: column)
      }
    case .rowAddress: [KeyExpression(sql: qualified("ctid"), type: "tid")]
    case .partitionRowAddress:
      [
        KeyExpression(sql: qualified("tableoid"), type: "oid", kind: .integer),
        KeyExpression(sql: qualified("ctid"), type: "tid"),
      ]
    case .offset: []
    }
  }

  /// The SQL of column `index`, by which the view is sorted.
  func sortExpression(_ index: Int) -> String { qualifiedColumn(index) }

  /// Column `index` of the relation, qualified.
  func qualifiedColumn(_ index: Int) -> String {
    qualified(PostgresTable.quoted(table.columns[index].name))
  }

  /// The select list of whole values: `bytea` as its bytes, the rest as text.
  public var wholeSelectList: String {
    table.columns.indices.map { index in
      let column = table.columns[index]
      return column.kind == .bytes
        ? qualifiedColumn(index) : column.text(of: qualifiedColumn(index))
    }.joined(separator: ", ")
  }

  /// `column` of the relation, named with the relation's name: in `ORDER BY`, a bare name
  /// would be the select list's text of the column, which orders as text.
  func qualified(_ column: String) -> String { table.sqlName + "." + column }

  /// The select list of a page: each column as a page keeps it, then the key's and sort's
  /// whole texts.
  var selectList: String {
    pageList(
      columns: qualifiedColumn, key: keyExpressions.map(\.sql), sort: sortColumn.map(sortExpression)
    )
  }

  /// The select list of a page over the SQL of each column, of the key's parts and of the
  /// sorted column: each column as a page keeps it, then the key's and sort's whole texts.
  func pageList(columns: (Int) -> String, key: [String], sort: String?) -> String {
    let values = table.columns.indices.map { index in
      let (column, name) = (table.columns[index], columns(index))
      switch column.kind {
      case .bytes:
        return "octet_length(\(name))::text || ':' || encode(substring(\(name) from 1 for "
          + "\(CellValue.blobPrefixLength)), 'hex')"
      case .text, .json: return "left(\(column.text(of: name)), \(Self.textLimit))"
      default: return column.text(of: name)
      }
    }
    return (values + positionTexts(key: key, sort: sort)).joined(separator: ", ")
  }

  /// The texts of a position over the SQL of the key's parts and of the sorted column.
  func positionTexts(key: [String], sort: String?) -> [String] {
    var texts = zip(keyExpressions, key).map { part, sql in part.text(of: sql) }
    if let column = sortColumn, let sort { texts.append(table.columns[column].text(of: sort)) }
    return texts
  }

  /// The key's parts and the sorted column, bare, named `k0`… and `s0` for a query around.
  var rawPosition: [String] {
    keyExpressions.enumerated().map { $1.sql + " AS \"k\($0)\"" }
      + (sortColumn.map { [sortExpression($0) + " AS \"s0\""] } ?? [])
  }

  /// The names of the key's parts in the subquery `p` of ``rawPosition``.
  var keyAliases: [String] { keyExpressions.indices.map { "p.\"k\($0)\"" } }

  /// The name of the sorted column in the subquery `p`, when the view is sorted.
  var sortAlias: String? { sortColumn.map { _ in "p.\"s0\"" } }

  /// The `ORDER BY` list of `segment` over the names of the subquery `p`.
  func aliasOrderBy(_ segment: Segment) -> String {
    let direction = segment.upward ? " ASC" : " DESC"
    var items = keyAliases
    if let sort = sortAlias, segment.part != .nulls { items.insert(sort, at: 0) }
    return items.map { $0 + direction }.joined(separator: ", ")
  }

  /// The `ORDER BY` list of `segment`.
  func orderBy(_ segment: Segment) -> String {
    let direction = segment.upward ? " ASC" : " DESC"
    var items = keyExpressions.map(\.sql)
    if let column = sortColumn, segment.part != .nulls {
      items.insert(sortExpression(column), at: 0)
    }
    return items.map { $0 + direction }.joined(separator: ", ")
  }

  /// `WHERE`, the filter and the conditions of `segment`, through `bound` inclusive when
  /// given.
  func appendConditions(
    of segment: Segment, through bound: RecordPosition?, to statement: inout PostgresStatement
  ) {
    statement.append(" WHERE ")
    if let filter { statement.append("(" + filter + ") AND ") }
    appendSegmentConditions(of: segment, through: bound, to: &statement)
  }

  /// The conditions of `segment` alone, joined by `AND`; `true` when it has none.
  func appendSegmentConditions(
    of segment: Segment, through bound: RecordPosition?, to statement: inout PostgresStatement
  ) {
    var conditions = 0
    func and() {
      if conditions > 0 { statement.append(" AND ") }
      conditions += 1
    }
    if let column = sortColumn, segment.part != .all {
      and()
      let isNull = segment.part == .nulls ? " IS NULL" : " IS NOT NULL"
      statement.append(sortExpression(column) + isNull)
    }
    if let after = segment.after {
      and()
      appendComparison(segment, with: after, operator: segment.upward ? ">" : "<", to: &statement)
    }
    if let bound {
      and()
      appendComparison(segment, with: bound, operator: segment.upward ? "<=" : ">=", to: &statement)
    }
    if conditions == 0 { statement.append("true") }
  }

  /// A row comparison of `segment`'s order with `position`: `(sort, key…) > (…)`.
  func appendComparison(
    _ segment: Segment, with position: RecordPosition, operator op: String,
    to statement: inout PostgresStatement
  ) {
    var left = keyExpressions.map(\.sql)
    var right: [(String?, String)] = zip(keyExpressions, position.key.values).map { part, value in
      (Self.parameterText(value), part.type)
    }
    if let column = sortColumn, segment.part != .nulls {
      left.insert(sortExpression(column), at: 0)
      right.insert(
        (position.sortValue.flatMap(Self.parameterText), table.columns[column].typeName), at: 0)
    }
    statement.append("(" + left.joined(separator: ", ") + ") \(op) (")
    for (index, (text, type)) in right.enumerated() {
      if index > 0 { statement.append(", ") }
      statement.append(parameter: text, type: type)
    }
    statement.append(")")
  }

  /// `(key…) = (…)` for `key`.
  func appendKeyEquals(_ key: RecordKey, to statement: inout PostgresStatement) {
    statement.append("(" + keyExpressions.map(\.sql).joined(separator: ", ") + ") = (")
    for (index, (part, value)) in zip(keyExpressions, key.values).enumerated() {
      if index > 0 { statement.append(", ") }
      statement.append(parameter: Self.parameterText(value), type: part.type)
    }
    statement.append(")")
  }

  /// ` WHERE (filter)` when `first`, ` AND (filter)` otherwise; nothing without a filter.
  func appendFilter(to statement: inout PostgresStatement, first: Bool) {
    guard let filter else { return }
    statement.append((first ? " WHERE (" : " AND (") + filter + ")")
  }
}
