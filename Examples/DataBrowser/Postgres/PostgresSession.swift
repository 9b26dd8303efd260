import Glibc
import Synchronization

/// One connection as ``PostgresLink/read(_:)`` lends it out: its statements run in the read's
/// read-only transaction, whose `BEGIN` and `statement_timeout` go with the first statement in
/// one round trip, and whose end goes without waiting for the server.
public final class PostgresSession: Sendable {
  /// The connection.
  let connection: PostgresConnection
  /// The read under way, and whether a statement of it runs.
  private let state = Mutex(State())

  /// What a session is doing.
  private struct State {
    /// Which read the session serves, so that a cancel never stops the next one.
    var read = 0
    /// The statements that begin the read's transaction, until the first statement is sent
    /// with them.
    var begin: [String] = []
    /// Whether the read's transaction began (or its beginning was sent).
    var began = false
    /// Whether a statement runs on the connection's thread.
    var isRunning = false
    /// The read that was cancelled, if any: its statements not sent yet never are.
    var cancelled: Int?
    /// Whether a cancel request is on its way to the server: the next statement waits for it,
    /// so that a request meant for a read that ended meanwhile cannot stop the next one (the
    /// server ignores a request that finds its connection idle).
    var isCancelling = false
  }

  /// A session of `connection`.
  init(connection: PostgresConnection) {
    self.connection = connection
  }

  /// Whether the connection failed and must not be used again.
  var isBroken: Bool { connection.isBroken }

  /// The rows of `statement`, each a text per column (`bytea` as `\x` and hexadecimal
  /// digits), `nil` for NULL.
  public func rows(_ statement: PostgresStatement) async throws -> [[String?]] {
    try await rows(statement) { $0.texts }
  }

  /// The rows of `statement`, each made by `reading` from the values in libpq's memory (in
  /// text, or in binary with `binary`), on the connection's thread, and for a result of many
  /// rows on the caller's beside it (``SharedRowBuild``): nothing else of a row is allocated.
  /// With `prepare`, the statement is prepared on the connection the first time and run
  /// prepared after: for statements sent again and again with other parameters. With `last`,
  /// the read's transaction is committed in the same round trip, when the statement succeeds:
  /// the read sends nothing after it.
  ///
  /// The statements are sent from the caller's thread when the connection is idle (libpq does
  /// not block sending them), and only the wait for their results goes to its thread.
  func rows<Row: Sendable>(
    _ statement: PostgresStatement, binary: Bool = false, prepare: Bool = false,
    last: Bool = false, reading: @escaping @Sendable (PostgresRow) -> Row
  ) async throws -> [Row] {
    try Task.checkCancellation()
    let connection = connection
    @Sendable func send(_ begin: [String]) throws -> PostgresConnection.Sent {
      try connection.send(begin, statement, binary: binary, prepare: prepare, commit: last)
    }
    // Sent from here when the connection is idle: the connection's thread wakes while the
    // server works.
    let sent = try connection.thread.runNow { () throws -> PostgresConnection.Sent? in
      guard connection.canSendAtOnce, let begin = try start() else { return nil }
      do {
        return try send(begin)
      } catch {
        state.withLock { $0.isRunning = false }
        throw error
      }
    }
    let answer = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Answer<Row>, any Error>) in
      connection.thread.run { [self] in
        // A result handed over has its rows made by both threads; what fails after it goes
        // to the build, not to the continuation resumed with it.
        var build: SharedRowBuild<Row>?
        let outcome = Result {
          defer { state.withLock { $0.isRunning = false } }
          let rows = try connection.receive(
            sent ?? send(try startWaiting()), reading: reading,
            handingOver: { handed in
              build = handed
              continuation.resume(returning: .building(handed))
            })
          // Committed: nothing is left to end.
          if last { state.withLock { $0.began = false } }
          return rows
        }
        if let build {
          build.finish(outcome.map { _ in })
        } else {
          continuation.resume(with: outcome.map(Answer.rows))
        }
      }
    }
    switch answer {
    case .rows(let rows): return rows
    case .building(let build): return try await build.rows()
    }
  }

  /// What the connection's thread answers a statement with: its rows, or a result handed
  /// over for the rows to be made by both threads.
  private enum Answer<Row: Sendable>: Sendable {
    /// The rows.
    case rows([Row])
    /// The result, its rows being made.
    case building(SharedRowBuild<Row>)
  }

  /// Marks a statement of the read running, and returns the statements that begin the read
  /// to send before it (none once they were sent); `nil` while a cancel request is on its way.
  ///
  /// - Throws: `CancellationError` when the read was cancelled.
  private func start() throws -> [String]? {
    try state.withLock { state in
      // Checked and marked running in one step: a cancel either finds the statement running,
      // or the statement finds the cancel here.
      guard state.cancelled != state.read else { throw CancellationError() }
      guard !state.isCancelling else { return nil }
      state.isRunning = true
      defer { (state.begin, state.began) = ([], true) }
      return state.began ? [] : state.begin
    }
  }

  /// ``start()``, once no cancel request is on its way; on the connection's thread.
  private func startWaiting() throws -> [String] {
    while true {
      if let begin = try start() { return begin }
      usleep(200)
    }
  }

  /// Runs `body` in a read-only transaction whose statements time out after `timeout`
  /// seconds, and ends it: committed when `body` returns, rolled back when it throws.
  func transaction<T>(timeout: Int, _ body: (PostgresSession) async throws -> T) async throws
    -> T
  {
    try Task.checkCancellation()
    state.withLock { state in
      state.read += 1
      state.begin = [
        "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
        "SET LOCAL statement_timeout = '\(max(0, timeout))s'",
      ]
      state.began = false
    }
    do {
      let result = try await body(self)
      end(commit: true)
      return result
    } catch {
      end(commit: false)
      throw error
    }
  }

  /// Ends the read's transaction, if it began, without waiting for the server.
  private func end(commit: Bool) {
    guard state.withLock({ $0.began }) else { return }
    let connection = connection
    connection.thread.run { connection.end(commit: commit) }
  }

  /// Stops the read under way: its statements not sent yet are not sent, and the one running
  /// is cancelled with libpq's cancel request, again every 50 ms while it runs, so that a
  /// request that comes between two statements of a pipeline stops the next.
  func cancel() {
    let read = state.withLock { state in
      state.cancelled = state.read
      return state.read
    }
    try? ConnectionThread.detach { [self] in
      for _ in 0..<100 {
        let running = state.withLock { state in
          guard state.isRunning && state.read == read else { return false }
          state.isCancelling = true
          return true
        }
        guard running else { return }
        // libpq returns once the server has signalled the connection's process.
        _ = connection.cancelRequest.send()
        state.withLock { $0.isCancelling = false }
        usleep(50_000)
      }
    }
  }
}
