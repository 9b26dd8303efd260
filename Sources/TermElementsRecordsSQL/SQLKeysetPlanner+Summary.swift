/// The statements of the summary of a column (`I`): its counts, least and greatest values,
/// mean and kinds in one scan of the view, and an estimate of its distinct values from a
/// sample.
extension SQLKeysetPlanner {
  /// The longest a least or greatest value of text or bytes is read.
  public static var summaryValueLimit: Int { 256 }

  /// One row summing up column `name` through the filter, with a column for each of `parts`,
  /// named as ``summaryColumns(_:)`` lists them: `records` (`count(*)`), `values`
  /// (`count(column)`), then `least` and `greatest`, `mean`, `distinct`, and `reals` or
  /// `integers`, `reals`, `texts`, `blobs` where asked. On PostgreSQL, the least and greatest values of a
  /// column whose values are text (`isText`) are cut to ``summaryValueLimit`` characters;
  /// SQLite cuts its text and BLOBs whatever the column.
  ///
  /// ```swift
  /// let statement = planner.summary(ofColumn: "name", parts: [.distinct])
  /// // SELECT count(*) AS "records", count("people"."name") AS "values",
  /// //   count(DISTINCT "people"."name") AS "distinct" FROM "people"
  /// ```
  public func summary(ofColumn name: String, parts: SQLSummaryParts, isText: Bool = false)
    -> SQLStatement<Value>
  {
    let column = sql(of: name)
    let sqlite = dialect.database == .sqlite
    var terms = ["count(*) AS \"records\"", "count(\(column)) AS \"values\""]
    if parts.contains(.extremes) {
      for (function, alias) in [("min", "least"), ("max", "greatest")] {
        let value = "\(function)(\(column))"
        let limit = Self.summaryValueLimit
        let cut =
          sqlite
          ? "CASE WHEN typeof(\(value)) IN ('text', 'blob') THEN substr(\(value), 1, \(limit))"
            + " ELSE \(value) END"
          : isText ? "pg_catalog.left(\(value), \(limit))" : value
        terms.append("\(cut) AS \"\(alias)\"")
      }
    }
    if parts.contains(.mean) {
      terms.append(
        sqlite
          ? "avg(CASE WHEN typeof(\(column)) IN ('integer', 'real') THEN \(column) END) AS \"mean\""
          : "CAST(avg(\(column)) AS DOUBLE PRECISION) AS \"mean\"")
    }
    if parts.contains(.numericMean), !parts.contains(.mean) {
      terms.append(
        sqlite
          ? "avg(\(column)) AS \"mean\"" : "CAST(avg(\(column)) AS DOUBLE PRECISION) AS \"mean\"")
    }
    if parts.contains(.distinct) {
      terms.append("count(DISTINCT \(column)) AS \"distinct\"")
    }
    if parts.contains(.reals), !parts.contains(.storageClasses), sqlite {
      terms.append("count(CASE WHEN typeof(\(column)) = 'real' THEN 1 END) AS \"reals\"")
    }
    if parts.contains(.storageClasses), sqlite {
      for (kind, alias) in [
        ("integer", "integers"), ("real", "reals"), ("text", "texts"), ("blob", "blobs"),
      ] {
        terms.append("count(CASE WHEN typeof(\(column)) = '\(kind)' THEN 1 END) AS \"\(alias)\"")
      }
    }
    return select(terms.joined(separator: ", "))
  }

  /// The names of the columns of ``summary(ofColumn:parts:isText:)`` with `parts`, in order.
  ///
  /// ```swift
  /// let names = planner.summaryColumns([.extremes])  // ["records", "values", "least", "greatest"]
  /// ```
  public func summaryColumns(_ parts: SQLSummaryParts) -> [String] {
    var names = ["records", "values"]
    if parts.contains(.extremes) { names += ["least", "greatest"] }
    if parts.contains(.mean) || parts.contains(.numericMean) { names.append("mean") }
    if parts.contains(.distinct) { names.append("distinct") }
    if parts.contains(.reals), !parts.contains(.storageClasses), dialect.database == .sqlite {
      names.append("reals")
    }
    if parts.contains(.storageClasses), dialect.database == .sqlite {
      names += ["integers", "reals", "texts", "blobs"]
    }
    return names
  }

  /// The distinct values of column `name` among the first `limit` records of the view in the
  /// key's order (as they come, with no key), for an estimate of the distinct values of the whole view
  /// (``estimatedDistinct(values:sampled:distinct:once:)``): one row of `sampled` (the
  /// sample's values that are not NULL), `distinct` and `once` (the values seen once).
  ///
  /// ```swift
  /// let sample = planner.distinctSample(ofColumn: "city", limit: 100_000)
  /// ```
  public func distinctSample(ofColumn name: String, limit: Int) -> SQLStatement<Value> {
    let inner = query(
      sql(of: name) + " AS \"v\"", where: [], orderBy: keySQL.isEmpty ? nil : keyOrder,
      limit: max(1, limit))
    var statement = SQLFragment<Value>(
      "SELECT coalesce(sum(\"n\"), 0) AS \"sampled\", count(*) AS \"distinct\", "
        + "count(CASE WHEN \"n\" = 1 THEN 1 END) AS \"once\" FROM (SELECT \"v\", "
        + "count(*) AS \"n\" FROM (")
    statement.append(inner)
    statement.append(") AS \"s\" WHERE \"v\" IS NOT NULL GROUP BY \"v\") AS \"g\"")
    return statement.statement(in: dialect)
  }

  /// The distinct values of a view of `values` values that are not NULL, from a sample of
  /// `sampled` of them holding `distinct` values, `once` of them seen once: the sample's count
  /// when it holds every value, else the GEE estimator of Charikar et al.,
  /// `√(values / sampled) · once + (distinct − once)`, at most `values`.
  ///
  /// ```swift
  /// let estimate = SQLKeysetPlanner<String>.estimatedDistinct(
  ///   values: 1_000_000, sampled: 100_000, distinct: 40_000, once: 30_000)
  /// // (value: 104868, isExact: false)
  /// ```
  public static func estimatedDistinct(values: Int, sampled: Int, distinct: Int, once: Int)
    -> (value: Int, isExact: Bool)
  {
    guard sampled < values, sampled > 0 else { return (distinct, true) }
    let scale = (Double(values) / Double(sampled)).squareRoot()
    let estimate = scale * Double(once) + Double(distinct - once)
    return (min(values, max(distinct, Int(estimate.rounded()))), false)
  }
}
