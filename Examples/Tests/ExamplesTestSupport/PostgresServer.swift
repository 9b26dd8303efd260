import Foundation

/// A throwaway PostgreSQL server for end-to-end tests, run by `Scripts/postgres-server.sh`: its
/// cluster, log and Unix socket in one temporary directory, with the test process as its owner,
/// so that the script's watchdog stops it and deletes the directory when the tests end, however
/// they end.
///
/// ```swift
/// let server = try await PostgresServer.start()
/// try await server.psql("postgres", "CREATE DATABASE shop")
/// let url = server.url(database: "shop")  // postgresql://postgres@/shop?host=/tmp/te-pg-…
/// ```
///
/// Every command runs through ``ExampleProcess/run(_:_:environment:standardInput:)``, never
/// Foundation's `Process`, whose wait can hang in Swift Testing.
public struct PostgresServer: Sendable {
  /// The server's directory: the cluster in `data`, the log `server.log` and the socket.
  public let directory: String

  /// A server whose directory is `directory`.
  public init(directory: String) { self.directory = directory }

  /// The repository's root: Examples/Tests/ExamplesTestSupport/PostgresServer.swift (this
  /// file) is four levels down.
  public static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The script that starts, stops and queries servers.
  public static var script: String { repository.appending(path: "Scripts/postgres-server.sh").path }

  /// Starts a server in a new temporary directory, owned by this process; with `port`, it
  /// listens on 127.0.0.1:`port` too, with TLS.
  ///
  /// - Throws: ``PostgresCommandFailure`` with the script's error output when it cannot.
  public static func start(port: Int? = nil) async throws -> PostgresServer {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "te-pg-\(getpid())-\(UUID().uuidString.prefix(8))").path
    let listening = port.map { ["--port", String($0)] } ?? []
    try await run(script, ["start", directory] + listening + ["--owner-pid", String(getpid())])
    return PostgresServer(directory: directory)
  }

  /// The URL that connects `data-browser` to `database` as the superuser `postgres` over the
  /// socket.
  public func url(database: String) -> String {
    "postgresql://postgres@/\(database)?host=\(directory)"
  }

  /// Runs `sql` with psql as `postgres` in `database`, and returns what it printed, unaligned
  /// and without headers or notices: one line a row, `|` between columns.
  @discardableResult
  public func psql(_ database: String, _ sql: String, variables: [String: String] = [:])
    async throws
    -> String
  {
    let input = FileManager.default.temporaryDirectory
      .appending(path: "te-pg-sql-\(UUID().uuidString).sql")
    try Data(sql.utf8).write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    return try await psql(database, file: input.path, variables: variables)
  }

  /// Runs the SQL of the file at `path` with psql as `postgres` in `database`, as
  /// ``psql(_:_:variables:)`` does.
  @discardableResult
  public func psql(_ database: String, file path: String, variables: [String: String] = [:])
    async throws -> String
  {
    var arguments = ["psql", directory, "-d", database, "-A", "-t", "-q"]
    for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
      arguments += ["-v", "\(name)=\(value)"]
    }
    return try await Self.run(Self.script, arguments + ["-f", "-"], standardInput: path)
  }

  /// Restarts the server with `pg_ctl restart -m fast`, which ends every connection, and waits
  /// until it accepts connections again.
  public func restart() async throws {
    try await pgCtl(["-m", "fast", "-w", "restart"])
  }

  /// Stops the server with `pg_ctl stop -m fast`, leaving its directory; ``startAgain()``
  /// starts it again.
  public func stopServer() async throws {
    try await pgCtl(["-m", "fast", "-w", "stop"])
  }

  /// Starts again a server that ``stopServer()`` stopped, and waits until it accepts
  /// connections.
  public func startAgain() async throws {
    try await pgCtl(["-w", "-t", "30", "start"])
  }

  /// Stops the server and deletes its directory.
  public func stop() async {
    _ = try? await Self.run(Self.script, ["stop", directory])
  }

  /// Stops the server and deletes its directory, blocking the calling thread until done: for
  /// a `defer`.
  public func stopBlocking() {
    _ = try? ExampleProcess.runBlocking(
      URL(fileURLWithPath: "/bin/bash"), [Self.script, "stop", directory])
  }

  /// Runs `pg_ctl` on the cluster, logging to `server.log`: as the OS user `postgres` when
  /// this process is root (as the script runs the server), else directly.
  private func pgCtl(_ arguments: [String]) async throws {
    let pgCtl = Self.binary("pg_ctl")
    let common = ["-D", "\(directory)/data", "-l", "\(directory)/server.log"]
    if getuid() == 0 {
      try await Self.run(
        "/usr/bin/env", ["runuser", "-u", "postgres", "--", pgCtl] + common + arguments)
    } else {
      try await Self.run("/usr/bin/env", [pgCtl] + common + arguments)
    }
  }

  /// The server binary `name` as the script finds it: in `$PG_BIN`, else in the newest
  /// `/usr/lib/postgresql/*/bin`, else on the `PATH`.
  public static func binary(_ name: String) -> String {
    if let bin = ProcessInfo.processInfo.environment["PG_BIN"], !bin.isEmpty {
      return "\(bin)/\(name)"
    }
    let versions =
      (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql"))
      ?? []
    let newest = versions.compactMap { version in
      Double(version).map { (number: $0, path: "/usr/lib/postgresql/\(version)/bin/\(name)") }
    }.filter { FileManager.default.isExecutableFile(atPath: $0.path) }.max { $0.number < $1.number }
    return newest?.path ?? name
  }

  /// Runs `executable` (a script through bash) with `arguments`, and returns its standard
  /// output.
  ///
  /// - Throws: ``PostgresCommandFailure`` when it fails.
  @discardableResult
  private static func run(
    _ executable: String, _ arguments: [String], standardInput: String = "/dev/null"
  ) async throws -> String {
    let (program, all) =
      executable.hasSuffix(".sh")
      ? ("/bin/bash", [executable] + arguments) : (executable, arguments)
    let outcome = try await ExampleProcess.run(
      URL(fileURLWithPath: program), all, standardInput: standardInput)
    guard outcome.exitedNormally, outcome.status == 0 else {
      throw PostgresCommandFailure(arguments: all, outcome: outcome)
    }
    return outcome.standardOutput
  }
}
