/// The statement of a column's frequency (`F`): how many records of the view hold each value.
extension SQLKeysetPlanner {
  /// How many records of the view (through the filter) hold each value of `expression`, most
  /// frequent first, equal counts by value, at most `limit` values: one `GROUP BY`, and
  /// windows over its groups that give every row how many values and records there are in
  /// all, so that a driver knows what the limit left out.
  ///
  /// Each row is the value, its count, the number of distinct values and the number of
  /// records (NULL being a value of its own). `expression` is the column as SQL,
  /// ``sql(of:)`` for a column as it is; a driver writes another where the database cannot
  /// group the column's type (PostgreSQL's `json`, by its text).
  ///
  /// ```swift
  /// let counts = planner.valueCounts(of: planner.sql(of: "city"), limit: 100_000)
  /// // SELECT "value", "count", CAST(count(*) OVER () AS bigint) AS "values",
  /// //   CAST(sum("count") OVER () AS bigint) AS "records" FROM (SELECT
  /// //   "people"."city" AS "value", count(*) AS "count" FROM "people"
  /// //   GROUP BY "people"."city") AS "counts" ORDER BY "count" DESC, "value" ASC LIMIT ?
  /// ```
  public func valueCounts(of expression: String, limit: Int) -> SQLStatement<Value> {
    var statement = SQLFragment<Value>(
      #"SELECT "value", "count", CAST(count(*) OVER () AS bigint) AS "values", "#
        + #"CAST(sum("count") OVER () AS bigint) AS "records" FROM ("#)
    statement.append(
      query(expression + #" AS "value", count(*) AS "count""#, where: []))
    statement.append(
      #" GROUP BY "# + expression + #") AS "counts" ORDER BY "count" DESC, "value" ASC LIMIT "#)
    statement.append(parameter: .integer(max(0, limit)), type: "bigint")
    return statement.statement(in: dialect)
  }
}
