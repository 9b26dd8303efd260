import GRDB
import TermElementsRecords

extension SQLiteRecordSource {
  /// How many records of `view` hold a number of `column` in each range: the least and
  /// greatest numbers, then one `GROUP BY` of each number's range, both the shared planner's
  /// (``TermElementsRecordsSQL/SQLKeysetPlanner/histogram(of:lower:width:decimals:)``), in one
  /// read; cancelling interrupts them. Values stored as text or blobs are in no range: the
  /// histogram counts them in ``ValueHistogram/others``, which the screen's title says.
  public func histogram(ofColumn column: Int, in view: RecordView) async throws
    -> ValueHistogram?
  {
    guard column >= 0, column < schema.columns.count else {
      throw RecordSourceError.failed("there is no column \(column + 1)")
    }
    let reader = try reader(RecordView(filter: view.filter))
    let name = schema.columns[column]
    return try await run { try await reader.histogram(of: name) }
  }
}

extension RecordReader {
  /// How many records that pass the filter hold a number of `column` in each range.
  public func histogram(of column: String) async throws -> ValueHistogram? {
    try await read { [query] db in try query.histogram(db, of: column) }
  }
}

extension RecordQuery {
  /// How many records that pass the filter hold a number of `column` in each range, with the
  /// NULLs and the values not stored as numbers apart; `nil` when there are no two different
  /// numbers.
  public func histogram(_ db: Database, of column: String) throws -> ValueHistogram? {
    try checkFilter()
    let expression = planner.sql(of: column)
    let bounds = planner.valueBounds(of: expression)
    guard
      let row = try Row.fetchOne(
        db.cachedStatement(sql: bounds.sql), arguments: bounds.arguments)
    else { return nil }
    let least: DatabaseValue = row["least"]
    let greatest: DatabaseValue = row["greatest"]
    let (records, values, numbers): (Int, Int, Int) = (
      row["records"], row["values"], row["numbers"]
    )
    let integers = [least, greatest].allSatisfy {
      if case .int64 = $0.storage { true } else { false }
    }
    guard let low = Double.fromDatabaseValue(least), let high = Double.fromDatabaseValue(greatest),
      let ranges = ValueRanges(least: low, greatest: high, integers: integers)
    else { return nil }
    let statement = planner.histogram(
      of: expression, lower: ranges.lower, width: ranges.width, decimals: ranges.decimals)
    var counts = Array(repeating: 0, count: ranges.count)
    let rows = try Row.fetchCursor(
      db.cachedStatement(sql: statement.sql), arguments: statement.arguments)
    while let row = try rows.next() {
      let range: Int = row[0]
      counts[min(max(0, range), ranges.count - 1)] += row[1]
    }
    return ValueHistogram(
      ranges: ranges, counts: counts, records: records, nulls: records - values,
      others: values - numbers)
  }
}
