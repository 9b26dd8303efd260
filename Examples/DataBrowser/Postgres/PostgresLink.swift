import Logging
import PostgresNIO
import Synchronization
import TermElementsRecords

/// The browser's connections to one PostgreSQL server: a few, opened when needed and opened
/// again after the server dropped them, each read a read-only transaction with a statement
/// timeout, and a cancelled read stopped on the server.
///
/// The server enforces read-only: every connection starts with
/// `default_transaction_read_only` on, and every read runs in `BEGIN … READ ONLY` with its
/// own `SET LOCAL statement_timeout`, so not even a filter that changes a setting can write,
/// or run longer than the timeout, in a later read.
///
/// ```swift
/// let link = PostgresLink(settings: try PostgresSettings(url: url, environment: [:]))
/// let count = try await link.read { try await $0.rows(PostgresStatement("SELECT 1")) }
/// ```
public final class PostgresLink: Sendable {
  /// Where to connect.
  public let settings: PostgresSettings
  /// The longest a statement may run, in seconds.
  public let statementTimeout: Int
  /// The connections.
  let pool: SessionPool

  /// A link to the server of `settings`, which connects when first used.
  public init(settings: PostgresSettings, statementTimeout: Int = 60, connections: Int = 2) {
    self.settings = settings
    self.statementTimeout = statementTimeout
    self.pool = SessionPool(settings: settings, limit: connections)
  }

  /// Connects now, to report a wrong address, user, password or database before a screen
  /// opens.
  ///
  /// - Throws: ``TermElementsRecords/RecordSourceError/failed(_:)`` with one line saying why.
  public func check() async throws {
    _ = try await read { try await $0.rows(PostgresStatement("SELECT 1")) }
  }

