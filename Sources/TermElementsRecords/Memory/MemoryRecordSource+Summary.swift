/// The summary of a column in memory: one pass over the records of the view.
extension MemoryRecordSource: RecordSummarizing {
  /// The summary of `column` over the records `view`'s filter keeps, counted in memory;
  /// the distinct values are exact up to 100,000 of them, estimated beyond.
  public func summary(ofColumn column: Int, in view: RecordView) async throws -> ColumnSummary {
    guard columns.indices.contains(column) else {
      throw RecordSourceError.failed("There is no column \(column + 1) to sum up")
    }
    let filter = try check(RecordView(filter: view.filter))
    var tally = ColumnTally()
    for (read, record) in records.enumerated() {
      if read % 4_096 == 0 { try Task.checkCancellation() }
      guard filter?.matches(record) ?? true else { continue }
      tally.add(record[column])
    }
    return tally.summary
  }
}
