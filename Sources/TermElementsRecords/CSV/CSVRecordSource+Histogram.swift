/// The ranges of a column of numbers (`F` on more numbers than it counts one by one): two
/// passes over the file, the least and greatest numbers, then each in its range.
extension CSVRecordSource {
  /// How many records of `view` hold a number of `column` in each range: one pass over the
  /// file for the least and greatest numbers, then one counting each in its range, through
  /// the view's filter; fields that are not numbers are counted in
  /// ``ValueHistogram/others``. Cancelling the task throws `CancellationError` within a block;
  /// ``activity`` says how far the reads got.
  public func histogram(ofColumn column: Int, in view: RecordView) async throws
    -> ValueHistogram?
  {
    guard columns.indices.contains(column) else {
      throw RecordSourceError.failed("There is no column \(column + 1) to count")
    }
    let filter = try view.filter.map { text throws(RecordSourceError) in
      try RecordFilter.parse(text, columns: columns)
    }
    let state = try await index.wait { $0.isComplete }
    viewProgress.withLock { $0 = 0 }
    defer { viewProgress.withLock { $0 = nil } }
    var (least, greatest, integers) = (Double.infinity, -Double.infinity, true)
    try await forEachValue(ofColumn: column, passing: filter, state.checkpoints, pass: 0) {
      guard $0.isNumber, let number = $0.numericValue, number.isFinite else { return }
      least = min(least, number)
      greatest = max(greatest, number)
      if case .integer = $0 {} else { integers = false }
    }
    guard let ranges = ValueRanges(least: least, greatest: greatest, integers: integers) else {
      return nil
    }
    var histogram = ValueHistogram(
      ranges: ranges, counts: Array(repeating: 0, count: ranges.count), records: 0)
    try await forEachValue(ofColumn: column, passing: filter, state.checkpoints, pass: 1) {
      histogram.add($0)
    }
    return histogram
  }

  /// Calls `body` with the value of `column` of each record that passes `filter` (all, for
  /// `nil`), in the file's order, block by block from `checkpoints`; pass `pass` of two says
  /// how far in ``activity``.
  private func forEachValue(
    ofColumn column: Int, passing filter: RecordFilter?, _ checkpoints: [UInt64], pass: Int,
    _ body: (CellValue) -> Void
  ) async throws {
    let perBlock = Self.sortBlockCheckpoints
    let size = Double(max(1, file.size))
    var buffer: [UInt8] = []
    for first in stride(from: 0, to: checkpoints.count, by: perBlock) {
      try Task.checkCancellation()
      let end = first + perBlock < checkpoints.count ? checkpoints[first + perBlock] : file.size
      if let filter {
        try forEachValue(ofColumn: column, in: checkpoints[first]..<end, passing: filter, body)
      } else {
        try forEachField(ofColumn: column, in: checkpoints[first]..<end, buffer: &buffer) {
          value, field in
          let value =
            value.map { CSVValue.value($0) } ?? field().map { CSVValue.value($0, cut: false) }
          body(value ?? .null)
        }
      }
      viewProgress.withLock { $0 = (Double(pass) + Double(end) / size) / 2 }
      await Task.yield()
    }
  }
}
