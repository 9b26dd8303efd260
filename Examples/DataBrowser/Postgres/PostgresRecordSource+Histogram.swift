import TermElementsRecords
import TermElementsRecordsSQL

extension PostgresRecordSource {
  /// How many records of `view` hold a number of `column` in each range: the least and
  /// greatest values, then one `GROUP BY` of each value's range in `numeric` (exactly as the
  /// ends are written), both the shared planner's
  /// (``TermElementsRecordsSQL/SQLKeysetPlanner/histogram(of:lower:width:decimals:)``), in
  /// one read-only transaction under the link's statement timeout, cancelled on the server
  /// when the task is. `nil` for a column that does not hold numbers.
  public func histogram(ofColumn column: Int, in view: RecordView) async throws
    -> ValueHistogram?
  {
    guard table.columns.indices.contains(column) else {
      throw RecordSourceError.failed("there is no column \(column + 1)")
    }
    let described = table.columns[column]
    guard described.kind == .integer || described.kind == .real || described.kind == .decimal
    else { return nil }
    let query = try viewQuery(RecordView(filter: view.filter))
    let planner = query.planner
    let expression = planner.sql(of: described.name)
    let bounds = PostgresStatement(planner.valueBounds(of: expression))
    let integers = described.kind == .integer
    return try await link.read { session -> ValueHistogram? in
      let rows = try await session.rows(bounds) { row -> [String?] in
        (0..<5).map { row.text($0) }
      }
      guard let row = rows.first, let least = row[0].flatMap(Double.init),
        let greatest = row[1].flatMap(Double.init),
        let ranges = ValueRanges(least: least, greatest: greatest, integers: integers)
      else { return nil }
      let (records, values, numbers) = (
        row[2].flatMap { Int($0) } ?? 0, row[3].flatMap { Int($0) } ?? 0,
        row[4].flatMap { Int($0) } ?? 0
      )
      let statement = PostgresStatement(
        planner.histogram(
          of: expression, lower: ranges.lower, width: ranges.width, decimals: ranges.decimals))
      let found = try await session.rows(statement) { row -> (Int, Int)? in
        guard let range = row.text(0).flatMap({ Double($0) }), range.isFinite,
          let count = row.text(1).flatMap({ Int($0) })
        else { return nil }
        return (Int(range), count)
      }
      var counts = Array(repeating: 0, count: ranges.count)
      for case (let range, let count)? in found {
        counts[min(max(0, range), ranges.count - 1)] += count
      }
      return ValueHistogram(
        ranges: ranges, counts: counts, records: records, nulls: records - values,
        others: values - numbers)
    }
  }
}
