import GRDB
import TermElementsRecords

extension SQLiteRecordSource: RecordValueCounting {
  /// How many records of `view` hold each value of `column`: one `GROUP BY` of the shared
  /// planner's (``TermElementsRecordsSQL/SQLKeysetPlanner/valueCounts(of:limit:)``), which an
  /// index on the column serves; cancelling interrupts it.
  public func valueCounts(ofColumn column: Int, in view: RecordView, limit: Int) async throws
    -> ValueCounts
  {
    guard column >= 0, column < schema.columns.count else {
      throw RecordSourceError.failed("there is no column \(column + 1)")
    }
    let reader = try reader(RecordView(filter: view.filter))
    let name = schema.columns[column]
    return try await run { try await reader.valueCounts(of: name, limit: limit) }
  }
}

extension RecordReader {
  /// How many records that pass the filter hold each value of `column`, the `limit` most
  /// frequent kept.
  public func valueCounts(of column: String, limit: Int) async throws -> ValueCounts {
    try await read { [query] db in try query.valueCounts(db, of: column, limit: limit) }
  }
}

extension RecordQuery {
  /// How many records that pass the filter hold each value of `column`, the `limit` most
  /// frequent kept, with how many values and records the limit left out.
  public func valueCounts(_ db: Database, of column: String, limit: Int) throws -> ValueCounts {
    try checkFilter()
    let statement = planner.valueCounts(of: planner.sql(of: column), limit: limit)
    var entries: [ValueCounts.Entry] = []
    var (values, records) = (0, 0)
    let rows = try Row.fetchCursor(
      db.cachedStatement(sql: statement.sql), arguments: statement.arguments)
    while let row = try rows.next() {
      let value: DatabaseValue = row[0]
      entries.append(ValueCounts.Entry(value: CellValue(value), count: row[1]))
      values = row[2]
      records = row[3]
    }
    let kept = entries.reduce(0) { $0 + $1.count }
    if entries.isEmpty { records = try count(db) }
    return ValueCounts(
      entries: entries, records: records, otherRecords: records - kept,
      otherValues: values - entries.count)
  }
}
