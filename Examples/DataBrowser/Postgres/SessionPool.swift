import PostgresNIO

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
