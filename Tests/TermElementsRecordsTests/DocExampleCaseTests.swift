import TermElementsRecords
import TermElementsRecordsTesting
import Testing

/// The examples of the doc comments of TermElementsRecordsTesting, compiled and run.
@MainActor
@Suite("TermElementsRecordsTesting doc examples")
struct DocExampleCaseTests {
  /// The fixture of BrowsingFixture's example.
  func makeFixture() -> BrowsingFixture {
    let rows: [[CellValue]] = [[.integer(1), .text("Ada")], [.integer(2), .text("Grace")]]
    let people = MemoryRecordSource(
      name: "people", columns: ["id", "name"], records: rows, keyColumns: [0])
    let fixture = BrowsingFixture(
      source: people, records: rows.map { PageRecord(values: $0, key: RecordKey([$0[0]])) })
    return fixture
  }

  @Test("BrowsingFixture and BrowsingSession")
  func session() async throws {
    let fixture = makeFixture()
    let session = try await BrowsingSession.open(fixture, case: "End")
    await session.press(.end)
    let last = session.selectedRecord  // the index of the last record, in key order
    let failures = session.failures
    #expect(last == 1)
    #expect(failures.isEmpty)
  }

  @Test("BrowsingCase")
  func oneCase() async {
    let fixture = makeFixture()
    let firstScreen = BrowsingCases.all.first { $0.name == "first screen" }
    let found = await firstScreen?.run(fixture) ?? []
    #expect(firstScreen != nil)
    #expect(found.isEmpty)
  }

  @Test("BrowsingCases")
  func allCases() async {
    let fixture = makeFixture()
    let failures = await BrowsingCases.run(fixture)
    let report = failures.map(\.description).joined(separator: "\n")
    #expect(report.isEmpty)
  }
}
