import Dispatch
import Glibc
import Synchronization
import TermElementsRecords

/// A thread of its own that runs jobs one at a time, in the order given: libpq's connections
/// are not thread-safe and their calls block, so each connection is used on one such thread
/// only, and no task of the cooperative pool, nor the main actor, ever waits on the network.
///
/// A job may also start on its caller, when the thread is idle (``perform(startingHere:else:)``):
/// what cannot block, such as sending a statement, then costs no wait for the thread to wake.
final class ConnectionThread: Sendable {
  /// What the thread does next.
  private enum Job {
    /// Runs the closure.
    case run(@Sendable () -> Void)
    /// Ends the thread.
    case stop
  }

  /// The jobs not started yet, first first, and whether one runs.
  private struct Queue {
    /// The jobs not started yet, first first.
    var jobs: [Job] = []
    /// Whether the thread runs a job.
    var isRunning = false
  }

  /// The jobs not started yet, and whether one runs.
  private let queue = Mutex(Queue())
  /// One signal per job given.
  private let ready = DispatchSemaphore(value: 0)

  /// Starts the thread, which waits for jobs until ``stop()``.
  ///
  /// - Throws: ``TermElementsRecords/RecordSourceError/failed(_:)`` when the system cannot
  ///   start a thread.
  init() throws(RecordSourceError) {
    try Self.detach { [self] in
      while true {
        ready.wait()
        let next = queue.withLock { queue in
          queue.isRunning = true
          return queue.jobs.removeFirst()
        }
        guard case .run(let job) = next else { return }
        job()
        queue.withLock { $0.isRunning = false }
      }
    }
  }

  /// Runs `job` on the thread, after the jobs given before it.
  func run(_ job: @escaping @Sendable () -> Void) {
    queue.withLock { $0.jobs.append(.run(job)) }
    ready.signal()
  }

  /// `work`'s value, computed on the thread after the jobs given before it; the caller waits
  /// without holding a thread of its own.
  func perform<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      run { continuation.resume(with: Result(catching: work)) }
    }
  }

  /// A job's value, begun on the caller when the thread is idle: then `start` runs at once,
  /// no job of the thread starting until it returns, and the rest of the job it returns runs
  /// on the thread next. When the thread is busy, or `start` returns `nil`, `work` runs on the
  /// thread after the jobs given before it, as with ``perform(_:)``.
  ///
  /// `start` must not block: it runs under the thread's lock, on the caller's executor.
  func perform<T: Sendable>(
    startingHere start: () throws -> (@Sendable () throws -> T)?,
    else work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      do {
        try queue.withLock { queue in
          let rest = queue.jobs.isEmpty && !queue.isRunning ? try start() : nil
          let job = rest ?? work
          queue.jobs.append(.run { continuation.resume(with: Result(catching: job)) })
        }
        ready.signal()
      } catch {
        continuation.resume(throwing: error)
      }
    }
  }

  /// Ends the thread once the jobs given before are done.
  func stop() {
    queue.withLock { $0.jobs.append(.stop) }
    ready.signal()
  }

  /// Runs `body` on a new detached thread.
  ///
  /// - Throws: ``TermElementsRecords/RecordSourceError/failed(_:)`` when the system cannot
  ///   start one.
  static func detach(_ body: @escaping @Sendable () -> Void) throws(RecordSourceError) {
    final class Body {
      let run: @Sendable () -> Void
      init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      throw .failed("cannot start a thread: \(String(cString: strerror(started)))")
    }
    pthread_detach(thread)
  }
}
