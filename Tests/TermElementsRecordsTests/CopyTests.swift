import Foundation
import TermElements
import TermElementsRecordsTesting
import Testing

@testable import TermElementsRecords

@Suite("y and Y copy through OSC 52")
struct CopyTests {
  @Test("Over hostile records in memory, y and Y copy each value and the record")
  func memoryCase() async {
    let failures = await BrowsingCases.copying.run(FilterByValueTests.memory())
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("Over a CSV file of hostile fields, y and Y copy the fields")
  func csvCase() async throws {
    let (file, records) = try HostileValues.csv()
    defer { file.remove() }
    let source = try file.source()
    try await source.waitForIndex()
    let failures = await BrowsingCases.copying.run(
      BrowsingFixture(source: source, records: records, width: 80, height: 12))
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("The case fails when the clipboard gets another text")
  func caseCanFail() async {
    let fixture = FilterByValueTests.memory()
    // The reference says other values than the source holds.
    let shifted = fixture.records.map { record in
      PageRecord(values: record.values.map { _ in .text("other") }, key: record.key)
    }
    let wrong = BrowsingFixture(
      source: fixture.source, records: shifted, width: fixture.width, height: fixture.height)
    let failures = await BrowsingCases.copying.run(wrong)
    #expect(!failures.isEmpty)
  }

  @Test("Y on a record: the status line, and the line of tab-separated values")
  @MainActor
  func record() async throws {
    let source = MemoryRecordSource(
      name: "t", columns: ["id", "note", "data"],
      records: [
        [.integer(1), .text("a\tb\\c\nd"), .blob([0, 255])], [.integer(2), .null, .null],
      ],
      keyColumns: [0])
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], height: 6), case: "Y")
    await session.press(.character("Y"))
    #expect(session.clipboard(since: 0) == ["1\ta\\tb\\\\c\\nd\t\\x00ff"])
    #expect(
      session.lines == [
        " t                                                                              ",
        " id │ note           │ data                                                     ",
        "  1 │ a       b\\c↵d  │ <blob 2 B>                                               ",
        "  2 │ NULL           │ NULL                                                     ",
        "                                                                                ",
        " Copied the record (3 columns): 19 characters, 19 B                         1/2 ",
      ])
    await session.press(.down, .right, .character("y"))
    #expect(session.clipboard(since: 1) == [])
    #expect(session.statusLineSays("note is NULL: nothing copied"))
  }

  @Test("A value over 100 KiB is cut there, at a whole character, and the status line says so")
  @MainActor
  func cut() async throws {
    let long = String(repeating: "é", count: 60_000)  // 120,000 bytes
    let source = MemoryRecordSource(
      name: "t", columns: ["id", "note"], records: [[.integer(1), .text(long)]], keyColumns: [0])
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], height: 6), case: "cut")
    await session.press(.right, .character("y"))
    let copied = session.clipboard(since: 0)
    #expect(copied == [String(repeating: "é", count: 51_200)])
    #expect(
      session.statusLineSays(
        "Copied note: 51,200 characters, 100.0 KiB (cut at 100.0 KiB of 117.2 KiB)"))
  }

  @Test("A value read only in part says the size of the whole value it was cut from")
  @MainActor
  func cutFromAPartialValue() async throws {
    let (text, _) = CSVHugeFieldTests.hugeText()
    let file = try TemporaryCSV(text)
    defer { file.remove() }
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: try file.source(), records: [], height: 6), case: "huge")
    await session.press(.right, .character("y"))
    #expect(session.clipboard(since: 0).map(\.utf8.count) == [ClipboardText.limit])
    #expect(
      session.statusLineSays(
        "Copied b: 102,400 characters, 100.0 KiB (cut at 100.0 KiB of 1.5 MiB)"))
  }
}
