import TermElements
import TermElementsRecords
import TermElementsRecordsTesting
import Testing

/// The records screen over a few people in memory, as the terminal shows it, line for line.
@MainActor
@Suite("The records screen, whole")
struct RecordsScreenTests {
  /// Twelve people: ties in their cities, NULLs, balances of every kind of number.
  static let people: [[CellValue]] = [
    [.integer(1), .text("Ada"), .text("London"), .decimal("12.50")],
    [.integer(2), .text("Grace"), .null, .integer(3)],
    [.integer(3), .text("Alan"), .text("London"), .real(-1.5)],
    [.integer(4), .text("Edsger"), .text("Nuenen"), .null],
    [.integer(5), .text("Barbara"), .text("New York"), .decimal("3")],
    [.integer(6), .text("東京タワー"), .null, .integer(12)],
    [.integer(7), .text("Linus"), .text("Helsinki"), .decimal("0.25")],
    [.integer(8), .text("Margaret"), .text("Boston"), .integer(-40)],
    [.integer(9), .text("Dennis"), .text("Bronxville"), .null],
    [.integer(10), .text("Ken"), .text("New Orleans"), .real(2.5)],
    [.integer(11), .text("Frances"), .text("Boston"), .decimal("100")],
    [.integer(12), .text("Tony"), .text("London"), .integer(7)],
  ]

  /// A session on the people at 40×8, with pages of 5.
  static func session() async throws -> BrowsingSession {
    let source = MemoryRecordSource(
      name: "people", columns: ["id", "name", "city", "balance"], records: people,
      keyColumns: [0])
    let fixture = BrowsingFixture(
      source: source, records: people.map { PageRecord(values: $0, key: RecordKey([$0[0]])) },
      pageSize: 5, width: 40, height: 8)
    return try await BrowsingSession.open(fixture, case: "whole screens")
  }

  /// The terminal's lines without the blanks at their ends.
  static func text(_ session: BrowsingSession) -> [String] {
    session.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  @Test("The first screen: the title, the header with the cursor's column, the first records")
  func firstScreen() async throws {
    let session = try await Self.session()
    // The cursor starts on the key column, whose header is underlined.
    #expect(session.screen.style(atX: 1, y: 1).attributes.contains(.underline))
    #expect(!session.screen.style(atX: 6, y: 1).attributes.contains(.underline))
    #expect(
      Self.text(session) == [
        " people",
        " id │ name    │ city     │ balance",
        "  1 │ Ada     │ London   │      12.50",
        "  2 │ Grace   │ NULL     │       3",
        "  3 │ Alan    │ London   │      -1.50",
        "  4 │ Edsger  │ Nuenen   │ NULL",
        "  5 │ Barbara │ New York │       3",
        " people · 12 loaded                1/12",
      ], "\(session.lines)")
  }

  @Test("End: the last records, the last selected on the last line")
  func end() async throws {
    let session = try await Self.session()
    await session.press(.end)
    #expect(
      Self.text(session) == [
        " people",
        " id │ name    │ city     │ balance",
        "  8 │ Margar… │ Boston   │     -40",
        "  9 │ Dennis  │ Bronxvi… │ NULL",
        " 10 │ Ken     │ New Orl… │       2.50",
        " 11 │ Frances │ Boston   │     100",
        " 12 │ Tony    │ London   │       7",
        " people · 12 loaded               12/12",
      ], "\(session.lines)")
  }

  @Test("s on city: NULLs first, ties by id, the header and the status line say so")
  func sortByCity() async throws {
    let session = try await Self.session()
    await session.press(.right, .right, .character("s"))
    #expect(
      Self.text(session) == [
        " people",
        " id │ name    │ city ▲   │ balance",
        "  2 │ Grace   │ NULL     │       3",
        "  6 │ 東京タ… │ NULL     │      12",
        "  8 │ Margar… │ Boston   │     -40",
        " 11 │ Frances │ Boston   │     100",
        "  9 │ Dennis  │ Bronxvi… │ NULL",
        " people · 12 loaded · by city ▲    1/12",
      ], "\(session.lines)")
    await session.press(.character("s"))
    #expect(
      Self.text(session) == [
        " people",
        " id │ name    │ city ▼   │ balance",
        "  4 │ Edsger  │ Nuenen   │ NULL",
        "  5 │ Barbara │ New York │       3",
        " 10 │ Ken     │ New Orl… │       2.50",
        " 12 │ Tony    │ London   │       7",
        "  3 │ Alan    │ London   │      -1.50",
        " people · 12 loaded · by city ▼    1/12",
      ], "\(session.lines)")
  }

  @Test("Enter: every column of the record, and Esc back")
  func detail() async throws {
    let session = try await Self.session()
    await session.press(.down, .down, .down, .down, .down, .enter)
    #expect(
      Self.text(session) == [
        " people › id 6",
        " id       6",
        " name     東京タワー",
        " city     NULL",
        " balance  12",
        "",
        "",
        " people · record — Esc goes… column 1/4",
      ], "\(session.lines)")
    await session.press(.escape)
    #expect(
      Self.text(session) == [
        " people",
        " id │ name    │ city     │ balance",
        "  2 │ Grace   │ NULL     │       3",
        "  3 │ Alan    │ London   │      -1.50",
        "  4 │ Edsger  │ Nuenen   │ NULL",
        "  5 │ Barbara │ New York │       3",
        "  6 │ 東京タ… │ NULL     │      12",
        " people · 12 loaded                6/12",
      ], "\(session.lines)")
  }

  @Test("No records: the line that says so, and 0 records")
  func noRecords() async throws {
    let source = MemoryRecordSource(name: "nobody", columns: ["id", "name"], records: [])
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], width: 40, height: 5), case: "no records")
    #expect(
      Self.text(session) == [
        " nobody",
        " id │ name",
        " No records in nobody",
        "",
        " nobody · 0 loaded            0 records",
      ], "\(session.lines)")
  }
}
