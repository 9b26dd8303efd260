import Synchronization
import TermElements
import TermElementsRecordsTesting
import Testing

@testable import TermElementsRecords

@Suite("- hides the column under the cursor, + shows them all")
@MainActor
struct HiddenColumnsTests {
  /// People with a name, a city and a note; Ada's name is in record 2, and in record 4's note.
  static func session(_ name: String) async throws -> BrowsingSession {
    let rows: [[CellValue]] = [
      [.integer(1), .text("Grace"), .text("Oslo"), .text("first")],
      [.integer(2), .text("Ada"), .text("Lima"), .text("second")],
      [.integer(3), .text("Alan"), .null, .text("third")],
      [.integer(4), .text("Edsger"), .text("Kyiv"), .text("knew Ada")],
    ]
    let source = MemoryRecordSource(
      name: "people", columns: ["id", "name", "city", "note"], records: rows, keyColumns: [0])
    return try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], height: 8), case: name)
  }

  @Test("- hides the name: the lines leave it out, the title counts it; + brings it back")
  func hideAndShow() async throws {
    let session = try await Self.session("-")
    await session.press(.right, .character("-"))
    #expect(
      session.lines == [
        " people · 1 column hidden                                                       ",
        " id │ city │ note                                                               ",
        "  1 │ Oslo │ first                                                              ",
        "  2 │ Lima │ second                                                             ",
        "  3 │ NULL │ third                                                              ",
        "  4 │ Kyiv │ knew Ada                                                           ",
        "                                                                                ",
        " Hid name: 1 column hidden (+ shows them)                                   1/4 ",
      ])
    await session.press(.down)
    #expect(session.lines[0].hasPrefix(" people · 1 column hidden "))
    await session.press(.character("+"))
    #expect(
      session.lines == [
        " people                                                                         ",
        " id │ name   │ city │ note                                                      ",
        "  1 │ Grace  │ Oslo │ first                                                     ",
        "  2 │ Ada    │ Lima │ second                                                    ",
        "  3 │ Alan   │ NULL │ third                                                     ",
        "  4 │ Edsger │ Kyiv │ knew Ada                                                  ",
        "                                                                                ",
        " Showing all 4 columns                                                      2/4 ",
      ])
  }

  @Test("A key column stays, and the status line says why")
  func keyStays() async throws {
    let session = try await Self.session("- on the key")
    await session.press(.character("-"))
    #expect(session.statusLineSays("id is a key column: it stays shown"))
    #expect(session.records?.columns.hidden == [])
  }

  @Test("The cursor passes over hidden columns; a search and Y leave them out")
  func leftOut() async throws {
    let session = try await Self.session("hidden and searched")
    await session.press(.right, .character("-"))
    #expect(session.records?.columns.cursor == 2)
    await session.press(.left)
    #expect(session.records?.columns.cursor == 0)
    await session.press(.right)
    #expect(session.records?.columns.cursor == 2)
    // Ada's name is hidden: the search finds the note of record 4.
    await session.press(.character("/"))
    await session.type("ada")
    #expect(session.records?.selectedRecord?.number == 4)
    await session.press(.character("Y"))
    #expect(session.clipboard(since: 0) == ["4\tKyiv\tknew Ada"])
    #expect(session.statusLineSays("Copied the record (3 of 4 columns)"))
  }

  @Test("A search stops at a match a page cut off in a shown column, even with one in a hidden")
  func matchBeyondThePage() async throws {
    let rows: [[CellValue]] = [
      [.integer(1), .text("Grace"), .text("first")],
      // The note's "Ada" lies past what a page keeps of it; the hidden name matches at once.
      [.integer(2), .text("Ada"), .text("a long note that names Ada at last")],
      [.integer(3), .text("Ada"), .text("third")],
    ]
    let base = MemoryRecordSource(
      name: "people", columns: ["id", "name", "note"], records: rows, keyColumns: [0])
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: CutPagesSource(base: base), records: [], height: 8),
      case: "cut page")
    await session.press(.right, .character("-"))
    #expect(session.records?.columns.hidden == [1])
    await session.press(.character("/"))
    await session.type("ada")
    #expect(session.records?.selectedRecord?.number == 2)
  }

  @Test("/ with a column hidden asks the source once, for the columns shown, however many match")
  func oneSearchPastHiddenMatches() async throws {
    // Every record's note holds "zanzibar"; of the names, only record 1,500's does.
    let rows: [[CellValue]] = (1...2_000).map { id in
      [
        .integer(Int64(id)), .text(id == 1_500 ? "Zanzibar Smith" : "Name \(id)"),
        .text("from zanzibar"),
      ]
    }
    let source = SearchCountingSource(
      base: MemoryRecordSource(
        name: "people", columns: ["id", "name", "note"], records: rows, keyColumns: [0]))
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], height: 8), case: "one search")
    await session.press(.right, .right, .character("-"))
    #expect(session.records?.columns.hidden == [2])
    await session.press(.character("/"))
    await session.type("zanzibar")
    #expect(
      session.lines == [
        " people · 1 column hidden                                                       ",
        " id   │ name                                                                    ",
        " 1500 │ Zanzibar…                                                               ",
        " 1501 │ Name 1501                                                               ",
        " 1502 │ Name 1502                                                               ",
        " 1503 │ Name 1503                                                               ",
        " 1504 │ Name 1504                                                               ",
        " people · 35 loaded                                                 1,500/2,000 ",
      ])
    #expect(session.records?.selectedRecord?.number == 1_500)
    #expect(source.searches == [[0, 1]])
    #expect(source.wholeRecordReads == 0)
    // n and N go on past every hidden match either way, again in one request each.
    await session.press(.character("n"))
    #expect(session.statusLineSays("“zanzibar” not found after this record"))
    await session.press(.character("N"))
    #expect(session.statusLineSays("“zanzibar” not found before it"))
    #expect(session.records?.selectedRecord?.number == 1_500)
    #expect(source.searches == [[0, 1], [0, 1], [0, 1]])
  }

  @Test("With every column hidden, / says there is nothing to search and asks the source nothing")
  func everyColumnHidden() async throws {
    let source = SearchCountingSource(
      base: MemoryRecordSource(
        name: "pairs", columns: ["a", "b"], records: [[.text("x"), .text("y")]]))
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], height: 6), case: "all hidden")
    // No key hides the last column shown: the state is set as a program could.
    session.records?.columns.hidden = [0, 1]
    await session.press(.character("/"))
    await session.type("x")
    #expect(session.statusLineSays("Every column is hidden: nothing to search (+ shows them)"))
    #expect(source.searches.isEmpty)
  }

  @Test("c goes to a column by name: Tab completes what was typed, a hidden column shows again")
  func goToColumn() async throws {
    let session = try await Self.session("c")
    await session.press(.right, .right, .character("-"))
    #expect(session.records?.columns.hidden == [2])
    await session.press(.character("c"), .character("n"))
    // Two names start with n: the status line lists them, Tab completes to what they share.
    #expect(session.statusLineSays("column (Tab completes): n█  name, note"))
    await session.press(.character("o"), .tab)
    #expect(session.statusLineSays("column (Tab completes): note█"))
    await session.press(.enter)
    #expect(session.records?.columns.cursor == 3)
    await session.press(.character("c"))
    await session.type("CI")
    #expect(session.records?.columns.cursor == 2)
    #expect(session.records?.columns.hidden == [])
    await session.press(.character("c"))
    await session.type("zz")
    #expect(session.statusLineSays("No column “zz”"))
    #expect(session.records?.columns.cursor == 2)
  }

  @Test("With no key column, the last column shown stays")
  func lastColumnStays() async throws {
    let source = MemoryRecordSource(
      name: "pairs", columns: ["a", "b"], records: [[.text("x"), .text("y")]])
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], height: 6), case: "last column")
    await session.press(.character("-"))
    #expect(session.records?.columns.hidden == [0])
    #expect(session.records?.columns.cursor == 1)
    await session.press(.character("-"))
    #expect(session.statusLineSays("b is the last column shown: it stays"))
    #expect(session.lines[1] == " b" + String(repeating: " ", count: 78))
    await session.press(.character("+"))
    #expect(session.records?.columns.hidden == [])
    await session.press(.character("+"))
    #expect(session.statusLineSays("No column is hidden"))
  }
}

