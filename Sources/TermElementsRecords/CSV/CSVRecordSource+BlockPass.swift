import Synchronization

/// One pass over a whole indexed file in blocks of ``CSVRecordSource/sortBlockCheckpoints``
/// checkpoints, on two threads: what a sort, a count of values and a summary share.
extension CSVRecordSource {
  /// A block of a pass: its number, from 0 at the start of the file, its bytes (whole
  /// records) and the number of its first record, from 0.
  struct PassBlock {
    /// Its number, from 0 at the start of the file: the threads take the blocks in order.
    let number: Int
    /// Its bytes: the records that start in them, whole.
    let bytes: Range<UInt64>
    /// The number of its first record, from 0.
    let firstRecord: Int
  }

  /// Reads the blocks of the index's `checkpoints` on two threads (one for four blocks or
  /// fewer), which take them in the order of their numbers: each thread makes a state of its
  /// own with `start`, gives it to `read` with each block it takes, and to `finish` once no
  /// block is left. ``viewProgress`` follows the bytes read, from `progressStart` on, times
  /// `progressShare`; cancelling the task throws `CancellationError` within a block.
  func passOverBlocks<Partial>(
    of checkpoints: [UInt64], progressStart: Double = 0, progressShare: Double = 1,
    start: @escaping @Sendable () -> Partial,
    read: @escaping @Sendable (inout Partial, PassBlock) throws -> Void,
    finish: @escaping @Sendable (inout Partial) throws -> Void = { _ in }
  ) async throws {
    let perBlock = Self.sortBlockCheckpoints
    let blocks = (checkpoints.count + perBlock - 1) / perBlock
    let pass = CSVBlockPass()
    let size = Double(max(1, file.size))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<(blocks > 4 ? 2 : 1) {
        group.addTask {
          var partial = start()
          while true {
            let block = pass.next.withLock { next in
              defer { next += 1 }
              return next
            }
            guard block < blocks else { break }
            try Task.checkCancellation()
            let first = block * perBlock
            let end =
              first + perBlock < checkpoints.count ? checkpoints[first + perBlock] : self.file.size
            try read(
              &partial,
              PassBlock(
                number: block, bytes: checkpoints[first]..<end,
                firstRecord: first * CSVIndex.stride))
            let reached = pass.reached.withLock { done in
              done = max(done, Int(end))
              return done
            }
            self.viewProgress.withLock {
              $0 = progressStart + Double(reached) / size * progressShare
            }
            await Task.yield()
          }
          try finish(&partial)
        }
      }
      try await group.waitForAll()
    }
  }
}

/// What the threads of a pass add theirs up to: counts, a tally, bounds.
final class CSVPassTotal<Value: Sendable>: Sendable {
  /// The total so far.
  let value: Mutex<Value>

  /// A total that starts at `value`.
  init(_ value: Value) { self.value = Mutex(value) }
}

/// What the threads of a pass share: the next block to take, and how far they read.
private final class CSVBlockPass: Sendable {
  let next = Mutex(0)
  let reached = Mutex(0)
}
