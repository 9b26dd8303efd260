/// The statements a driver runs: pages, positions, counts, ranks, records by key, searches and
/// the check of a filter.
extension SQLKeysetPlanner {
  /// At most `limit` records of `segment`, nearest first, after skipping `offset` where given,
  /// through `bound` (included) where given, that also pass `matching`, a condition tested
  /// after the filter (a search's): `SELECT columns FROM table WHERE … ORDER BY … LIMIT ?`.
  ///
  /// `columns` is the select list, as SQL; ``sql(of:)``, ``keySQL`` and ``sortSQL`` name the
  /// table's columns as the conditions do.
  ///
  /// ```swift
  /// let first = planner.segments(from: nil, forward: true)[0]
  /// let page = planner.page(first, columns: "*", limit: 50)
  /// // SELECT * FROM "people" WHERE "people"."city" IS NULL ORDER BY "people"."id" ASC LIMIT ?
  /// ```
  @inlinable
  public func page(
    _ segment: SQLKeysetSegment<Value>, columns: String, limit: Int, offset: Int? = nil,
    through bound: SQLKeysetPosition<Value>? = nil, matching condition: SQLFragment<Value>? = nil
  ) -> SQLStatement<Value> {
    select(
      columns, where: conditions(of: segment, through: bound), matching: condition,
      orderBy: orderBy(segment), limit: limit, offset: offset)
  }

  /// How many records of the view `segment` holds: `SELECT count(*)`.
  public func count(_ segment: SQLKeysetSegment<Value>) -> SQLStatement<Value> {
    select("count(*)", where: conditions(of: segment, through: nil))
  }

  /// How many records the view holds: `SELECT count(*)` through the filter.
  public func count() -> SQLStatement<Value> {
    select("count(*)")
  }

  /// How many records of the view come before `position` in its order, so that the record
  /// there is number `count + 1`: one statement that adds the count of each segment before
  /// it, each one a count an index can serve.
  ///
  /// ```swift
  /// let rank = planner.countBefore(SQLKeysetPosition(sortValue: "Oslo", key: ["17"]))
  /// // SELECT (SELECT count(*) FROM "people" WHERE …) + (SELECT count(*) FROM …)
  /// ```
  public func countBefore(_ position: SQLKeysetPosition<Value>) -> SQLStatement<Value> {
    let counts = segments(from: position, forward: false).map {
      query("count(*)", where: conditions(of: $0, through: nil))
    }
    guard counts.count > 1 else { return counts[0].statement(in: dialect) }
    let sum = SQLFragment.joined(
      counts.map { SQLFragment("(") + $0 + SQLFragment(")") }, separator: " + ")
    return (SQLFragment("SELECT ") + sum).statement(in: dialect)
  }

  /// `columns` of the record whose key is `key`, through the filter when `filtered`:
  /// `SELECT columns FROM table WHERE key = ?`.
  public func record(_ columns: String, key: [Value], filtered: Bool = true)
    -> SQLStatement<Value>
  {
    select(columns, where: [keyComparison("=", key)], filtered: filtered)
  }

  /// A statement that names the table and ANDs in the filter, to prepare (SQLite) or
  /// `EXPLAIN` (PostgreSQL) but never run: the database then says whether the filter's SQL
  /// holds, its functions' arguments and its types. `SELECT 1 FROM table WHERE (filter)`.
  public func filterCheck() -> SQLStatement<Value> {
    select("1")
  }

  /// `SELECT columns FROM table WHERE conditions AND (filter) AND matching ORDER BY order
  /// LIMIT ? OFFSET ?`, each part where it is given, the filter only when `filtered`: the
  /// statement the others are made of, for a driver that reads otherwise, such as a scan in
  /// the key's order.
  @inlinable
  public func select(
    _ columns: String, where conditions: [SQLFragment<Value>] = [], filtered: Bool = true,
    matching condition: SQLFragment<Value>? = nil, orderBy order: String? = nil,
    limit: Int? = nil, offset: Int? = nil
  ) -> SQLStatement<Value> {
    query(
      columns, where: conditions, filtered: filtered, matching: condition, orderBy: order,
      limit: limit, offset: offset
    ).statement(in: dialect)
  }

  /// The fragment of ``select(_:where:filtered:matching:orderBy:limit:offset:)``.
  @inlinable
  func query(
    _ columns: String, where conditions: [SQLFragment<Value>], filtered: Bool = true,
    matching condition: SQLFragment<Value>? = nil, orderBy order: String? = nil,
    limit: Int? = nil, offset: Int? = nil
  ) -> SQLFragment<Value> {
    var clauses = conditions
    if filtered, let filter { clauses.append(SQLFragment("(" + filter.sql + ")")) }
    if let condition { clauses.append(condition) }
    var query = SQLFragment<Value>("SELECT " + columns + " FROM " + table)
    if !clauses.isEmpty {
      query.append(" WHERE ")
      query.append(SQLFragment.joined(clauses, separator: " AND "))
    }
    if let order { query.append(" ORDER BY " + order) }
    if let limit {
      query.append(" LIMIT ")
      query.append(parameter: .integer(limit), type: "bigint")
    }
    if let offset {
      query.append(" OFFSET ")
      query.append(parameter: .integer(offset), type: "bigint")
    }
    return query
  }
}
