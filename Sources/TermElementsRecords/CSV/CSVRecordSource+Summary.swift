import Synchronization

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
    let checkpoints = state.checkpoints
    let perBlock = Self.sortBlockCheckpoints
    let blocks = (checkpoints.count + perBlock - 1) / perBlock
    let pass = CSVSummaryPass()
    let size = Double(max(1, file.size))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<(blocks > 4 ? 2 : 1) {
        group.addTask {
          var tally = ColumnTally()
          var buffer: [UInt8] = []
          while true {
            let block = pass.next.withLock { next in
              defer { next += 1 }
              return next
            }
            guard block < blocks else { break }
            try Task.checkCancellation()
            let first = block * perBlock
            let end =
              first + perBlock < checkpoints.count
              ? checkpoints[first + perBlock] : self.file.size
            var record = first * CSVIndex.stride
            try self.forEachField(ofColumn: column, in: checkpoints[first]..<end, buffer: &buffer) {
              value, field in
              defer { record += 1 }
              if let filtered, record >= filtered.ranks.count || filtered.ranks[record] < 0 {
                return
              }
              let value =
                value.map { CSVValue.value($0) } ?? field().map { CSVValue.value($0, cut: false) }
              tally.add(value ?? .null)
            }
            let reached = pass.reached.withLock { done in
              done = max(done, Int(end))
              return done
            }
            self.viewProgress.withLock { $0 = Double(reached) / size }
            await Task.yield()
          }
          pass.tally.withLock { $0.add(tally) }
        }
      }
      try await group.waitForAll()
    }
    return pass.tally.withLock { $0.summary }
  }
}

/// What the threads of a summary's pass share: the next block, how far they read, and the
/// tally their blocks add up to.
private final class CSVSummaryPass: Sendable {
  let next = Mutex(0)
  let reached = Mutex(0)
  let tally = Mutex(ColumnTally())
}
