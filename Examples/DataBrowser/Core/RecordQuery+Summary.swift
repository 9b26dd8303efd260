import GRDB
import TermElementsRecords
import TermElementsRecordsSQL

extension RecordQuery {
  /// The records a sample of distinct values reads at most: past it, the distinct values of a
  /// column no index holds are estimated from the first ones.
  public static let distinctSampleLimit = 100_000

  /// The summary of column `name` through the filter (the order does not matter), in the
  /// planner's statements (``SQLKeysetPlanner/summary(ofColumn:parts:isText:)``): first the
  /// counts with the least and greatest values, which tell a column of text or of BLOBs alone
  /// (they sort after numbers, text before BLOBs) or of numbers alone; where there are
  /// numbers, a second scan counts the REAL values and takes the mean (of numbers alone, a
  /// plain `avg`), or, where they are mixed with text or BLOBs, counts every storage class. Distinct values are exact
  /// for the key (as many as values), counted by `count(DISTINCT …)` when an index starts
  /// with the column, else from a sample of the first `sampleLimit` records, exact when the
  /// sample holds them all.
  public func summary(_ db: Database, column name: String, sampleLimit: Int = distinctSampleLimit)
    throws -> ColumnSummary
  {
    try checkFilter()
    let isKey =
      schema.keyColumns.count == 1 && schema.keyColumns[0].lowercased() == name.lowercased()
    let indexed = try !isKey && Self.isIndexed(db, column: name, in: schema)
    let row = try fetchRow(
      db, planner.summary(ofColumn: name, parts: indexed ? [.extremes, .distinct] : [.extremes]))
    let records: Int = row["records"]
    let values: Int = row["values"]
    let least: DatabaseValue = row["least"]
    let greatest: DatabaseValue = row["greatest"]
    var kinds: [String] = []
    var mean: Double?
    switch (least.storage, greatest.storage) {
    case (.null, _), (_, .null):
      break
    case (.string, .string):
      kinds = ["text"]
    case (.blob, .blob):
      kinds = ["blob"]
    case (.string, .blob):
      kinds = ["text", "blob"]
    case (.int64, .int64), (.int64, .double), (.double, .int64), (.double, .double):
      // Numbers alone (text and BLOBs sort after them): the REAL ones, and a plain mean.
      let numbers = try fetchRow(
        db, planner.summary(ofColumn: name, parts: [.numericMean, .reals]))
      let reals: Int = numbers["reals"]
      kinds = (values > reals ? ["integer"] : []) + (reals > 0 ? ["real"] : [])
      mean = numbers["mean"]
    default:
      // Numbers among the values: which classes there are, and the mean of the numbers.
      let classes = try fetchRow(
        db, planner.summary(ofColumn: name, parts: [.mean, .storageClasses]))
      kinds = ["integer", "real", "text", "blob"].filter { kind in
        (classes[kind + "s"] as Int? ?? 0) > 0
      }
      mean = classes["mean"]
    }
    let distinct: RecordCount
    if isKey {
      distinct = .exact(values)
    } else if indexed {
      distinct = .exact(row["distinct"])
    } else {
      let counts = try fetchRow(db, planner.distinctSample(ofColumn: name, limit: sampleLimit))
      let estimate = SQLKeysetPlanner<DatabaseValue>.estimatedDistinct(
        values: values, sampled: counts["sampled"], distinct: counts["distinct"],
        once: counts["once"])
      distinct = estimate.isExact ? .exact(estimate.value) : .estimated(estimate.value)
    }
    return ColumnSummary(
      kinds: kinds, values: values, nulls: records - values, distinct: distinct,
      minimum: least.isNull ? nil : CellValue(least),
      maximum: greatest.isNull ? nil : CellValue(greatest), mean: mean)
  }

  /// The one row of `statement`, an aggregate's.
  private func fetchRow(_ db: Database, _ statement: SQLStatement<DatabaseValue>) throws -> Row {
    guard
      let row = try Row.fetchOne(
        db.cachedStatement(sql: statement.sql), arguments: statement.arguments)
    else { throw RecordSourceError.failed("the summary's statement gave no row") }
    return row
  }
}
