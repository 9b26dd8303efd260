import CLibpq
import Synchronization

/// The rows of one result, made by two threads at once: the connection's thread, which hands
/// the result over as soon as it has it, and the reader, which helps as soon as it wakes.
///
/// Waking the reader costs about as much as making a page's records: the connection's thread
/// makes rows meanwhile, instead of before, and the reader makes the rest beside it. Each row
/// is claimed by one thread, and both make rows from one counter; the reader then has the
/// rows, or waits for the last one the connection's thread makes, and for the outcome of the
/// statements that followed in the same round trip (their `COMMIT`).
///
/// The connection's thread hands the build over (the reader wakes), then reads what followed
/// the result and calls ``finish(_:)``; the reader takes the rows with ``rows()``.
final class SharedRowBuild<Row: Sendable>: @unchecked Sendable {
  // @unchecked: each row is written by the one thread that claimed it, and read only after
  // every row was counted as made; the rest is atomic, locked, or constant.

  /// The result, cleared when the build is gone.
  private let result: OpaquePointer
  /// Makes a row from libpq's values.
  private let reading: @Sendable (PostgresRow) -> Row
  /// How many rows the result holds.
  private let count: Int
  /// The rows, each written once by the thread that claimed it.
  private let storage: UnsafeMutablePointer<Row>
  /// The next row to claim.
  private let claimed = Atomic(0)
  /// How many rows are made.
  private let made = Atomic(0)
  /// Whether the outcome is known (``finish(_:)``).
  private let isFinished = Atomic(false)
  /// The outcome of the round trip and the reader waiting for the build, if it waits.
  private let state = Mutex(State())

  /// What is known of the round trip, and who waits.
  private struct State {
    /// The outcome of the statements after the result, once read.
    var outcome: Result<Void, any Error>?
    /// The reader, once it waits for the connection's thread.
    var waiting: CheckedContinuation<Void, Never>?
    /// Whether the rows were moved out to the reader.
    var isTaken = false
  }

  /// A build of `result`'s rows, which it clears when it is gone.
  init(result: OpaquePointer, reading: @escaping @Sendable (PostgresRow) -> Row) {
    self.result = result
    self.reading = reading
    self.count = Int(PQntuples(result))
    self.storage = .allocate(capacity: max(1, count))
  }

  deinit {
    if !state.withLock({ $0.isTaken }) {
      storage.deinitialize(count: made.load(ordering: .acquiring))
    }
    storage.deallocate()
    PQclear(result)
  }

  /// Makes rows until none is left to claim: by either thread.
  private func makeRows() {
    while true {
      let index = claimed.wrappingAdd(1, ordering: .relaxed).oldValue
      guard index < count else { return }
      (storage + index).initialize(to: reading(PostgresRow(result: result, index: Int32(index))))
      made.wrappingAdd(1, ordering: .releasing)
    }
  }

  /// The connection's thread's part, once it read what followed the result: records that
  /// `outcome`, makes rows beside the reader, then lets the reader go on if it waits.
  func finish(_ outcome: Result<Void, any Error>) {
    state.withLock { $0.outcome = outcome }
    isFinished.store(true, ordering: .releasing)
    makeRows()
    let reader = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard isDone else { return nil }
      defer { state.waiting = nil }
      return state.waiting
    }
    reader?.resume()
  }

  /// The rows, once made, by the reader: it makes rows beside the connection's thread, then
  /// waits for the one it makes last (a few microseconds, spinning; longer, suspended).
  ///
  /// - Throws: what failed after the result in the same round trip.
  func rows() async throws -> [Row] {
    makeRows()
    var spins = 0
    while !isDone, spins < Self.spinLimit { spins += 1 }
    if !isDone {
      await withCheckedContinuation { continuation in
        // Looked at once under the lock: the connection's thread, which makes the last row or
        // learns the outcome, then looks under the lock too, and lets the reader go on.
        let waits = state.withLock { state in
          guard !isDone else { return false }
          state.waiting = continuation
          return true
        }
        if !waits { continuation.resume() }
      }
    }
    return try state.withLock { state in
      try state.outcome?.get()
      state.isTaken = true
      return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
        buffer.baseAddress?.moveInitialize(from: storage, count: count)
        initialized = count
      }
    }
  }

  /// How many times the reader looks before it suspends: about as long as a row takes.
  static var spinLimit: Int { 2_000 }

  /// Whether every row is made and the outcome known.
  private var isDone: Bool {
    isFinished.load(ordering: .acquiring) && made.load(ordering: .acquiring) == count
  }
}
