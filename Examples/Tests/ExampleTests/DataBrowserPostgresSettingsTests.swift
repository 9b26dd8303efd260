import ExamplesTestSupport
import Foundation
import Testing

/// `data-browser` connects as psql does, since libpq reads the settings: a password file named
/// by `PGPASSFILE` or at `~/.pgpass`, a service file named by `PGSERVICEFILE` with `service=`
/// or `PGSERVICE`, and a `key=value` string; each run prints the first screen of
/// `public.one_row` (`--snapshot`) from the suite's server (``HostileDatabase``) as the role
/// `browser`, whose password only those files hold.
@Suite("data-browser's PostgreSQL settings")
struct DataBrowserPostgresSettingsTests {
  /// The first screen's title and record, as `--snapshot` prints them.
  static func showsOneRow(_ outcome: ProcessOutcome) -> Bool {
    let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
    return outcome.status == 0 && lines.first?.hasPrefix(" public.one_row") == true
      && lines.contains { $0.contains("1 │ only") }
  }

  /// Runs `data-browser` with `arguments` and `--table public.one_row --snapshot`, this
  /// process's environment with `variables` set and the `PG` ones that could help unset.
  static func browse(_ arguments: [String], _ variables: [String: String]) async throws
    -> ProcessOutcome
  {
    var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
    environment.merge(variables) { $1 }
    return try await ExampleProcess.run(
      ExampleProcess.executable("data-browser"),
      arguments + ["--table", "public.one_row", "--snapshot"], environment: environment)
  }

  /// A new temporary directory, removed after `body`.
  static func withDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "te-pg-settings-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
  }

  /// Writes `text` to `file`, readable by its owner only, as libpq wants a password file.
  static func write(_ text: String, to file: URL) throws {
    try Data(text.utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
  }

  @Test("PGPASSFILE and ~/.pgpass give the password the URL leaves out")
  func passwordFiles() async throws {
    let directory = try await HostileDatabase.shared.server().directory
    let url = "postgresql://browser@/\(HostileDatabase.name)?host=\(directory)"
    let line = "\(directory):5432:\(HostileDatabase.name):browser:browser-secret\n"
    try await Self.withDirectory { folder in
      let home = folder.appending(path: "home")
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      let named = folder.appending(path: "passwords")
      try Self.write(line, to: named)
      try Self.write(line, to: home.appending(path: ".pgpass"))
      let byVariable = try await Self.browse([url], ["PGPASSFILE": named.path])
      #expect(Self.showsOneRow(byVariable), "\(byVariable)")
      let byHome = try await Self.browse([url], ["HOME": home.path])
      #expect(Self.showsOneRow(byHome), "\(byHome)")
      // Without them, libpq has no password to give: one line, status 1.
      let without = try await Self.browse([url], ["HOME": folder.path])
      #expect(without.status == 1)
      #expect(without.standardOutput.isEmpty)
      #expect(
        without.standardError
          == "data-browser: cannot connect to \(directory)/.s.PGSQL.5432: fe_sendauth: no "
          + "password supplied\n")
    }
  }

  @Test("A service of PGSERVICEFILE, by service= or PGSERVICE with --postgres")
  func serviceFile() async throws {
    let directory = try await HostileDatabase.shared.server().directory
    try await Self.withDirectory { folder in
      let services = folder.appending(path: "services.conf")
      try Self.write(
        """
        [browse]
        host=\(directory)
        dbname=\(HostileDatabase.name)
        user=browser
        password=browser-secret

        """, to: services)
      let byString = try await Self.browse(["service=browse"], ["PGSERVICEFILE": services.path])
      #expect(Self.showsOneRow(byString), "\(byString)")
      let byVariable = try await Self.browse(
        ["--postgres"], ["PGSERVICEFILE": services.path, "PGSERVICE": "browse"])
      #expect(Self.showsOneRow(byVariable), "\(byVariable)")
      // A service the file does not have: libpq's line, status 1.
      let missing = try await Self.browse(["service=nope"], ["PGSERVICEFILE": services.path])
      #expect(missing.status == 1)
      #expect(missing.standardError == "data-browser: definition of service \"nope\" not found\n")
    }
  }

  @Test("A key=value string, as the argument or after --postgres; its password never shows")
  func keywordString() async throws {
    let directory = try await HostileDatabase.shared.server().directory
    let string =
      "host=\(directory) dbname=\(HostileDatabase.name) user=browser password=browser-secret"
    let given = try await Self.browse([string], [:])
    #expect(Self.showsOneRow(given), "\(given)")
    let afterFlag = try await Self.browse(["--postgres", string], [:])
    #expect(Self.showsOneRow(afterFlag), "\(afterFlag)")
    let wrong = try await Self.browse(
      ["host=\(directory) dbname=\(HostileDatabase.name) user=browser password=not-it"], [:])
    #expect(wrong.status == 1)
    #expect(
      wrong.standardError
        == "data-browser: cannot connect to \(directory)/.s.PGSQL.5432: password authentication "
        + "failed for user \"browser\"\n")
  }
}
