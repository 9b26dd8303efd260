import DataBrowserPostgres
import ExamplesTestSupport

/// The throwaway PostgreSQL server (``PostgresServer``) of this test process, started on first
/// use, and the databases the suites make on it.
///
/// Each suite gets a database of its own, loaded with its own SQL, in which
/// `@SERVER_DIRECTORY@` stands for the server's directory (a place the server may write files).
actor TestServer {
  /// The server of this test process.
  static let shared = TestServer()

  /// The server, once started.
  private var started: Task<PostgresServer, any Error>?
  /// Databases made so far, for their names.
  private var databases = 0
  /// Databases that suites share, by name, made once.
  private var shared: [String: Task<PostgresSettings, any Error>] = [:]

  /// The server, starting it if it is not running yet.
  func server() async throws -> PostgresServer {
    if let started { return try await started.value }
    let task = Task<PostgresServer, any Error> { try await PostgresServer.start() }
    started = task
    return try await task.value
  }

  /// The server's directory, which holds its socket, starting the server if it is not running
  /// yet.
  func directory() async throws -> String {
    try await server().directory
  }

  /// Makes a new database, runs `sql` in it as the server's superuser with `psql`, and returns
  /// the settings that connect to it as `postgres` over the socket.
  func database(_ sql: String, variables: [String: String] = [:]) async throws
    -> PostgresSettings
  {
    let server = try await server()
    let sql = sql.replacingOccurrences(of: "@SERVER_DIRECTORY@", with: server.directory)
    databases += 1
    let name = "test_\(databases)"
    try await server.psql("postgres", "CREATE DATABASE \(name)")
    try await server.psql(name, sql, variables: variables)
    return try PostgresSettings(server.url(database: name))
  }

  /// The lines `sql` prints in the database of `settings`, unaligned.
  func query(_ settings: PostgresSettings, _ sql: String) async throws -> [String] {
    try await server().psql(settings.database, sql).split(separator: "\n").map(String.init)
  }

  /// The database called `name` that suites share, made with `sql` the first time.
  func sharedDatabase(_ name: String, sql: String) async throws -> PostgresSettings {
    if let made = shared[name] { return try await made.value }
    let task = Task { try await database(sql) }
    shared[name] = task
    return try await task.value
  }

  /// How many statements the browser's connections to the database of `settings` are running.
  func activeQueries(_ settings: PostgresSettings) async throws -> Int {
    let lines = try await query(
      settings,
      "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'data-browser' "
        + "AND state = 'active' AND datname = current_database()")
    return lines.first.flatMap { Int($0) } ?? -1
  }

  /// A digest of every row of `tables` of the database of `settings`: equal before and after
  /// browsing when nothing was written.
  func checksum(_ settings: PostgresSettings, tables: [String]) async throws -> String {
    let sql = tables.map { table in
      "SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM \(table) t;"
    }.joined(separator: "\n")
    return try await server().psql(settings.database, sql)
  }
}

/// The databases suites share.
enum Database {
  /// Relations of every kind and columns of many types: ``KindsSample``.
  case kinds

  /// The settings that connect to it as the server's superuser.
  func settings() async throws -> PostgresSettings {
    switch self {
    case .kinds: try await TestServer.shared.sharedDatabase("kinds", sql: KindsSample.sql)
    }
  }
}
