import PostgresNIO
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
    // A connection the server dropped while it was idle may look open until it is used: when
    // the transaction cannot even begin on it, the read starts again on a new one.
    do {
      return try await readOnce(body, staleIsError: false)
    } catch is StaleConnection {
      return try await readOnce(body, staleIsError: true)
    }
  }

  /// A connection that failed before the read's transaction began: nothing was read on it.
  struct StaleConnection: Error {
    /// What the connection failed with.
    let error: any Error
  }

  /// `body`'s reads on one connection; ``StaleConnection`` when its transaction could not
  /// begin there, unless `staleIsError`, when that is described as any failure.
  private func readOnce<T: Sendable>(
    _ body: (PostgresSession) async throws -> T, staleIsError: Bool
  ) async throws -> T {
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
      if let stale = error as? StaleConnection, !staleIsError { throw stale }
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
    if let stale = error as? StaleConnection {
      return described(stale.error, settings: settings, connecting: connecting)
    }
    if let error = error as? PostgresSettingsError { return .failed(error.description) }
    guard let error = error as? PSQLError else {
      return .failed(connecting ? "cannot connect to \(settings.location): \(error)" : "\(error)")
    }
    if let info = error.serverInfo, let message = info[.message] {
      let state = info[.sqlState] ?? ""
      // 57P: the server shut down or was restarted; 08: the connection failed.
      if state.hasPrefix("57P") || state.hasPrefix("08") {
        return .failed("the server closed the connection: \(message)")
      }
      if connecting { return .failed("cannot connect to \(settings.location): \(message)") }
      let detail = info[.detail].map { " (\($0))" } ?? ""
      return .failed(message + detail)
    }
    let reason = error.underlying.map { Self.reason(of: $0) } ?? error.code.description
    switch error.code {
    case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
      return .failed("lost the connection to \(settings.location): \(reason)")
    case .sslUnsupported:
      return .failed("\(settings.location) does not offer TLS, which sslmode=require asks for")
    case .authMechanismRequiresPassword:
      return .failed("cannot connect to \(settings.location): the server asks for a password")
    default:
      return .failed(
        connecting
          ? "cannot connect to \(settings.location): \(reason)"
          : "lost the connection to \(settings.location): \(reason)")
    }
  }

  /// What a connection's underlying error says: `connection refused`, `no such file`.
  static func reason(of error: any Error) -> String {
    if let error = error as? PSQLError {
      return error.serverInfo?[.message] ?? error.underlying.map(reason) ?? error.code.description
    }
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
