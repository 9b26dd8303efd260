import Testing

@testable import TermElementsRecords

/// A slow source: the status line turns a spinner while a jump waits for it, and keys still
/// work meanwhile.
@MainActor
@Suite("The spinner of slow work")
struct SpinnerTests {
  @Test("Work that takes longer than a quarter second turns a spinner; quick work shows none")
  func spinnerTurns() async throws {
    let records = (1...40).map { [CellValue.integer(Int64($0))] }
    let source = SlowLastPageSource(
      base: MemoryRecordSource(name: "log", columns: ["n"], records: records, keyColumns: [0]))
    let screen = try await RecordsScreen.open(source, pageSize: 5)
    await screen.waitUntilIdle()
    screen.go(to: .first)
    #expect(screen.statusText() == "going to the first record… — Esc cancels")
    await screen.waitUntilIdle()
    screen.go(to: .last)
    try await Task.sleep(for: .milliseconds(400))
    let turning = screen.statusText()
    #expect(
      ["| ", "/ ", "- ", "\\ "].contains {
        turning == "\($0)going to the last record… — Esc cancels"
      },
      "\(turning)")
    // Keys still work: Esc stops the wait, and the spinner goes.
    screen.escape()
    try await Task.sleep(for: .milliseconds(300))
    #expect(screen.statusText() == "Cancelled")
    #expect(screen.work.spinner.turns == 0)
  }
}

/// Records in memory whose last page takes two seconds to come.
struct SlowLastPageSource: FullWrappingSource, RecordLastPageReading {
  let base: MemoryRecordSource

  func lastPage(in view: RecordView, limit: Int) async throws -> (
    records: [PageRecord], count: RecordCount
  ) {
    try await Task.sleep(for: .seconds(2))
    return (try await base.page(before: nil, in: view, limit: limit), .exact(40))
  }
}
