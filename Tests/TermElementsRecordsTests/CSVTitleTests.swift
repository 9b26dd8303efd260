import Testing

@testable import TermElementsRecords

/// How a record of a CSV file is named on its detail screen.
@Suite("CSV record titles")
struct CSVTitleTests {
  @Test(
    "A record is named by its number in the file, or by its place from the end before the index")
  func titles() async throws {
    let file = try TemporaryCSV("a\n1\n2\n3\n")
    defer { file.remove() }
    let unindexed = try file.source(indexed: false)
    let last = try #require(try await unindexed.page(before: nil, in: .all, limit: 1).first)
    #expect(last.values == [.integer(3)])
    #expect(unindexed.title(ofKey: last.key) == "record 1 from the end")
    let indexed = try file.source()
    try await indexed.waitForIndex()
    #expect(indexed.title(ofKey: RecordKey([.integer(2)])) == "record 2")
    #expect(indexed.title(ofKey: last.key) == "record 3")
  }

  @Test("Records in memory are named by their key columns and values")
  func memoryTitles() {
    let keyed = MemoryRecordSource(
      name: "p", columns: ["a", "b", "v"], records: [[.text("y"), .integer(7), .null]],
      keyColumns: [0, 1])
    #expect(keyed.capabilities.title(ofKey: RecordKey([.text("y"), .integer(7)])) == "a, b y, 7")
    let byIndex = MemoryRecordSource(name: "p", columns: ["v"], records: [[.null]])
    #expect(byIndex.capabilities.title(ofKey: RecordKey([.integer(0)])) == "record 0")
  }
}
