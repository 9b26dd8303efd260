import TermElements
import TermElementsRecordsTesting
import Testing

@testable import TermElementsRecords

@Suite("I sums up the columns shown, through the filter")
@MainActor
struct SummaryScreenTests {
  /// People with a city (NULL twice, the text `NULL` once), a balance of integers and reals,
  /// and a note with a quote and a line break.
  static func session(_ name: String, height: Int = 10) async throws -> BrowsingSession {
    let rows: [[CellValue]] = [
      [.integer(1), .text("Oslo"), .integer(10), .text("it's")],
      [.integer(2), .null, .real(2.5), .text("two\nlines")],
      [.integer(3), .text("NULL"), .integer(10), .null],
      [.integer(4), .text("Oslo"), .null, .text("")],
      [.integer(5), .null, .integer(-3), .text("it's")],
    ]
    let source = MemoryRecordSource(
      name: "people", columns: ["id", "city", "balance", "note"], records: rows,
      keyColumns: [0])
    return try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], height: height), case: name)
  }

  @Test("I: one line per column, NULLs apart from the text NULL, the bar of their share")
  func wholeScreen() async throws {
    let session = try await Self.session("I")
    await session.press(.character("I"))
    #expect(
      session.lines == [
        " people › people summary                                                        ",
        " column  │ type         │ values │ NULLs │ NULL share    │ distinct │ min     › ",
        " id      │ integer      │      5 │     0 │            0% │        5 │    1      ",
        " city    │ text         │      3 │     2 │ ███▎      40% │        2 │ NULL      ",
        " balance │ integer+real │      4 │     1 │ █▋        20% │        3 │   -3      ",
        " note    │ text         │      4 │     1 │ █▋        20% │        3 │           ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " people · 4 of 4 columns summed up · Enter: the column's values      column 1/4 ",
      ])
    // → scrolls the summary's columns, the names staying at the left.
    await session.press(.right, .right, .right, .right, .right, .right, .right, .right)
    #expect(
      session.lines == [
        " people › people summary                                                        ",
        " column  ‹ values │ NULLs │ NULL share    │ distinct │ min  │ max       │ mean  ",
        " id      │      5 │     0 │            0% │        5 │    1 │         5 │    3  ",
        " city    │      3 │     2 │ ███▎      40% │        2 │ NULL │ Oslo      │       ",
        " balance │      4 │     1 │ █▋        20% │        3 │   -3 │        10 │ 4.88  ",
        " note    │      4 │     1 │ █▋        20% │        3 │      │ two↵lines │       ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " people · 4 of 4 columns summed up · Enter: the column's values      column 1/4 ",
      ])
    await session.press(.escape)
    #expect(session.browser.stack.top is RecordsScreen)
  }

  @Test("I through a filter, with a column hidden: the filter's records, the columns shown")
  func filteredAndHidden() async throws {
    let session = try await Self.session("I filtered")
    await session.press(.character("f"))
    await session.type("balance >= 0")
    await session.press(.right, .right, .right, .character("-"))
    await session.press(.character("I"), .down, .down)
    #expect(
      session.lines == [
        " people where balance >= 0 · 1 column hidden › people summary                   ",
        " column  │ type         │ values │ NULLs │ NULL share    │ distinct │ min     › ",
        " id      │ integer      │      3 │     0 │            0% │        3 │    1      ",
        " city    │ text         │      2 │     1 │ ██▋       33% │        2 │ NULL      ",
        " balance │ integer+real │      3 │     0 │            0% │        2 │  2.5      ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " people · 3 of 3 columns summed up · filter: balance >= 0 · Enter:…  column 3/3 ",
      ])
    // Enter opens the frequency of the line's column through the filter; Esc there comes back
    // to the records, the cursor on that column.
    await session.press(.enter)
    let frequency = try #require(session.browser.stack.top as? RecordsScreen)
    #expect(frequency.source.name == "balance values", "\(session.lines)")
    #expect(frequency.total == 2, "\(session.lines)")
    await session.press(.escape)
    #expect(session.browser.stack.top === session.records)
    #expect(session.records?.columns.cursor == 2)
  }

  @Test("A source that cannot sum up its columns says why")
  func unavailable() async throws {
    let rows: [[CellValue]] = [[.integer(1)]]
    let source = PagingOnlySource(
      base: MemoryRecordSource(name: "log", columns: ["line"], records: rows))
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], height: 6), case: "I unavailable")
    await session.press(.character("I"))
    #expect(session.browser.stack.top is RecordsScreen)
    #expect(session.statusLineSays("No summary of the columns here: "), "\(session.statusLine)")
  }

  @Test("Each line shows … until its column is done; Esc stops the work and goes back")
  func escapeStops() async throws {
    let rows: [[CellValue]] = [[.integer(1), .text("Oslo")], [.integer(2), .null]]
    let source = SlowSummarySource(
      base: MemoryRecordSource(
        name: "people", columns: ["id", "city"], records: rows, keyColumns: [0]))
    let browser = try await Browser.open(source)
    var screen = Screen(width: 60, height: 6)
    browser.stack.render(into: &screen)
    browser.stack.handle(.key(.character("I")))
    let summary = try #require(browser.stack.top as? SummaryScreen)
    // The first column comes; the second waits on a source that never answers.
    while summary.summaries[0] == nil { await Task.yield() }
    browser.stack.render(into: &screen)
    #expect(
      screen.lines.dropLast() == [
        " people › people summary                                    ",
        " column │ type    │ values │ NULLs │ NULL share    │ disti› ",
        " id     │ integer │      2 │     0 │            0% │      2 ",
        " city   │ …       │        │       │               │        ",
        "                                                            ",
      ])
    browser.stack.handle(.key(.escape))
    await summary.waitUntilSummed()
    #expect(browser.stack.top is RecordsScreen)
    #expect(summary.summaries[1] == nil)
  }
}

/// Records in memory whose summary of any column but the first waits until cancelled.
struct SlowSummarySource: FullWrappingSource, RecordSummarizing {
  let base: MemoryRecordSource

  func summary(ofColumn column: Int, in view: RecordView) async throws -> ColumnSummary {
    if column > 0 { try await Task.sleep(for: .seconds(3_600)) }
    return try await base.summary(ofColumn: column, in: view)
  }
}
