import Dispatch
import Glibc
import Synchronization
import TermElementsRecords

/// A thread of its own that runs jobs one at a time, in the order given: libpq's connections
/// are not thread-safe and their calls block, so each connection is used by one job at a time,
/// and no task of the cooperative pool, nor the main actor, ever waits on the network.
///
/// A job that cannot block (sending a few statements on an idle connection) may run at once
/// on the caller's thread instead, with ``runNow(_:)``, when no job runs or waits: the order
/// of the jobs is kept, and the thread wakes for what follows while the server works.
final class ConnectionThread: Sendable {
  /// What the thread does next.
  private enum Job {
    /// Runs the closure.
    case run(@Sendable () -> Void)
    /// Ends the thread.
    case stop
  }

  /// The jobs not started yet, and whether one runs, here or on a caller's thread.
  private struct Queue {
    /// The jobs not started yet, first first.
    var jobs: [Job] = []
    /// Whether a job runs.
    var isBusy = false
  }

  /// The jobs and whether one runs.
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
        guard case .run(let job) = next() else { return }
        job()
        queue.withLock { $0.isBusy = false }
      }
    }
  }

  /// The next job, marked running once no job given to ``runNow(_:)`` runs: such a job only
  /// sends statements, and the thread yields until it is done.
  private func next() -> Job {
    while true {
      let job = queue.withLock { queue -> Job? in
        guard !queue.isBusy else { return nil }
        queue.isBusy = true
        return queue.jobs.removeFirst()
      }
      if let job { return job }
      sched_yield()
    }
  }

  /// Runs `job` on the thread, after the jobs given before it.
  func run(_ job: @escaping @Sendable () -> Void) {
    queue.withLock { $0.jobs.append(.run(job)) }
    ready.signal()
  }

  /// `job`'s value, computed at once on the caller's thread when no job runs or waits (the
  /// jobs given meanwhile wait for it), or `nil` when one does; `job` must not block, and may
  /// decline with `nil` too.
  func runNow<T>(_ job: () throws -> T?) rethrows -> T? {
    let isFree = queue.withLock { queue in
      guard !queue.isBusy && queue.jobs.isEmpty else { return false }
      queue.isBusy = true
      return true
    }
    guard isFree else { return nil }
    defer { queue.withLock { $0.isBusy = false } }
    return try job()
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
