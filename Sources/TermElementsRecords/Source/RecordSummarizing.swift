/// A source that sums up one column of a view where its records are, without sending them to
/// the screen: its kinds of values, how many values and NULLs, how many distinct values, the
/// least and the greatest, and the mean of its numbers: `I`.
///
/// ```swift
/// let people = MemoryRecordSource(
///   name: "people", columns: ["id", "city"],
///   records: [[.integer(1), .text("Oslo")], [.integer(2), .null]], keyColumns: [0])
/// let city = try await people.summary(ofColumn: 1, in: .all)
/// // city.values == 1, city.nulls == 1, city.kinds == ["text"]
/// ```
public protocol RecordSummarizing: RecordSource {
  /// The summary of `column` over the records of `view` (its filter; the order does not
  /// matter). Cancelling the task stops the work and throws `CancellationError`.
  func summary(ofColumn column: Int, in view: RecordView) async throws -> ColumnSummary
}
