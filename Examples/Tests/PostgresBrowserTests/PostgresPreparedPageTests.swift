import DataBrowserPostgres
import TermElementsRecords
import Testing

/// Prepared pages against a server whose table changes under them.
@Suite("PostgreSQL prepared pages")
struct PostgresPreparedPageTests {
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
}
