import DataBrowserPostgres
import TermElementsRecords
import Testing

/// Prepared pages against a server whose table changes under them.
@Suite("PostgreSQL prepared pages")
struct PostgresPreparedPageTests {
  /// A database whose table `t` holds the ids 1 to 10, shared by the tests that only read it.
  static func tenRows() async throws -> PostgresSettings {
    try await TestServer.shared.sharedDatabase(
      "ten rows",
      sql: "CREATE TABLE t (id int PRIMARY KEY); INSERT INTO t SELECT generate_series(1, 10);")
  }

  @Test("A column whose type changes under a prepared page: the read after the failing one works")
  func typeChanges() async throws {
    let settings = try await TestServer.shared.database(
      "CREATE TABLE t (id int PRIMARY KEY, n int); "
        + "INSERT INTO t SELECT i, i FROM generate_series(1, 10) i;")
    let link = PostgresLink(settings: settings, connections: 1)
    defer { Task { await link.close() } }
    let source = try await PostgresCatalog(link: link).source(named: "t")
    let before = try await source.page(after: nil, in: .all, limit: 5)
    #expect(before.first?.values == [.integer(1), .integer(1)])
    _ = try await TestServer.shared.query(
      settings, "ALTER TABLE t ALTER COLUMN n TYPE text USING 'x' || n")
    // The statement prepared before may fail once; the next read prepares it again.
    _ = try? await source.page(after: nil, in: .all, limit: 5)
    let after = try await source.page(after: nil, in: .all, limit: 5)
    #expect(after.first?.values == [.integer(1), .text("x1")])
  }

  @Test("The statements that begin and end a read are prepared once, and still make it read-only")
  func readStatementsPrepared() async throws {
    let settings = try await Self.tenRows()
    let link = PostgresLink(settings: settings, statementTimeout: 7, connections: 1)
    defer { Task { await link.close() } }
    let source = try await PostgresCatalog(link: link).source(named: "t")
    for _ in 0..<3 { _ = try await source.page(after: nil, in: .all, limit: 5) }
    // The server's list of the statements prepared on the connection, but the pages'.
    let prepared = try await link.read {
      try await $0.rows(
        PostgresStatement(
          "SELECT statement FROM pg_prepared_statements WHERE statement NOT LIKE 'SELECT %' "
            + "ORDER BY statement"))
    }
    #expect(
      prepared == [
        ["BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"], ["COMMIT"],
        ["SET LOCAL statement_timeout = '7s'"],
      ])
    let inRead = try await link.read {
      try await $0.rows(
        PostgresStatement(
          "SELECT current_setting('transaction_read_only'), "
            + "current_setting('transaction_isolation'), current_setting('statement_timeout')"))
    }
    #expect(inRead == [["on", "repeatable read", "7s"]])
  }

  @Test("Statements the server forgot (DEALLOCATE ALL) are prepared again: the read after works")
  func deallocated() async throws {
    let settings = try await Self.tenRows()
    let link = PostgresLink(settings: settings, connections: 1)
    defer { Task { await link.close() } }
    let source = try await PostgresCatalog(link: link).source(named: "t")
    _ = try await source.page(after: nil, in: .all, limit: 5)
    _ = try await link.read { try await $0.rows(PostgresStatement("DEALLOCATE ALL")) }
    // The read that finds its statements gone may fail; the next prepares them again.
    _ = try? await source.page(after: nil, in: .all, limit: 5)
    let page = try await source.page(after: nil, in: .all, limit: 5)
    #expect(page.map { $0.values } == (1...5).map { [.integer(Int64($0))] })
    let echo = try await link.read { try await $0.rows(PostgresStatement("SELECT 7")) }
    #expect(echo == [["7"]])
  }
}
