import Foundation

/// The statements of a column's histogram (`F` on a column of more numbers than it counts
/// one by one): the least and greatest numbers, then the records in each range.
extension SQLKeysetPlanner {
  /// The least and greatest numbers of `expression` among the records of the view (through
  /// the filter), and how many records, non-NULL values and numbers there are: one row of
  /// `"least"`, `"greatest"`, `"records"`, `"values"` and `"numbers"`.
  ///
  /// On SQLite, whose columns may hold text among numbers, only the values stored as
  /// integers or reals count as numbers; on PostgreSQL every non-NULL value of a numeric
  /// column does.
  ///
  /// ```swift
  /// let bounds = planner.valueBounds(of: planner.sql(of: "balance"))
  /// // SELECT min(CASE WHEN typeof("people"."balance") IN ('integer', 'real') THEN
  /// //   "people"."balance" END) AS "least", max(…) AS "greatest", count(*) AS "records",
  /// //   count("people"."balance") AS "values", count(CASE WHEN … THEN 1 END) AS "numbers"
  /// //   FROM "people"
  /// ```
  public func valueBounds(of expression: String) -> SQLStatement<Value> {
    let number = numberTest(expression).map { "CASE WHEN \($0) THEN \(expression) END" }
    let numbers = numberTest(expression).map { "count(CASE WHEN \($0) THEN 1 END)" }
    let columns =
      "min(\(number ?? expression)) AS \"least\", max(\(number ?? expression)) AS \"greatest\", "
      + "count(*) AS \"records\", count(\(expression)) AS \"values\", "
      + "\(numbers ?? "count(\(expression))") AS \"numbers\""
    return query(columns, where: []).statement(in: dialect)
  }

  /// How many records of the view (through the filter) hold a number of `expression` in each
  /// range `width` wide from `lower`, the ends written with `decimals` digits after the
  /// point: one `GROUP BY` of each number's range, `floor((x - lower) / width)`, a row of
  /// `"range"` (from 0) and `"count"` for each range that holds any, in order. A number is
  /// in the range whose ends, written as a filter writes them, hold it (`x >= a AND x < b`).
  ///
  /// On PostgreSQL the quotient is taken in `numeric`; on SQLite, in the column's own numbers,
  /// and only values stored as numbers are counted. On both a number whose quotient rounds
  /// across an end (a `double precision` or a real next to it) is moved back by comparing it
  /// with the ends.
  ///
  /// ```swift
  /// let ranges = planner.histogram(
  ///   of: planner.sql(of: "balance"), lower: 0, width: 5_000, decimals: 0)
  /// // SELECT "range", count(*) AS "count" FROM (SELECT "r" + ("x" >= round(0 + ("r" + 1)
  /// //   * 5000, 0)) - ("x" < round(0 + "r" * 5000, 0)) AS "range" FROM (SELECT
  /// //   "people"."balance" AS "x", CAST(("people"."balance" - 0) / 5000 AS integer) AS "r"
  /// //   FROM "people" WHERE typeof("people"."balance") IN ('integer', 'real')) AS "numbers")
  /// //   AS "ranges" GROUP BY "range" ORDER BY "range"
  /// ```
  public func histogram(of expression: String, lower: Double, width: Double, decimals: Int)
    -> SQLStatement<Value>
  {
    let low = Self.literal(lower, decimals: decimals)
    let wide = Self.literal(width, decimals: decimals)
    let test = numberTest(expression) ?? "\(expression) IS NOT NULL"
    // The range of the quotient, floored (never below 0: the least number is at or after
    // `lower`, so truncating floors on SQLite), then a number next to an end whose quotient
    // rounds across it moved to the range whose ends, compared as the filter compares them,
    // hold it.
    let (range, end, one): (String, (String) -> String, (String) -> String) =
      switch dialect.database {
      case .sqlite:
        (
          "CAST((\(expression) - \(low)) / \(wide) AS integer)",
          { "round(\(low) + \($0) * \(wide), \(decimals))" }, { "(\($0))" }
        )
      case .postgreSQL:
        (
          "floor((CAST(\(expression) AS numeric) - \(low)) / \(wide))",
          { "(\(low) + \($0) * \(wide))" }, { "CAST((\($0)) AS integer)" }
        )
      }
    var statement = SQLFragment<Value>(#"SELECT "range", count(*) AS "count" FROM ("#)
    statement.append(
      #"SELECT "r" + "# + one(#""x" >= "# + end(#"("r" + 1)"#)) + " - "
        + one(#""x" < "# + end(#""r""#)) + #" AS "range" FROM ("#)
    statement.append(
      query(expression + #" AS "x", "# + range + #" AS "r""#, where: [SQLFragment(test)]))
    statement.append(#") AS "numbers""#)
    statement.append(#") AS "ranges" GROUP BY "range" ORDER BY "range""#)
    return statement.statement(in: dialect)
  }

  /// The condition that a value of `expression` is stored as a number, where the database
  /// may store others in a column of numbers (SQLite).
  func numberTest(_ expression: String) -> String? {
    switch dialect.database {
    case .sqlite: "typeof(\(expression)) IN ('integer', 'real')"
    case .postgreSQL: nil
    }
  }

  /// `number` as an SQL literal with `decimals` digits after the point.
  static func literal(_ number: Double, decimals: Int) -> String {
    let text = String(format: "%.\(max(0, decimals))f", number)
    return text == "-0" ? "0" : text
  }
}
