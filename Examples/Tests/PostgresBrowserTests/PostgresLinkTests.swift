import DataBrowserPostgres
import ExamplesTestSupport
import Foundation
import TermElementsRecords
import Testing

/// What the server is asked to enforce, and what happens when the connection fails: reads
/// that cannot write, statements that time out, cancels that stop the server's work, clear
/// errors, and a new connection after the old one was dropped.
@Suite("PostgreSQL connections")
struct PostgresLinkTests {
  /// The message of `error`, as the status line shows it.
  static func message(_ error: any Error) -> String {
    (error as? RecordSourceError)?.description ?? "\(error)"
  }

  @Test("A filter that would write is refused before the server sees it")
  func writingFilterRefused() async throws {
    let settings = try await Database.kinds.settings()
    let link = PostgresLink(settings: settings)
    defer { Task { await link.close() } }
    let source = try await PostgresCatalog(link: link).source(named: "numbers")
    let writing = RecordView(filter: "nextval('counter') > 0")
    let error = await #expect(throws: RecordSourceError.self) {
      try await source.page(after: nil, in: writing, limit: 5)
    }
    #expect(error.map(Self.message) == "nextval is not a function a filter can call")
    let unlocking = RecordView(
      filter: "set_config('default_transaction_read_only', 'off', false) = 'off'")
    await #expect(
      throws: RecordSourceError.badFilter("set_config is not a function a filter can call")
    ) {
      try await source.page(after: nil, in: unlocking, limit: 1)
    }
    let counter = try await TestServer.shared.query(
      settings, "SELECT last_value, is_called FROM counter")
    #expect(counter == ["1|f"])
  }

  @Test("Every read is read-only, even after a statement that turns the session's read-only off")
  func readOnly() async throws {
    let settings = try await Database.kinds.settings()
    let link = PostgresLink(settings: settings)
    defer { Task { await link.close() } }
    // Statements of the link's own, as no filter can call these functions any more.
    let writing = PostgresStatement("SELECT nextval('counter')")
    let error = await #expect(throws: RecordSourceError.self) {
      try await link.read { try await $0.rows(writing) }
    }
    #expect(error.map(Self.message) == "cannot execute nextval() in a read-only transaction")
    // A statement may change a setting for the session; the next read is read-only all the same.
    _ = try await link.read {
      try await $0.rows(
        PostgresStatement("SELECT set_config('default_transaction_read_only', 'off', false)"))
    }
    await #expect(throws: RecordSourceError.self) {
      try await link.read { try await $0.rows(writing) }
    }
    let counter = try await TestServer.shared.query(
      settings, "SELECT last_value, is_called FROM counter")
    #expect(counter == ["1|f"])
  }

  @Test("Reads in a burst from three tasks get their own rows, whenever their reads commit")
  func burstOfReads() async throws {
    let link = PostgresLink(settings: try await Database.kinds.settings())
    defer { Task { await link.close() } }
    let source = try await PostgresCatalog(link: link).postgresSource(named: "numbers")
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<3 {
        group.addTask {
          for round in 0..<60 {
            // Ids from 1: the record at offset `start` is id start + 1.
            let start = task * 10_000 + round * 37
            let position = try await source.position(atOffset: start, in: .all)
            let page = try await source.page(after: position, in: .all, limit: 5)
            #expect(
              page.map { $0.values[0] } == (start + 2...start + 6).map { .integer(Int64($0)) })
            let echo = try await link.read {
              try await $0.rows(PostgresStatement("SELECT \(start)"))
            }
            #expect(echo == [["\(start)"]])
          }
        }
      }
      try await group.waitForAll()
    }
  }

  @Test("A statement that runs past the timeout is stopped, and the server says why")
  func statementTimeout() async throws {
    let settings = try await Database.kinds.settings()
    let link = PostgresLink(settings: settings, statementTimeout: 1)
    defer { Task { await link.close() } }
    let source = try await PostgresCatalog(link: link).source(named: "numbers")
    let slow = RecordView(filter: "pg_sleep(5) IS NOT NULL")
    let clock = ContinuousClock()
    let started = clock.now
    let error = await #expect(throws: RecordSourceError.self) {
      try await source.page(after: nil, in: slow, limit: 5)
    }
    #expect(error.map(Self.message) == "canceling statement due to statement timeout")
    #expect(clock.now - started < .seconds(4))
    // A statement that lifts the timeout for the session does not lift it for the next read.
    _ = try await link.read {
      try await $0.rows(PostgresStatement("SELECT set_config('statement_timeout', '0', false)"))
    }
    await #expect(throws: RecordSourceError.self) {
      try await source.page(after: nil, in: slow, limit: 5)
    }
  }

  @Test("Cancelling a search stops its query on the server")
  func cancelStopsTheServer() async throws {
    // A database of its own, so that only this test's statements run in it.
    let settings = try await TestServer.shared.database(Self.numbers)
    let link = PostgresLink(settings: settings)
    defer { Task { await link.close() } }
    var source = try #require(
      try await PostgresCatalog(link: link).source(named: "numbers") as? PostgresRecordSource)
    // One chunk of every record, and a filter that makes each one slow: the query runs for
    // seconds unless cancelled.
    source.searchChunkSize = 1_000_000
    let slow = RecordView(filter: "pg_sleep(0.0001) IS NOT NULL")
    let search = Task { [source] in
      try await source.search(
        SearchText("nothing like this"), columns: nil, from: nil, forward: true, in: slow,
        progress: { _ in })
    }
    // Watched over a connection of the test's own, every few milliseconds.
    let watcher = PostgresLink(settings: settings)
    defer { Task { await watcher.close() } }
    let active = PostgresStatement(
      "SELECT count(*)::text FROM pg_stat_activity WHERE application_name = 'data-browser' "
        + "AND state = 'active' AND datname = current_database() AND pid <> pg_backend_pid() "
        + "AND query NOT LIKE 'SELECT pg_cancel_backend%'")
    func running() async throws -> Int {
      let rows = try await watcher.read { try await $0.rows(active) }
      return rows.first?.first.flatMap { $0.flatMap { Int($0) } } ?? -1
    }
    try await Self.waitUntil(seconds: 5) { try await running() > 0 }
    // How soon it stops is a figure of `make bench` (cancel_search_ms); here, that it does.
    search.cancel()
    try await Self.waitUntil(seconds: 5) { try await running() == 0 }
    await #expect(throws: CancellationError.self) { try await search.value }
    // The connection is ready for the next read.
    #expect(try await source.page(after: nil, in: .all, limit: 1).count == 1)
  }

  @Test("A dropped connection fails one read with a clear error; the next read reconnects")
  func reconnects() async throws {
    // A database of its own: the test ends every connection of the browser to it.
    let settings = try await TestServer.shared.database(Self.numbers)
    let link = PostgresLink(settings: settings)
    defer { Task { await link.close() } }
    let source = try await PostgresCatalog(link: link).source(named: "numbers")
    let first = try await source.page(after: nil, in: .all, limit: 3)
    // Dropped while idle: the next read opens a new connection and nobody notices.
    try await Self.terminateBrowser(settings)
    let second = try await source.page(after: first.last?.position, in: .all, limit: 3)
    #expect(second.map { $0.values[0] } == [.integer(4), .integer(5), .integer(6)])
    // Dropped while reading: that read fails, saying so; the next one reconnects.
    let slow = Task {
      try await source.page(
        after: nil, in: RecordView(filter: "pg_sleep(0.001) IS NOT NULL"), limit: 100_000)
    }
    let server = TestServer.shared
    try await Self.waitUntil(seconds: 5) { try await server.activeQueries(settings) > 0 }
    try await Self.terminateBrowser(settings)
    let error = await #expect(throws: RecordSourceError.self) { try await slow.value }
    #expect(
      error.map(Self.message)
        == "the server closed the connection: terminating connection due to administrator "
        + "command")
    let third = try await source.page(after: second.last?.position, in: .all, limit: 3)
    #expect(third.map { $0.values[0] } == [.integer(7), .integer(8), .integer(9)])
  }

  @Test("sslmode=require connects over TLS, and the server sees it so")
  func tls() async throws {
    let port = Int.random(in: 20_000...60_000)
    let server = try await PostgresServer.start(port: port)
    defer { server.stopBlocking() }
    let settings = try PostgresSettings(
      "postgresql://browser:browser-secret@127.0.0.1:\(port)/postgres?sslmode=require")
    let link = PostgresLink(settings: settings)
    let ssl = try await link.read { session in
      try await session.rows(
        PostgresStatement("SELECT ssl::text FROM pg_stat_ssl WHERE pid = pg_backend_pid()"))
    }
    #expect(ssl == [["true"]])
    await link.close()
  }

  /// A table of 200,000 numbers.
  static let numbers = """
    CREATE TABLE numbers (id int PRIMARY KEY, word text);
    INSERT INTO numbers SELECT i, 'word ' || i FROM generate_series(1, 200000) i;
    """

  /// Ends every connection of the browser to the database of `settings`.
  static func terminateBrowser(_ settings: PostgresSettings) async throws {
    _ = try await TestServer.shared.query(
      settings,
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        + "WHERE application_name = 'data-browser' AND datname = current_database()")
  }

  @Test("Wrong addresses, users, passwords and databases fail with one clear line")
  func connectionFailures() async throws {
    let settings = try await Database.kinds.settings()
    let directory = settings.host
    let cases: [(String, String)] = [
      (
        "postgresql://postgres@/\(settings.database)?host=/nonexistent",
        "cannot connect to /nonexistent/.s.PGSQL.5432: no server socket there"
      ),
      (
        "postgresql://browser:wrong-secret@/\(settings.database)?host=\(directory)",
        "cannot connect to \(directory)/.s.PGSQL.5432: password authentication failed for user \"browser\""
      ),
      (
        "postgresql://postgres@/no_such_database?host=\(directory)",
        "cannot connect to \(directory)/.s.PGSQL.5432: database \"no_such_database\" does not exist"
      ),
      (
        "postgresql://postgres@127.0.0.1:1/\(settings.database)",
        "cannot connect to 127.0.0.1:1: connection refused"
      ),
    ]
    for (url, expected) in cases {
      let link = PostgresLink(settings: try PostgresSettings(url))
      let error = await #expect(throws: RecordSourceError.self) { try await link.check() }
      #expect(error.map(Self.message) == expected, "\(url)")
      #expect(!(error.map(Self.message) ?? "").contains("wrong-secret"))
      await link.close()
    }
    let right = "postgresql://browser:browser-secret@/\(settings.database)?host=\(directory)"
    let link = PostgresLink(settings: try PostgresSettings(right))
    try await link.check()
    await link.close()
  }

  /// Waits until `condition` holds, checking every 10 ms, for at most `seconds`.
  static func waitUntil(seconds: Double, _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while try await !condition() {
      guard ContinuousClock.now < deadline else {
        Issue.record("waited \(seconds) s in vain")
        return
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}
