import Logging
import PostgresNIO
import Synchronization

/// One connection and the backend serving it, as ``PostgresLink/read(_:)`` lends it out.
public final class PostgresSession: Sendable {
  /// The connection.
  let connection: PostgresConnection
  /// The server process serving it, which a cancel names.
  let processID: Int32
  /// Whether a statement is running, and whether the connection failed.
  private let state = Mutex(State())

  /// What a session is doing.
  private struct State {
    var isRunning = false
    var isBroken = false
    /// Which read the session serves, so that a cancel never stops the next one.
    var read = 0
  }

  /// Quiet logs: nothing may print over the screen.
  static let logger = Logger(label: "data-browser.postgres") { _ in SwiftLogNoOpLogHandler() }

  /// A session of `connection`, served by process `processID`.
  init(connection: PostgresConnection, processID: Int32) {
    self.connection = connection
    self.processID = processID
  }

  /// Closes the connection, which lives on until it is closed: postgres-nio wants no open
  /// connection to go away.
  deinit {
    let connection = connection
    connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
  }

  /// Whether the connection failed and must not be used again.
  var isBroken: Bool { state.withLock { $0.isBroken } || connection.isClosed }

  /// The rows of `statement`, each a text per column (`bytea` as its bytes, in hexadecimal
  /// text after `\x`), `nil` for NULL.
  public func rows(_ statement: PostgresStatement) async throws -> [[String?]] {
    try await send(statement, unlessCancelled: true) { cell in String(buffer: cell) }
  }

  /// The rows of `statement`, each the bytes of each column as the server sent them, in
  /// binary (postgres-nio asks for every column so: a `bytea`'s bytes, a text's UTF-8, a
  /// `bigint`'s eight bytes), `nil` for NULL.
  public func cells(_ statement: PostgresStatement) async throws -> [[[UInt8]?]] {
    try await send(statement, unlessCancelled: true) { cell in Array(cell.readableBytesView) }
  }

  /// The rows of `statement`, each cell read by `read`; sent even when the task is cancelled
  /// unless `unlessCancelled`, as the end of a transaction must be.
  private func send<Value>(
    _ statement: PostgresStatement, unlessCancelled: Bool,
    reading read: (ByteBuffer) -> Value
  ) async throws -> [[Value?]] {
    var binds = PostgresBindings(capacity: statement.parameters.count)
    for parameter in statement.parameters {
      if let parameter { binds.append(parameter) } else { binds.appendNull() }
    }
    let query = PostgresQuery(unsafeSQL: statement.sql, binds: binds)
    return try await running(unlessCancelled: unlessCancelled) {
      var rows: [[Value?]] = []
      for try await row in try await connection.query(query, logger: Self.logger) {
        rows.append(row.map { $0.bytes.map(read) })
      }
      return rows
    }
  }

  /// Runs `body` in a read-only transaction whose statements time out after `timeout`
  /// seconds, and ends it.
  func transaction<T>(timeout: Int, _ body: (PostgresSession) async throws -> T) async throws
    -> T
  {
    try Task.checkCancellation()
    state.withLock { $0.read += 1 }
    do {
      try await execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    } catch let error as PSQLError where isBroken {
      throw PostgresLink.StaleConnection(error: error)
    }
    do {
      try await execute("SET LOCAL statement_timeout = '\(timeout)s'")
      let result = try await body(self)
      try await execute("COMMIT")
      return result
    } catch {
      if !isBroken { try? await execute("ROLLBACK") }
      throw error
    }
  }

  /// Runs a statement of ours with no rows, cancelled or not.
  private func execute(_ sql: String) async throws {
    _ = try await send(PostgresStatement(sql), unlessCancelled: false) { _ in () }
  }

  /// `body`, marked as running so that a cancel knows to stop it. The mark comes before the
  /// check of `unlessCancelled`: a cancel either finds the statement running or stops it here.
  private func running<T>(unlessCancelled: Bool, _ body: () async throws -> T) async throws -> T {
    state.withLock { $0.isRunning = true }
    defer { state.withLock { $0.isRunning = false } }
    if unlessCancelled { try Task.checkCancellation() }
    do {
      return try await body()
    } catch let error as PSQLError {
      if connection.isClosed || Self.isConnectionFailure(error) {
        state.withLock { $0.isBroken = true }
      }
      throw error
    }
  }

  /// Whether `error` leaves the connection unusable.
  static func isConnectionFailure(_ error: PSQLError) -> Bool {
    switch error.code {
    case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection, .connectionError,
      .messageDecodingFailure, .unexpectedBackendMessage:
      return true
    default:
      let state = error.serverInfo?[.sqlState] ?? ""
      return state.hasPrefix("57P") || state.hasPrefix("08")
    }
  }

  /// Asks the server, over another connection of `pool`, to cancel the statement this session
  /// runs, again every 50 ms while one runs, so that a statement that starts just after the
  /// first request is stopped too.
  func cancel(using pool: SessionPool) {
    let (processID, read) = (processID, state.withLock { $0.read })
    Task {
      for _ in 0..<100 {
        guard state.withLock({ $0.isRunning && $0.read == read }) else { return }
        await pool.cancel(processID: processID)
        try? await Task.sleep(for: .milliseconds(50))
      }
    }
  }
}