/// Records in memory whose pages, and the records a search finds, keep only the first 12
/// characters of a text, as a database's pages keep the first 1,024: a whole record has all.
struct CutPagesSource: FullWrappingSource {
  let base: MemoryRecordSource

  /// `record` with each text cut to its first 12 characters.
  static func cut(_ record: PageRecord) -> PageRecord {
    var cut = record
    cut.values = record.values.map { value in
      guard case .text(let text) = value else { return value }
      return .text(String(text.prefix(12)))
    }
    return cut
  }

  func page(after position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]
  { try await base.page(after: position, in: view, limit: limit).map(Self.cut) }

  func page(before position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]
  { try await base.page(before: position, in: view, limit: limit).map(Self.cut) }

  func search(
    _ text: SearchText, columns: Set<Int>?, from start: RecordPosition?, forward: Bool,
    in view: RecordView, progress: @escaping @Sendable (Int) -> Void
  ) async throws -> PageRecord? {
    try await base.search(
      text, columns: columns, from: start, forward: forward, in: view, progress: progress
    )
    .map(Self.cut)
  }
}

/// Records in memory that count the searches asked of them, with the columns of each, and the
/// whole records read.
final class SearchCountingSource: FullWrappingSource {
  let base: MemoryRecordSource
  /// The columns of each search asked for, in order (`nil`: every column).
  private let asked = Mutex<[Set<Int>?]>([])
  /// How many whole records were read.
  private let wholeReads = Mutex(0)

  init(base: MemoryRecordSource) {
    self.base = base
  }

  /// The columns of each search asked for so far.
  var searches: [Set<Int>?] { asked.withLock { $0 } }
  /// How many whole records were read so far.
  var wholeRecordReads: Int { wholeReads.withLock { $0 } }

  func search(
    _ text: SearchText, columns: Set<Int>?, from start: RecordPosition?, forward: Bool,
    in view: RecordView, progress: @escaping @Sendable (Int) -> Void
  ) async throws -> PageRecord? {
    asked.withLock { $0.append(columns) }
    return try await base.search(
      text, columns: columns, from: start, forward: forward, in: view, progress: progress)
  }

  func wholeRecord(key: RecordKey) async throws -> [CellValue]? {
    wholeReads.withLock { $0 += 1 }
    return try await base.wholeRecord(key: key)
  }
}
