import TermElementsRecords

extension SQLiteRecordSource: RecordSummarizing {
  /// The summary of `column` through `view`'s filter, in SQL where the records are
  /// (``RecordReader/summary(ofColumn:)``); cancelling the task interrupts its statement.
  public func summary(ofColumn column: Int, in view: RecordView) async throws -> ColumnSummary {
    guard column >= 0, column < schema.columns.count else {
      throw RecordSourceError.failed("there is no column \(column + 1)")
    }
    let reader = try reader(RecordView(filter: view.filter))
    let name = schema.columns[column]
    return try await run { try await reader.summary(ofColumn: name) }
  }
}
