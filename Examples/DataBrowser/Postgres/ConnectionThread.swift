import Dispatch
import Glibc
import Synchronization
import TermElementsRecords

/// A thread of its own that runs jobs one at a time, in the order given: libpq's connections
/// are not thread-safe and their calls block, so each connection is used on one such thread
/// only, and no task of the cooperative pool, nor the main actor, ever waits on the network.
final class ConnectionThread: Sendable {
  /// What the thread does next.
  private enum Job {
    /// Runs the closure.
    case run(@Sendable () -> Void)
    /// Ends the thread.
    case stop
  }

  /// The jobs not started yet, first first.
  private let jobs = Mutex<[Job]>([])
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
        guard case .run(let job) = jobs.withLock({ $0.removeFirst() }) else { return }
        job()
      }
    }
  }

  /// Runs `job` on the thread, after the jobs given before it.
  func run(_ job: @escaping @Sendable () -> Void) {
    jobs.withLock { $0.append(.run(job)) }
    ready.signal()
  }

  /// `work`'s value, computed on the thread after the jobs given before it; the caller waits
  /// without holding a thread of its own.
  func perform<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      run { continuation.resume(with: Result(catching: work)) }
    }
  }

  /// Ends the thread once the jobs given before are done.
  func stop() {
    jobs.withLock { $0.append(.stop) }
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
