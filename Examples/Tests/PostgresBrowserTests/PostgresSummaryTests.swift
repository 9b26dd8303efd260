import DataBrowserPostgres
import TermElementsRecords
import TermElementsRecordsTesting
import Testing

/// `I` over PostgreSQL: the summary statements of the planner in read-only transactions.
@Suite("PostgreSQL: I sums up the columns in SQL")
struct PostgresSummaryTests {
  @Test(
    "The summary case over a bigint key, a composite key and a table with no key",
    arguments: ["public.items", "public.pairs", "public.loose"])
  func summaryCase(table: String) async throws {
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
      BrowsingFixture(source: source, records: records, width: 90, height: 12),
      cases: [BrowsingCases.summary])
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    #expect(try await TestServer.shared.checksum(settings, tables: sample.tables) == before)
  }

  @Test("Counts, kinds, least, greatest and mean; distinct from the statistics, or a sample")
  func items() async throws {
    let sample = BrowsingSample(count: 120)
    let settings = try await TestServer.shared.database(sample.sql)
    let link = PostgresLink(settings: settings)
    defer { Task { await link.close() } }
    let source = try #require(
      try await PostgresCatalog(link: link).source(named: "public.items")
        as? any RecordSummarizing)
    var found: [ColumnSummary] = []
    for column in source.columns.indices {
      found.append(try await source.summary(ofColumn: column, in: .all))
    }
    // The key: distinct as its values, exactly.
    #expect(
      found[0]
        == ColumnSummary(
          kinds: ["integer"], values: 120, nulls: 0, distinct: .exact(120),
          minimum: .integer(3), maximum: .integer(360), mean: 181.5))
    // Text with NULLs every fifth row; the server's statistics estimate the distinct values.
    #expect(found[2].kinds == ["text"] && found[2].values == 96 && found[2].nulls == 24)
    #expect(found[2].minimum == .text("Kyiv") && found[2].maximum == .text("Oslo"))
    #expect(found[2].distinct.value == 4)
    #expect(found[3].kinds == ["decimal"] && found[3].mean == 488.93)
    // Truth values and bytes have no least and greatest.
    #expect(found[4].kinds == ["boolean"] && found[4].minimum == nil && found[4].mean == nil)
    #expect(found[5].kinds == ["blob"] && found[5].values == 90 && found[5].nulls == 30)
    #expect(found[6].minimum == .date("2020-01-01") && found[6].maximum == .date("2020-01-28"))
    // Through a filter, the distinct values come from a sample that holds them all: exact.
    let oslo = try await source.summary(
      ofColumn: 2, in: RecordView(filter: "city = 'Oslo'"))
    #expect(oslo.distinct == .exact(1) && oslo.values == 24 && oslo.nulls == 0)
  }
}
