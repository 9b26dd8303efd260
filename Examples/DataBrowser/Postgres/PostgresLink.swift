import TermElementsRecords

/// The browser's connections to one PostgreSQL server, through libpq: a few, opened when
/// needed and opened again after the server dropped them, each read a read-only transaction
/// with a statement timeout, and a cancelled read stopped on the server.
///
/// The server enforces read-only: every connection starts with
/// `default_transaction_read_only` on, and every read runs in `BEGIN … READ ONLY` with its
/// own `SET LOCAL statement_timeout`, so not even a filter that changes a setting can write,
/// or run longer than the timeout, in a later read. Both go in the same round trip as the
/// read's first statement (libpq's pipeline mode), and its `COMMIT` without waiting.
///
/// ```swift
/// let link = PostgresLink(settings: try PostgresSettings(url))
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
  /// opens; the connection is kept for the first read, which sends its setup.
  ///
  /// - Throws: ``TermElementsRecords/RecordSourceError/failed(_:)`` with one line saying why.
  public func check() async throws {
    do {
      pool.release(try await pool.acquire())
    } catch {
      throw Self.described(error, settings: settings)
    }
  }

  /// The server the link last connected to, as libpq describes the connection, with no
  /// password: `user=ada dbname=shop host=/var/run/postgresql port=5432`; `nil` before it
  /// connects.
  public var connection: String? {
    get async { pool.lastDescription }
  }

  /// `body`'s reads, in one read-only transaction that sees one snapshot; cancelling the task
  /// cancels the statement running on the server.
  ///
  /// - Throws: `CancellationError` when cancelled, and
  ///   ``TermElementsRecords/RecordSourceError/failed(_:)`` with the server's message, or with
  ///   what happened to the connection, for anything else.
  public func read<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
    // A connection the server dropped while it was idle looks open until it is used: when the
    // transaction cannot even begin on it, the read starts again on a new one.
    do {
      return try await readOnce(body, retrying: false)
    } catch is StaleConnection {
      return try await readOnce(body, retrying: true)
    }
  }

  /// `body`'s reads on one connection; ``StaleConnection`` when its transaction could not
  /// begin there, unless `retrying` (on a new connection), when that is described as any
  /// failure.
  private func readOnce<T: Sendable>(
    _ body: (PostgresSession) async throws -> T, retrying: Bool,
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> T {
    try Task.checkCancellation()
    let session: PostgresSession
    do {
      session = try await pool.acquire(fresh: retrying)
    } catch {
      throw Self.described(error, settings: settings)
    }
    do {
      let result = try await withTaskCancellationHandler {
        // Run on the caller's executor, as the rest of the read: capturing `isolation` makes
        // the closure isolated to it, where a closure of no isolation would run on the
        // global executor, a thread hop each way.
        _ = isolation
        return try await session.transaction(timeout: statementTimeout, body)
      } onCancel: {
        session.cancel()
      }
      pool.release(session)
      return result
    } catch {
      if session.isBroken {
        pool.discard(session)
      } else {
        pool.release(session)
      }
      // A statement stopped by a cancel and one stopped by the timeout look the same; only the
      // task tells them apart.
      if Task.isCancelled || error is CancellationError { throw CancellationError() }
      if let stale = error as? StaleConnection, !retrying { throw stale }
      throw Self.described(error, settings: settings, location: session.connection.location)
    }
  }

  /// Closes every connection not in use; those in use close when their reads end.
  public func close() async {
    pool.closeAll()
  }

  // MARK: - Errors

  /// `error` in one line for the status line or the terminal, with no password in it.
  static func described(_ error: any Error, settings: PostgresSettings, location: String = "")
    -> RecordSourceError
  {
    if let error = error as? RecordSourceError { return error }
    if let stale = error as? StaleConnection {
      return described(stale.failure, settings: settings, location: location)
    }
    guard let failure = error as? PostgresFailure else {
      return .failed(settings.redacted("\(error)"))
    }
    switch failure {
    case .connecting(let message):
      return .failed(settings.redacted(message))
    case .server(_, let message, _) where failure.isConnectionEnded:
      return .failed(settings.redacted("the server closed the connection: \(message)"))
    case .server(_, let message, let detail):
      return .failed(settings.redacted(message + (detail.map { " (\($0))" } ?? "")))
    case .lost(let reason):
      return .failed(settings.redacted("lost the connection to \(location): \(reason)"))
    }
  }
}
