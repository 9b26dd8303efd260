import DataBrowserPostgres
import Foundation

/// A throwaway PostgreSQL server for the tests of one process: started on first use by
/// `Scripts/postgres-server.sh` into a temporary directory, listening only on a Unix socket
/// there, and stopped and deleted when the process ends, however it ends (the script's
/// watchdog follows the process).
///
/// Each suite gets a database of its own, loaded with its own SQL, in which
/// `@SERVER_DIRECTORY@` stands for the server's directory (a place the server may write files).
actor TestServer {
  /// The server of this test process.
  static let shared = TestServer()

  /// The server's directory, which holds its socket, once started.
  private var started: Task<String, any Error>?
  /// Databases made so far, for their names.
  private var databases = 0
  /// Databases that suites share, by name, made once.
  private var shared: [String: Task<PostgresSettings, any Error>] = [:]

  /// The repository's root.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The script that starts, stops and queries the server.
  static var script: String { repository.appending(path: "Scripts/postgres-server.sh").path }

  /// The server's directory, starting the server if it is not running yet.
  func directory() async throws -> String {
    if let started { return try await started.value }
    let task = Task<String, any Error> {
      let directory = FileManager.default.temporaryDirectory
        .appending(path: "te-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
      _ = try Self.run(
        [Self.script, "start", directory, "--owner-pid", String(getpid())])
      return directory
    }
    started = task
    return try await task.value
  }

  /// Starts another server, of the caller's own, listening on 127.0.0.1:`port` too, with
  /// TLS; ``stop(_:)`` ends it, as does the end of the process.
  static func startServer(port: Int) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "te-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
    _ = try run([
      script, "start", directory, "--port", String(port), "--owner-pid", String(getpid()),
    ])
    return directory
  }

  /// Stops the server in `directory` and deletes it.
  static func stop(_ directory: String) {
    _ = try? run([script, "stop", directory])
  }

  /// Makes a new database, runs `sql` in it as the server's superuser with `psql`, and returns
  /// the settings that connect to it as `postgres` over the socket.
  func database(_ sql: String, variables: [String: String] = [:]) async throws
    -> PostgresSettings
  {
    let directory = try await directory()
    let sql = sql.replacingOccurrences(of: "@SERVER_DIRECTORY@", with: directory)
    databases += 1
    let name = "test_\(databases)"
    _ = try Self.psql(directory, database: "postgres", "CREATE DATABASE \(name)")
    _ = try Self.psql(directory, database: name, sql, variables: variables)
    return try PostgresSettings(
      url: "postgresql://postgres@/\(name)?host=\(directory)", environment: [:])
  }

  /// The lines `sql` prints in the database of `settings`, unaligned.
  func query(_ settings: PostgresSettings, _ sql: String) async throws -> [String] {
    let directory = try await directory()
    return try Self.psql(directory, database: settings.database, sql)
      .split(separator: "\n").map(String.init)
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
    let directory = try await directory()
    let sql = tables.map { table in
      "SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM \(table) t;"
    }.joined(separator: "\n")
    return try Self.psql(directory, database: settings.database, sql)
  }

  /// Runs `sql` with psql in database `database` of the server in `directory`, and returns
  /// what it printed, unaligned and without headers.
  static func psql(
    _ directory: String, database: String, _ sql: String, variables: [String: String] = [:]
  ) throws -> String {
    var arguments = [script, "psql", directory, "-d", database, "-A", "-t", "-q"]
    for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
      arguments += ["-v", "\(name)=\(value)"]
    }
    return try run(arguments, input: sql)
  }

  /// Runs `arguments` with bash, `input` on its standard input, and returns its standard
  /// output. The child is spawned and reaped by hand: Foundation's `Process` can wait forever
  /// on a thread of the tests' pool.
  ///
  /// - Throws: ``Failure`` with its standard error when it exits with a status other than 0.
  static func run(_ arguments: [String], input: String = "") throws -> String {
    let scratch = FileManager.default.temporaryDirectory
      .appending(path: "te-pg-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let (inputPath, outputPath, errorPath) = (
      scratch.appending(path: "in").path, scratch.appending(path: "out").path,
      scratch.appending(path: "err").path
    )
    try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = (["bash"] + arguments).map { strdup($0) } + [nil]
    let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/bash", &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw Failure("cannot run bash: \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    guard status == 0 else {
      let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
      throw Failure(
        "\(arguments.dropFirst().prefix(2).joined(separator: " ")) failed (\(status)): \(errors)")
    }
    return output
  }

  /// What went wrong running the server or psql.
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
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