  /// `body`'s reads, in one read-only transaction that sees one snapshot; cancelling the task
  /// cancels the statement running on the server.
  ///
  /// - Throws: `CancellationError` when cancelled, and
  ///   ``TermElementsRecords/RecordSourceError/failed(_:)`` with the server's message, or with
  ///   what happened to the connection, for anything else.
  public func read<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
    try Task.checkCancellation()
    let session: PostgresSession
    do {
      session = try await pool.acquire()
    } catch {
      throw Self.described(error, settings: settings, connecting: true)
    }
    do {
      let result = try await withTaskCancellationHandler {
        try await session.transaction(timeout: statementTimeout, body)
      } onCancel: {
        session.cancel(using: pool)
      }
      await pool.release(session)
      return result
    } catch {
      if session.isBroken {
        await pool.discard(session)
      } else {
        await pool.release(session)
      }
      // A statement stopped by a cancel and one stopped by the timeout look the same; only the
      // task tells them apart.
      if Task.isCancelled || error is CancellationError { throw CancellationError() }
      throw Self.described(error, settings: settings, connecting: false)
    }
  }

  /// Closes every connection.
  public func close() async {
    await pool.closeAll()
  }

  // MARK: - Errors

  /// `error` in one line for the status line or the terminal, with no password in it.
  static func described(_ error: any Error, settings: PostgresSettings, connecting: Bool)
    -> RecordSourceError
  {
    if let error = error as? RecordSourceError { return error }
    if let error = error as? PostgresSettingsError { return .failed(error.description) }
    guard let error = error as? PSQLError else {
      return .failed(connecting ? "cannot connect to \(settings.location): \(error)" : "\(error)")
    }
    if let info = error.serverInfo, let message = info[.message] {
      let state = info[.sqlState] ?? ""
      // 57P: the server shut down or was restarted; 08: the connection failed.
      if state.hasPrefix("57P") || state.hasPrefix("08") {
        return .failed("the server closed the connection (\(message)); r reconnects")
      }
      if connecting { return .failed("cannot connect to \(settings.location): \(message)") }
      let detail = info[.detail].map { " (\($0))" } ?? ""
      return .failed(message + detail)
    }
    let reason = error.underlying.map { Self.reason(of: $0) } ?? error.code.description
    switch error.code {
    case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
      return .failed("lost the connection to \(settings.location) (\(reason)); r reconnects")
    case .sslUnsupported:
      return .failed("\(settings.location) does not offer TLS, which sslmode=require asks for")
    case .authMechanismRequiresPassword:
      return .failed("cannot connect to \(settings.location): the server asks for a password")
    default:
      return .failed(
        connecting
          ? "cannot connect to \(settings.location): \(reason)"
          : "lost the connection to \(settings.location) (\(reason)); r reconnects")
    }
  }

  /// What a connection's underlying error says: `connection refused`, `no such file`.
  static func reason(of error: any Error) -> String {
    if let error = error as? IOError {
      switch error.errnoCode {
      case ECONNREFUSED: return "connection refused"
      case ENOENT: return "no server socket there"
      case EACCES: return "permission denied"
      default: return "\(error)"
      }
    }
    let text = "\(error)"
    if text.contains("connectionRefused") || text.contains("Connection refused") {
      return "connection refused"
    }
    return text
  }
}

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
    try await cells(statement).map { row in
      row.map { cell in cell.map { String(decoding: $0, as: UTF8.self) } }
    }
  }

  /// The rows of `statement`, each the bytes of each column as the server sent them
  /// (binary `bytea`, text otherwise), `nil` for NULL.
  public func cells(_ statement: PostgresStatement) async throws -> [[[UInt8]?]] {
    try await send(statement, unlessCancelled: true)
  }

  /// The rows of `statement`; sent even when the task is cancelled unless `unlessCancelled`,
  /// as the end of a transaction must be.
  private func send(_ statement: PostgresStatement, unlessCancelled: Bool) async throws
    -> [[[UInt8]?]]
  {
    var binds = PostgresBindings(capacity: statement.parameters.count)
    for parameter in statement.parameters {
      if let parameter { binds.append(parameter) } else { binds.appendNull() }
    }
    let query = PostgresQuery(unsafeSQL: statement.sql, binds: binds)
    return try await running(unlessCancelled: unlessCancelled) {
      var rows: [[[UInt8]?]] = []
      for try await row in try await connection.query(query, logger: Self.logger) {
        rows.append(row.map { $0.bytes.map { Array($0.readableBytesView) } })
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
    try await execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
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
    _ = try await send(PostgresStatement(sql), unlessCancelled: false)
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

/// The connections of a ``PostgresLink``: lent to one read at a time, at most `limit` at
/// once, and one more kept for cancelling.
actor SessionPool {
  /// Where to connect.
  let settings: PostgresSettings
  /// The most connections reads use at once.
  let limit: Int
  /// Connections not lent out.
  private var idle: [PostgresSession] = []
  /// Connections lent out or being opened.
  private var busy = 0
  /// Reads waiting for a connection, first come first served.
  private var waiting: [CheckedContinuation<Void, Never>] = []
  /// The connection cancels go through.
  private var canceller: PostgresSession?
  /// Ids for connections' logs.
  private var nextID = 0

  /// A pool of connections to the server of `settings`.
  init(settings: PostgresSettings, limit: Int) {
    self.settings = settings
    self.limit = max(1, limit)
  }

  /// A connection of its own for the caller, opened if none is idle.
  func acquire() async throws -> PostgresSession {
    while idle.isEmpty && busy >= limit {
      await withCheckedContinuation { waiting.append($0) }
    }
    busy += 1
    if let session = idle.popLast() {
      if !session.isBroken { return session }
      try? await session.connection.close()
    }
    do {
      return try await open()
    } catch {
      busy -= 1
      wakeOne()
      throw error
    }
  }

  /// Takes `session` back for the next read.
  func release(_ session: PostgresSession) {
    busy -= 1
    idle.append(session)
    wakeOne()
  }

  /// Closes `session`, broken: the next read opens a new connection.
  func discard(_ session: PostgresSession) async {
    busy -= 1
    wakeOne()
    try? await session.connection.close()
  }

  /// Asks the server to cancel what process `processID` runs.
  func cancel(processID: Int32) async {
    do {
      if canceller?.isBroken ?? true { canceller = try await open() }
      guard let canceller else { return }
      _ = try await canceller.rows(
        PostgresStatement("SELECT pg_cancel_backend(\(processID))"))
    } catch {
      canceller = nil
    }
  }

  /// Closes every connection.
  func closeAll() async {
    for session in idle + (canceller.map { [$0] } ?? []) {
      try? await session.connection.close()
    }
    idle = []
    canceller = nil
  }

  /// Lets the first waiting read go on.
  private func wakeOne() {
    if !waiting.isEmpty { waiting.removeFirst().resume() }
  }

  /// Opens a connection, read-only from its start, and learns its server process.
  private func open() async throws -> PostgresSession {
    nextID += 1
    let connection = try await PostgresConnection.connect(
      configuration: try Self.configuration(settings), id: nextID, logger: PostgresSession.logger)
    let first = try await connection.query(
      "SELECT pg_backend_pid()", logger: PostgresSession.logger)
    var processID: Int32 = 0
    for try await row in first { processID = try row.decode(Int32.self) }
    return PostgresSession(connection: connection, processID: processID)
  }

  /// postgres-nio's configuration of `settings`: the socket or host, TLS as `sslmode` says,
  /// and the settings every connection starts with.
  static func configuration(_ settings: PostgresSettings) throws
    -> PostgresConnection
    .Configuration
  {
    var configuration: PostgresConnection.Configuration
    if let socket = settings.socketPath {
      configuration = .init(
        unixSocketPath: socket, username: settings.user, password: settings.password,
        database: settings.database)
    } else {
      configuration = .init(
        host: settings.host, port: settings.port, username: settings.user,
        password: settings.password, database: settings.database, tls: try tls(settings))
      if settings.tlsMode == .verifyFull { configuration.options.tlsServerName = settings.host }
    }
    configuration.options.connectTimeout = .seconds(10)
    configuration.options.additionalStartupParameters = [
      ("application_name", "data-browser"),
      ("default_transaction_read_only", "on"),
      // Values come back as text the browser reads back exactly: ISO dates, floats to the
      // last digit.
      ("DateStyle", "ISO, MDY"),
      ("IntervalStyle", "postgres"),
      ("extra_float_digits", "1"),
      ("client_encoding", "UTF8"),
    ]
    return configuration
  }

  /// The TLS of `settings` over TCP.
  static func tls(_ settings: PostgresSettings) throws -> PostgresConnection.Configuration.TLS {
    var tls = TLSConfiguration.makeClientConfiguration()
    switch settings.tlsMode {
    case .disable, .allow:
      return .disable
    case .prefer:
      tls.certificateVerification = .none
      return .prefer(try NIOSSLContext(configuration: tls))
    case .require:
      tls.certificateVerification = .none
      return .require(try NIOSSLContext(configuration: tls))
    case .verifyCA:
      tls.certificateVerification = .noHostnameVerification
      return .require(try NIOSSLContext(configuration: tls))
    case .verifyFull:
      tls.certificateVerification = .fullVerification
      return .require(try NIOSSLContext(configuration: tls))
    }
  }
}
