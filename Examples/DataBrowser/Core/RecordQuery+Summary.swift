import GRDB
import TermElementsRecords
import TermElementsRecordsSQL

extension RecordQuery {
  /// The records a sample of distinct values reads at most: past it, the distinct values of a
  /// column no index holds are estimated from the first ones.
  public static let distinctSampleLimit = 100_000

  /// The summary of column `name` through the filter (the order does not matter): one
  /// statement of the planner's (``SQLKeysetPlanner/summary(ofColumn:parts:)``) counting its
  /// values, NULLs and storage classes, with its least, greatest and mean; distinct values
  /// exact for the key (as many as values), counted by `count(DISTINCT …)` when an index
  /// starts with the column, else from a sample of the first `sampleLimit` records, exact when
  /// the sample holds them all.
  public func summary(_ db: Database, column name: String, sampleLimit: Int = distinctSampleLimit)
    throws -> ColumnSummary
  {
    try checkFilter()
    let isKey =
      schema.keyColumns.count == 1 && schema.keyColumns[0].lowercased() == name.lowercased()
    let indexed = try !isKey && Self.isIndexed(db, column: name, in: schema)
    var parts: SQLSummaryParts = [.extremes, .mean, .storageClasses]
    if indexed { parts.insert(.distinct) }
    let statement = planner.summary(ofColumn: name, parts: parts)
    guard
      let row = try Row.fetchOne(
        db.cachedStatement(sql: statement.sql), arguments: statement.arguments)
    else { throw RecordSourceError.failed("The summary of \(name) read no row") }
    let records: Int = row["records"]
    let values: Int = row["values"]
    let kinds = ["integer", "real", "text", "blob"].filter { kind in
      (row[kind + "s"] as Int? ?? 0) > 0
    }
    let distinct: RecordCount
    if isKey {
      distinct = .exact(values)
    } else if indexed {
      distinct = .exact(row["distinct"])
    } else {
      let sample = planner.distinctSample(ofColumn: name, limit: sampleLimit)
      let counts = try Row.fetchOne(
        db.cachedStatement(sql: sample.sql), arguments: sample.arguments)
      let estimate = SQLKeysetPlanner<DatabaseValue>.estimatedDistinct(
        values: values, sampled: counts?["sampled"] ?? 0, distinct: counts?["distinct"] ?? 0,
        once: counts?["once"] ?? 0)
      distinct = estimate.isExact ? .exact(estimate.value) : .estimated(estimate.value)
    }
    let least: DatabaseValue = row["least"]
    let greatest: DatabaseValue = row["greatest"]
    return ColumnSummary(
      kinds: kinds, values: values, nulls: records - values, distinct: distinct,
      minimum: least.isNull ? nil : CellValue(least),
      maximum: greatest.isNull ? nil : CellValue(greatest), mean: row["mean"])
  }
}
