import DataBrowserPostgres
import ExamplesTestSupport
import Foundation
import TermElementsRecords
import Testing

/// Connections as psql makes them: the string goes to libpq as it is, so a `key=value` string,
/// a password file, several hosts and `connect_timeout` work as libpq says; what is shown of a
/// connection never holds its password.
@Suite("PostgreSQL connection strings")
struct PostgresConnectionStringTests {
  /// The database of the kinds sample and the directory of the server's socket.
  static func place() async throws -> (database: String, directory: String) {
    let settings = try await Database.kinds.settings()
    return (settings.database, try await TestServer.shared.directory())
  }

  /// `SELECT current_user, current_database()` over a link of `connection`, and the link's
  /// description of the connection.
  static func whoAndWhere(_ connection: String) async throws -> ([String?], String?) {
    let link = PostgresLink(settings: try PostgresSettings(connection))
    let rows = try await link.read {
      try await $0.rows(PostgresStatement("SELECT current_user, current_database()::text"))
    }
    let description = await link.connection
    await link.close()
    return (rows.first ?? [], description)
  }

  /// The one line `link.check()` fails with for `connection`.
  static func failure(_ connection: String) async throws -> String? {
    let link = PostgresLink(settings: try PostgresSettings(connection))
    let error = await #expect(throws: RecordSourceError.self) { try await link.check() }
    await link.close()
    return error?.description
  }

  @Test("A key=value string connects; the connection is described without its password")
  func keywordString() async throws {
    let (database, directory) = try await Self.place()
    let (row, description) = try await Self.whoAndWhere(
      "host=\(directory) dbname=\(database) user=browser password=browser-secret")
    #expect(row == ["browser", database])
    #expect(description == "user=browser dbname=\(database) host=\(directory) port=5432")
  }

  @Test("A password file gives the password the string leaves out")
  func passwordFile() async throws {
    let (database, directory) = try await Self.place()
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "te-pgpass-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "pgpass").path
    // Host (the socket's directory), port, database, user, password.
    try Data("\(directory):5432:\(database):browser:browser-secret\n".utf8)
      .write(to: URL(fileURLWithPath: file))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
    let connection = "host=\(directory) dbname=\(database) user=browser"
    let (row, _) = try await Self.whoAndWhere(connection + " passfile=\(file)")
    #expect(row == ["browser", database])
    // Without it, the server asks for a password that libpq does not have.
    let other = folder.appending(path: "none").path
    #expect(
      try await Self.failure(connection + " passfile=\(other)")
        == "cannot connect to \(directory)/.s.PGSQL.5432: fe_sendauth: no password supplied")
  }

  @Test("Of two hosts whose first is down, the second is used; a failure names both")
  func severalHosts() async throws {
    let (database, directory) = try await Self.place()
    let down = "/nonexistent-\(getpid())"
    let (row, description) = try await Self.whoAndWhere(
      "host=\(down),\(directory) dbname=\(database) user=postgres")
    #expect(row == ["postgres", database])
    #expect(description == "user=postgres dbname=\(database) host=\(directory) port=5432")
    // A session attribute the only server up does not have: every host is refused, each said.
    #expect(
      try await Self.failure(
        "host=\(down),\(directory) dbname=\(database) user=postgres target_session_attrs=standby")
        == "cannot connect to \(down)/.s.PGSQL.5432: no server socket there; "
        + "cannot connect to \(directory)/.s.PGSQL.5432: server is not in hot standby mode")
  }

  @Test("connect_timeout stops waiting for a server that never answers, with one line")
  func connectTimeout() async throws {
    let listener = try SilentListener()
    let clock = ContinuousClock()
    let started = clock.now
    let message = try await Self.failure(
      "postgresql://ada:hunter2@127.0.0.1:\(listener.port)/shop?connect_timeout=2")
    let elapsed = clock.now - started
    #expect(message == "cannot connect to 127.0.0.1:\(listener.port): timeout expired")
    // libpq's least timeout is 2 s, counted in whole seconds of the clock (PostgreSQL 15's
    // libpq ends it at the second after next): it waits more than one second, not for ever.
    #expect(elapsed > .seconds(1) && elapsed < .seconds(10), "\(elapsed)")
    withExtendedLifetime(listener) {}
  }
}
