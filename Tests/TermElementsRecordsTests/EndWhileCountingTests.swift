import Foundation
import Testing

@testable import TermElementsRecords

/// End pressed while the source still counts its records in the background (a CSV file's
/// index): the records End reads from the end have no number yet, and get one as soon as the
/// count is exact, so that the position does not stay `?/53`.
@MainActor
@Suite("End while the records are counted")
struct EndWhileCountingTests {
  @Test("End before a CSV file's index is done: the position is exact once it is")
  func endBeforeTheIndex() async throws {
    var text = "id,name\n"
    for number in 1...53 { text += "\(number),name \(number)\n" }
    let file = try TemporaryCSV(text)
    defer { file.remove() }
    let source = try file.source(indexed: false)
    let screen = try await RecordsScreen.open(source, pageSize: 5)
    screen.go(to: .last)
    await screen.waitUntilIdle()
    #expect(screen.selectedRecord?.record.values.first == .integer(53))
    #expect(screen.recordPosition().hasPrefix("?/"))

    source.startIndexing()
    try await source.waitForIndex()
    await screen.work.waitForWatches()
    #expect(screen.recordPosition() == "53/53")
    // The other records read from the end are numbered too.
    let numbers = screen.held.values.map { ($0.record.values.first, $0.number) }
    #expect(numbers.count == 5)
    #expect(numbers.allSatisfy { value, number in value == number.map { .integer(Int64($0)) } })
  }

  @Test("End whose count the source made just before it was done: counted again")
  func endWithAStaleCount() async throws {
    let records = (1...12).map { [CellValue.integer(Int64($0))] }
    let source = StaleLastPageSource(
      base: MemoryRecordSource(name: "log", columns: ["n"], records: records, keyColumns: [0]))
    let screen = try await RecordsScreen.open(source, pageSize: 5)
    screen.go(to: .last)
    await screen.waitUntilIdle()
    #expect(screen.recordPosition() == "12/12")
  }
}

/// Records in memory whose last page comes with an estimated count, as one made while the
/// source still counted, although it has nothing left to do in the background and counts
/// exactly when asked.
struct StaleLastPageSource: FullWrappingSource, RecordLastPageReading {
  let base: MemoryRecordSource

  func lastPage(in view: RecordView, limit: Int) async throws -> (
    records: [PageRecord], count: RecordCount
  ) {
    let records = try await base.page(before: nil, in: view, limit: limit)
    return (records, .estimated(20))
  }
}
