/// The ranges of a column of numbers (`F` on more numbers than it counts one by one): two
/// passes over the file on two threads, the least and greatest numbers, then each in its
/// range.
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
    let checkpoints = state.checkpoints
    let bounds = CSVPassTotal(NumberBounds())
    try await passOverBlocks(
      of: checkpoints, progressShare: 0.5, start: { (NumberBounds(), [UInt8]()) },
      read: { thread, block in
        try self.forEachValue(
          ofColumn: column, in: block.bytes, passing: filter, buffer: &thread.1
        ) { thread.0.add($0) }
      },
      finish: { thread in bounds.value.withLock { [found = thread.0] in $0.add(found) } })
    guard let ranges = bounds.value.withLock({ $0.ranges }) else { return nil }
    let empty = ValueHistogram(
      ranges: ranges, counts: Array(repeating: 0, count: ranges.count), records: 0)
    let histogram = CSVPassTotal(empty)
    try await passOverBlocks(
      of: checkpoints, progressStart: 0.5, progressShare: 0.5, start: { (empty, [UInt8]()) },
      read: { thread, block in
        try self.forEachValue(
          ofColumn: column, in: block.bytes, passing: filter, buffer: &thread.1
        ) { thread.0.add($0) }
      },
      finish: { thread in histogram.value.withLock { [found = thread.0] in $0.add(found) } })
    return histogram.value.withLock { $0 }
  }
}
