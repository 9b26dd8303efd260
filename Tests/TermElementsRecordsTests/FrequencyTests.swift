import TermElements
import TermElementsRecordsTesting
import Testing

@testable import TermElementsRecords

@Suite("F counts the values of a column, and Enter filters by one")
struct FrequencyTests {
  @Test("Over hostile records in memory, each value counted as the fixture holds it")
  func memoryCase() async {
    let failures = await BrowsingCases.frequency.run(FilterByValueTests.memory())
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("Over a CSV file of hostile fields, the counts and the records Enter keeps")
  func csvCase() async throws {
    let (file, records) = try HostileValues.csv()
    defer { file.remove() }
    let source = try file.source()
    try await source.waitForIndex()
    let failures = await BrowsingCases.frequency.run(
      BrowsingFixture(source: source, records: records, width: 80, height: 12))
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("The case fails when the source counts one record too few")
  func caseCanFail() async {
    let fixture = FilterByValueTests.memory()
    let wrong = BrowsingFixture(
      source: OneShortSource(base: fixture.source as! MemoryRecordSource),
      records: fixture.records, width: fixture.width, height: fixture.height)
    let failures = await BrowsingCases.frequency.run(wrong)
    #expect(!failures.isEmpty)
  }

  /// Cities of ten people: NULL apart from the text `NULL`.
  static let cities: [CellValue] = [
    .text("Oslo"), .text("Lagos"), .text("Oslo"), .null, .text("NULL"), .text("Oslo"),
    .text("Lagos"), .null, .text("it's"), .text("Oslo"),
  ]

  /// The ten people.
  static func people(height: Int = 12) -> BrowsingFixture {
    BrowsingFixtures.fixture(
      "people", columns: ["id", "city"],
      rows: cities.enumerated().map { [.integer(Int64($0 + 1)), $1] }, width: 60,
      height: height)
  }

  @Test("F: the values, most frequent first, with counts, shares and bars; Enter filters")
  @MainActor
  func screen() async throws {
    let session = try await BrowsingSession.open(Self.people(), case: "F")
    await session.press(.right)
    await session.press(.character("F"))
    #expect(
      session.lines == [
        " people › city values · 10 records, 5 values                ",
        " city  │ count      │ %          │ bar                      ",
        " Oslo  │          4 │       40.0 │ ████████████████████████ ",
        " NULL  │          2 │       20.0 │ ████████████             ",
        " Lagos │          2 │       20.0 │ ████████████             ",
        " NULL  │          1 │       10.0 │ ██████                   ",
        " it's  │          1 │       10.0 │ ██████                   ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        " city values · 5 loaded                                 1/5 ",
      ])
    // The text NULL, on the fourth line (NULL, on the second, is dimmed).
    await session.press(.down, .down, .down, .enter)
    #expect(session.records?.view.filter == "\"city\" = 'NULL'")
    #expect(session.shownRecordList == [4])
    // F under the filter counts its records only; Esc comes back unchanged.
    await session.press(.character("F"))
    #expect(session.lines[0] == #" …where "city" = 'NULL' › city values · 1 records, 1 values "#)
    await session.press(.escape)
    #expect(session.records?.view.filter == "\"city\" = 'NULL'")
    await session.press(.escape)
    // NULL, on the second line: IS NULL.
    await session.press(.character("F"))
    await session.press(.down, .enter)
    #expect(session.records?.view.filter == "\"city\" IS NULL")
    #expect(session.shownRecordList == [3, 7])
  }

  @Test("The frequency screen sorts by value, numbers as numbers, and by count")
  @MainActor
  func sorting() async throws {
    let numbers: [CellValue] = [.integer(10), .integer(9), .real(9.5), .integer(10), .null]
    let fixture = BrowsingFixtures.fixture(
      "n", columns: ["id", "n"], rows: numbers.enumerated().map { [.integer(Int64($0)), $1] },
      width: 40, height: 9)
    let session = try await BrowsingSession.open(fixture, case: "F, s")
    await session.press(.right, .character("F"), .character("s"))
    // By value: NULL first, then numbers by their value, whatever their kind.
    #expect(
      session.lines == [
        " n › n values                           ",
        " n ▲        │ count      │ %          › ",
        " NULL       │          1 │       20.0   ",
        "        9   │          1 │       20.0   ",
        "        9.5 │          1 │       20.0   ",
        "       10   │          2 │       40.0   ",
        "                                        ",
        "                                        ",
        " n values · 4 loaded · by n ▲       1/4 ",
      ])
    // By count, the most frequent last going up.
    await session.press(.right, .character("s"))
    #expect(
      session.lines[2...5].map { $0.prefix(26) } == [
        " NULL       │          1 │", "        9   │          1 │", "        9.5 │          1 │",
        "       10   │          2 │",
      ])
  }

  @Test("Many numbers go into ranges of a round width; Enter filters by the range")
  @MainActor
  func ranges() async throws {
    let rows: [[CellValue]] = (0..<200).map {
      [.integer(Int64($0)), .integer(Int64($0 * 7 % 100))]
    }
    let fixture = BrowsingFixtures.fixture(
      "n", columns: ["id", "n"], rows: rows + [[.integer(200), .null]], width: 50, height: 8)
    let session = try await BrowsingSession.open(fixture, case: "F, ranges")
    await session.press(.right, .character("F"))
    #expect(
      session.lines == [
        " n › n values · 201 records, 101 values in ranges ",
        " n from     │ to         │ count      │ %       › ",
        "          0 │          5 │         10 │       5.0 ",
        "          5 │         10 │         10 │       5.0 ",
        "         10 │         15 │         10 │       5.0 ",
        "         15 │         20 │         10 │       5.0 ",
        "         20 │         25 │         10 │       5.0 ",
        " n values · 21 loaded                        1/21 ",
      ])
    await session.press(.down, .enter)
    #expect(session.records?.view.filter == #"("n" >= 5 AND "n" < 10)"#)
    #expect(session.records?.count == .exact(10))
  }

  @Test("More numbers than F keeps: the source's ranges, NULL apart; Enter filters by one")
  @MainActor
  func histogram() async throws {
    let rows: [[CellValue]] = (0..<200).map { [.integer(Int64($0)), .real(Double($0) * 0.37)] }
    let fixture = BrowsingFixtures.fixture(
      "n", columns: ["id", "n"], rows: rows + [[.integer(200), .null]], width: 60, height: 8)
    let session = try await BrowsingSession.open(fixture, case: "F, histogram")
    session.records?.frequencyLimit = 10
    await session.press(.right, .character("F"))
    #expect(
      session.lines == [
        " n › n values · 201 records, 200 values in ranges           ",
        " n from     │ to         │ count      │ %          │ bar  › ",
        "          0 │          5 │         14 │        7.0 │ █████… ",
        "          5 │         10 │         14 │        7.0 │ █████… ",
        "         10 │         15 │         13 │        6.5 │ █████… ",
        "         15 │         20 │         14 │        7.0 │ █████… ",
        "         20 │         25 │         13 │        6.5 │ █████… ",
        " n values · 16 loaded                                  1/16 ",
      ])
    await session.press(.end)
    #expect(session.lines[6].hasPrefix(" NULL       │ NULL       │          1 │        0.5 │"))
    await session.press(.home, .down, .enter)
    #expect(session.records?.view.filter == #"("n" >= 5 AND "n" < 10)"#)
    // Ids 14 to 27: 0.37 × 14 = 5.18, 0.37 × 27 = 9.99.
    #expect(session.records?.count == .exact(14))
    #expect(session.shownRecordList == Array(14...18))
  }

  @Test("The ends of ranges: round widths, dates by their days")
  func rangeScale() throws {
    let scale = try #require(RangeScale.numbers([0.13, 0.92], integers: false))
    #expect(scale.width == 0.05)
    #expect(scale.bound(0) == .decimal("0.10") && scale.bound(scale.count) == .decimal("0.95"))
    #expect(scale.bucket(of: 0.15) == 1)
    #expect(RangeScale.day(of: .date("1970-01-01")) == 0)
    #expect(RangeScale.day(of: .date("2024-03-01")) == 19_783)
    #expect(RangeScale.date(ofDay: 19_783) == "2024-03-01")
    #expect(RangeScale.numbers([3, 3], integers: true) == nil)
    #expect(FrequencyTable.bar(1, of: 8) == "███")
    #expect(FrequencyTable.bar(1, of: 1_000) == "▏")
    #expect(FrequencyTable.bar(0, of: 1_000) == "")
  }

  @Test("While the values are counted the status line says so, and Esc stops the count")
  @MainActor
  func cancelling() async throws {
    let base = Self.people().source as! MemoryRecordSource
    let screen = try await RecordsScreen.open(SlowCountingSource(base: base))
    screen.handle(.key(.right))
    screen.handle(.key(.character("F")))
    #expect(screen.statusText().hasSuffix("counting the values of city… — Esc cancels"))
    screen.handle(.key(.escape))
    await screen.waitUntilIdle()
    #expect(screen.statusText() == "Cancelled")
    #expect(screen.view.filter == nil)
  }

  @Test("A column with more values than the screen keeps says so in the title")
  func moreValues() {
    let entries = [ValueCounts.Entry(value: .text("a"), count: 5), .init(value: .null, count: 3)]
    let known = FrequencyTable(
      ValueCounts(entries: entries, records: 12, otherRecords: 4, otherValues: 3), column: "c")
    #expect(known.note == "12 records, the 2 most frequent of 5 values")
    let unknown = FrequencyTable(
      ValueCounts(entries: entries, records: 12, otherRecords: 4, otherValues: nil), column: "c")
    #expect(unknown.note == "12 records, the 2 most frequent of more values")
    // Numbers kept only in part are not put into ranges, which would miss the others.
    let numbers = (0..<100).map { ValueCounts.Entry(value: .integer(Int64($0)), count: 1) }
    let partial = FrequencyTable(
      ValueCounts(entries: numbers, records: 101, otherRecords: 1, otherValues: 1), column: "n")
    #expect(!partial.isHistogram && partial.lines.count == 100)
  }

  @Test("A source that cannot count values says why at F, and stays")
  @MainActor
  func unavailable() async throws {
    let fixture = Self.people()
    let source = PagingOnlySource(base: fixture.source as! MemoryRecordSource)
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: source, records: fixture.records, width: 60, height: 12),
      case: "F unavailable")
    let lines = session.lines
    await session.press(.character("F"))
    #expect(
      session.statusLineSays(
        "No counting values here: the source cannot count the values of a column"))
    #expect(session.lines.dropLast() == lines.dropLast())
  }
}

/// Records in memory that count one record too few of the most frequent value: what the
/// frequency case must catch.
struct OneShortSource: FullWrappingSource, RecordValueCounting {
  let base: MemoryRecordSource
  func valueCounts(ofColumn column: Int, in view: RecordView, limit: Int) async throws
    -> ValueCounts
  {
    var counts = try await base.valueCounts(ofColumn: column, in: view, limit: limit)
    if !counts.entries.isEmpty { counts.entries[0].count -= 1 }
    return counts
  }
}

/// Records in memory whose values take a minute to count, unless cancelled.
struct SlowCountingSource: WrappingSource, RecordValueCounting {
  let base: MemoryRecordSource
  func valueCounts(ofColumn column: Int, in view: RecordView, limit: Int) async throws
    -> ValueCounts
  {
    try await Task.sleep(for: .seconds(60))
    return try await base.valueCounts(ofColumn: column, in: view, limit: limit)
  }
}
