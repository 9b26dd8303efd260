import DataBrowserPostgres
import TermElementsRecords
import TermElementsRecordsTesting
import Testing

/// The shared browsing cases of TermElementsRecordsTesting over PostgreSQL tables: the same
/// screens, keys and promises as over records in memory, a CSV file and SQLite. A test per
/// table, so that `make test` can run them in processes of their own (each runs its cases on
/// its main actor).
@Suite("PostgreSQL browsing cases")
struct PostgresBrowsingCaseTests {
  @Test("Every browsing case passes over a table with a bigint key")
  func itemsCases() async throws {
    try await cases(table: "public.items")
  }

  @Test("Every browsing case passes over a table with a composite key")
  func pairsCases() async throws {
    try await cases(table: "public.pairs")
  }

  @Test("Every browsing case passes over a table with no key, paged by address")
  func looseCases() async throws {
    try await cases(table: "public.loose")
  }

  /// Runs every browsing case over `table` of the sample, and checks that the sample's tables
  /// are unchanged after.
  func cases(table: String) async throws {
    let sample = BrowsingSample(count: 120)
    let settings = try await TestServer.shared.database(sample.sql)
    let before = try await TestServer.shared.checksum(settings, tables: sample.tables)
    let link = PostgresLink(settings: settings)
    defer { Task { await link.close() } }
    let source = try await PostgresCatalog(link: link).source(named: table)
    let addresses = try await TestServer.shared.query(
      settings, "SELECT ctid FROM loose ORDER BY ctid")
    let records = sample.records(table, addresses: addresses)
    let failures = await BrowsingCases.run(
      BrowsingFixture(source: source, records: records, width: 90, height: 12))
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    #expect(try await TestServer.shared.checksum(settings, tables: sample.tables) == before)
  }

  @Test("= and ! on a bytea, a numeric and a name with quotes count what SQL counts")
  func filterByValue() async throws {
    let sample = BrowsingSample(count: 120)
    let settings = try await TestServer.shared.database(sample.sql)
    let link = PostgresLink(settings: settings)
    defer { Task { await link.close() } }
    let source = try #require(
      try await PostgresCatalog(link: link).source(named: "public.items") as? any RecordFiltering)
    func count(_ column: Int, _ value: CellValue, negated: Bool = false) async throws -> Int? {
      let filter = try source.condition(column: column, equals: value, negated: negated)
      return try await source.count(in: RecordView(filter: filter)).exactValue
    }
    // Row 1 alone holds the one byte 01; 90 rows hold bytes.
    #expect(try await count(5, .blob([1])) == 1)
    #expect(try await count(5, .blob([1]), negated: true) == 89)
    #expect(try await count(5, .null) == 30)
    // Row 6's name has both quotes; row 7's balance is numeric.
    #expect(try await count(1, .text("quote ' and \" 6")) == 1)
    let balance = sample.row(7).values[3]
    #expect(try await count(3, balance) == 1)
    #expect(try await count(4, .boolean(true)) == 40)
  }
}
