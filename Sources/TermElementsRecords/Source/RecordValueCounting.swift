/// A source that counts how many records of a view hold each value of a column, where the
/// records are (a `GROUP BY` on a database, one pass over a file): `F`.
///
/// ```swift
/// let people = MemoryRecordSource(
///   name: "people", columns: ["id", "city"],
///   records: [[.integer(1), .text("Oslo")], [.integer(2), .text("Oslo")]])
/// let counts = try await people.valueCounts(ofColumn: 1, in: .all, limit: 100)
/// // counts.entries == [.init(value: .text("Oslo"), count: 2)]
/// ```
public protocol RecordValueCounting: RecordSource {
  /// How many records of `view` (through its filter) hold each value of `column`, most
  /// frequent first (equal counts in the values' order), keeping the `limit` most frequent;
  /// NULL is a value of its own, apart from the text `NULL`.
  ///
  /// Cancelling the task stops the count and throws `CancellationError`.
  func valueCounts(ofColumn column: Int, in view: RecordView, limit: Int) async throws
    -> ValueCounts

  /// How many records of `view` (through its filter) hold a number in each of about 20
  /// ranges of a round width from the least number of `column`
  /// to its greatest (``ValueRanges``), NULL apart: what `F` shows for a column of numbers
  /// with more values than ``valueCounts(ofColumn:in:limit:)`` kept. `nil` when the source
  /// cannot count ranges, or the column holds no two different numbers; the screen then
  /// shows the most frequent values.
  ///
  /// Cancelling the task stops the count and throws `CancellationError`.
  func histogram(ofColumn column: Int, in view: RecordView) async throws -> ValueHistogram?
}

extension RecordValueCounting {
  /// No ranges: the frequency screen shows the most frequent values.
  public func histogram(ofColumn column: Int, in view: RecordView) async throws
    -> ValueHistogram?
  {
    nil
  }
}
