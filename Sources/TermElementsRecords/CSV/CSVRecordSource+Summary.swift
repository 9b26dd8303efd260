/// The summary of a column of a CSV file: one pass over the file on two threads, as a sort's
/// pass reads it, each block's fields of the column counted into a ``ColumnTally`` (distinct
/// values estimated by a sketch beyond 100,000), the threads' tallies added at the end.
extension CSVRecordSource: RecordSummarizing {
  /// The summary of `column` over the records of `view`'s filter: waits for the index, reads
  /// the records the filter keeps first (once, kept for the view's pages), then the column's
  /// fields of the whole file. A value longer than the 64 KiB a sort compares counts by its
  /// start. Cancelling the task throws `CancellationError` within a block; ``activity`` says
  /// how far the pass got.
  public func summary(ofColumn column: Int, in view: RecordView) async throws -> ColumnSummary {
    guard columns.indices.contains(column) else {
      throw RecordSourceError.failed("There is no column \(column + 1) to sum up")
    }
    let filtered = try await view.filter.asyncMap {
      try await viewOrder(RecordView(filter: $0))
    }
    let state = try await index.wait { $0.isComplete }
    viewProgress.withLock { $0 = 0 }
    defer { viewProgress.withLock { $0 = nil } }
    let total = CSVPassTotal(ColumnTally())
    // Each thread's tally, and the bytes it reads records into.
    try await passOverBlocks(
      of: state.checkpoints, start: { (ColumnTally(), [UInt8]()) },
      read: { thread, block in
        var record = block.firstRecord
        try self.forEachField(ofColumn: column, in: block.bytes, buffer: &thread.1) {
          value, field in
          defer { record += 1 }
          if let filtered, record >= filtered.ranks.count || filtered.ranks[record] < 0 {
            return
          }
          let value =
            value.map { CSVValue.value($0) } ?? field().map { CSVValue.value($0, cut: false) }
          thread.0.add(value ?? .null)
        }
      },
      finish: { thread in total.value.withLock { [tally = thread.0] in $0.add(tally) } })
    return total.value.withLock { $0.summary }
  }
}
