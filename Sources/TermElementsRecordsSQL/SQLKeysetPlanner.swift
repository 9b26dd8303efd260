/// The SQL of one view of a table read page by page with keyset paging: the records through a
/// filter, ordered by a column then the key (or by the key alone), `NULL`s first going up, in
/// either direction.
///
/// A page from a position is read in *segments* (``SQLKeysetSegment``), each one statement an
/// index can serve, read one after the other until the page is full: going up from a `NULL`
/// sorted value, the rest of the `NULL`s in the key's order, then the values; going up from
/// `(v, k)`, the records after it with a row-value comparison `(sort, key) > (v, k)`, or, on
/// SQLite (``SQLDialect/readsTiesApart``), the records tied with `v` after `k`, then those
/// beyond `v`. Going down mirrors it, `NULL`s last; a descending view is the ascending order
/// read backwards.
///
/// Every statement names the table's columns quoted by the dialect, ANDs in the filter, and
/// binds every value to a placeholder (``SQLDialect/placeholder(_:type:)``): the driver runs
/// ``SQLStatement/sql`` with ``SQLStatement/parameters``.
///
/// ```swift
/// let planner = SQLKeysetPlanner<String>(
///   dialect: .sqlite, table: "people", key: [SQLKeysetColumn("id")],
///   sort: SQLKeysetColumn("city"))
/// let from = SQLKeysetPosition(sortValue: "Oslo", key: ["17"])
/// let statements = planner.segments(from: from, forward: true).map {
///   planner.page($0, columns: "*", limit: 50)
/// }
/// // SELECT * FROM "people" WHERE "people"."city" = ? AND "people"."id" > ?
/// //   ORDER BY "people"."id" ASC LIMIT ?, with ["Oslo", "17", 50]
/// // SELECT * FROM "people" WHERE "people"."city" IS NOT NULL AND "people"."city" > ?
/// //   ORDER BY "people"."city" ASC, "people"."id" ASC LIMIT ?, with ["Oslo", 50]
/// ```
public struct SQLKeysetPlanner<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The dialect the statements are written in.
  public let dialect: SQLDialect
  /// The table as SQL: its name quoted, after its schema's where it has one.
  public let table: String
  /// The key's columns, which tell each record from the others.
  public let key: [SQLKeysetColumn]
  /// The sorted column, or `nil` for the key's order.
  public let sort: SQLKeysetColumn?
  /// Whether the view's order is the ascending one reversed.
  public let descending: Bool
  /// The filter ANDed into every statement but the ones asked without it.
  public let filter: SQLFilter?
  /// The key's columns as SQL, qualified by the table.
  public let keySQL: [String]
  /// The sorted column as SQL, qualified by the table, if there is one.
  public let sortSQL: String?

  /// The planner of `table` (in `schema`, where given) paged by `key`, ordered by `sort` then
  /// the key (by the key alone without one), reversed when `descending`, through `filter`, in
  /// `dialect`.
  ///
  /// The filter must have been read in the same dialect.
  public init(
    dialect: SQLDialect, table: String, schema: String? = nil, key: [SQLKeysetColumn],
    sort: SQLKeysetColumn? = nil, descending: Bool = false, filter: SQLFilter? = nil
  ) {
    self.dialect = dialect
    self.table = dialect.quoted(table: table, schema: schema)
    self.key = key
    self.sort = sort
    self.descending = descending
    self.filter = filter
    let table = self.table
    keySQL = key.map { table + "." + dialect.quoted(name: $0.name) }
    sortSQL = sort.map { table + "." + dialect.quoted(name: $0.name) }
  }

  /// Column `name` of the table as the planner writes it: quoted, and qualified by the table,
  /// so that no name of a select list can stand for it.
  ///
  /// ```swift
  /// let name = planner.sql(of: "name")  // "\"people\".\"name\""
  /// ```
  public func sql(of name: String) -> String {
    table + "." + dialect.quoted(name: name)
  }

  // MARK: - Segments

  /// The segments that read on from `position` (excluded), going forward in the view's order
  /// or back, in the order they are read; with no position, every record from the first (the
  /// last going back).
  ///
  /// Going up a sorted column that can be `NULL`: the `NULL`s, then the values; from a `NULL`,
  /// the rest of the `NULL`s, then the values; from a value, the records after it. Going down,
  /// the values, then the `NULL`s.
  public func segments(from position: SQLKeysetPosition<Value>?, forward: Bool)
    -> [SQLKeysetSegment<Value>]
  {
    let ascending = forward != descending
    guard let sort else { return [SQLKeysetSegment(.all, ascending: ascending, after: position)] }
    guard let position else {
      guard sort.isNullable else { return [SQLKeysetSegment(.all, ascending: ascending)] }
      let nulls = SQLKeysetSegment<Value>(.nulls, ascending: ascending)
      let values = SQLKeysetSegment<Value>(.values, ascending: ascending)
      return ascending ? [nulls, values] : [values, nulls]
    }
    guard position.sortValue != nil else {
      let nulls = SQLKeysetSegment(.nulls, ascending: ascending, after: position)
      return ascending ? [nulls, SQLKeysetSegment(.values, ascending: true)] : [nulls]
    }
    guard sort.isNullable else { return beyond(.all, ascending: ascending, after: position) }
    let values = beyond(.values, ascending: ascending, after: position)
    return ascending ? values : values + [SQLKeysetSegment(.nulls, ascending: false)]
  }

  /// The segments that read the rest of `segment` after `position`, one of its records, in
  /// the order they are read: what reads on from the last record of a statement of it when
  /// the statement stopped at a limit.
  public func segments(
    continuing segment: SQLKeysetSegment<Value>, after position: SQLKeysetPosition<Value>
  ) -> [SQLKeysetSegment<Value>] {
    switch segment.part {
    case .nulls, .ties:
      [SQLKeysetSegment(segment.part, ascending: segment.ascending, after: position)]
    case .all, .values:
      beyond(segment.part, ascending: segment.ascending, after: position)
    }
  }

  /// The records of `part` after `position`: one segment, or, when the dialect reads ties
  /// apart and the position has a sorted value, its ties, then the records beyond its value.
  func beyond(
    _ part: SQLKeysetSegment<Value>.Part, ascending: Bool, after position: SQLKeysetPosition<Value>
  ) -> [SQLKeysetSegment<Value>] {
    let rest = SQLKeysetSegment(part, ascending: ascending, after: position)
    guard dialect.readsTiesApart, sort != nil, position.sortValue != nil else { return [rest] }
    return [SQLKeysetSegment(.ties, ascending: ascending, after: position), rest]
  }

  // MARK: - Orders

  /// The `ORDER BY` list of `segment`: the sorted column, where the segment is ordered by it,
  /// then the key, each `ASC` or `DESC`.
  @inlinable
  public func orderBy(_ segment: SQLKeysetSegment<Value>) -> String {
    orderBy(segment, keyNames: keySQL, sortName: sortSQL)
  }

  /// The `ORDER BY` list of `segment` over other names of the key's columns and of the sorted
  /// column: those a subquery gives them, to order its rows again outside it.
  ///
  /// ```swift
  /// let outer = planner.orderBy(segment, keyNames: ["p.k0"], sortName: "p.s0")
  /// // "p.s0 ASC, p.k0 ASC"
  /// ```
  @inlinable
  public func orderBy(_ segment: SQLKeysetSegment<Value>, keyNames: [String], sortName: String?)
    -> String
  {
    let direction = segment.ascending ? " ASC" : " DESC"
    var names = keyNames
    if segment.isOrderedBySort, let sortName { names.insert(sortName, at: 0) }
    return names.map { $0 + direction }.joined(separator: ", ")
  }

  /// The `ORDER BY` list of the whole view, going forward or back, with where the `NULL`s go
  /// said outright: for a statement that reads across the segments, such as a scan in the
  /// key's order keeping the record nearest in the view's.
  ///
  /// ```swift
  /// let order = planner.order(forward: true)
  /// // "\"people\".\"city\" ASC NULLS FIRST, \"people\".\"id\" ASC"
  /// ```
  public func order(forward: Bool) -> String {
    let ascending = forward != descending
    let direction = ascending ? " ASC" : " DESC"
    var terms = keySQL.map { $0 + direction }
    if let sort, let sortSQL {
      let nulls = sort.isNullable ? (ascending ? " NULLS FIRST" : " NULLS LAST") : ""
      terms.insert(sortSQL + direction + nulls, at: 0)
    }
    return terms.joined(separator: ", ")
  }

  /// The `ORDER BY` list of the key, ascending.
  public var keyOrder: String {
    keySQL.map { $0 + " ASC" }.joined(separator: ", ")
  }
}
