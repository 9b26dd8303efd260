import DataBrowserCore
import Foundation
import GRDB
import TermElements
import TermElementsRecords
import Testing

/// A database another connection writes to while it is browsed (issue 18, item 3): the counts
/// are read again when the end is reached or a jump needs them, a total that grew is marked
/// with `+`, and no position is ever above its total.
@MainActor
@Suite("A table that grows")
struct GrowingTableTests {
  /// A fixture's standard database with `count` items, in WAL mode, and a writer on it that
  /// stays open while the browser reads.
  static func growing(_ fixture: Fixture, count: Int) throws -> (path: String, DatabaseQueue) {
    let path = try fixture.standard(count: count)
    let writer = try DatabaseQueue(path: path)
    try writer.writeWithoutTransaction { db in
      _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
    }
    return (path, writer)
  }

  /// Adds items `ids` through `writer`, committed at once.
  static func insert(_ ids: ClosedRange<Int>, _ writer: DatabaseQueue) throws {
    try writer.write { db in
      for id in ids {
        try db.execute(
          sql: "INSERT INTO items (id, label, price) VALUES (?, ?, ?)",
          arguments: [id, "item \(id)", Double(id) / 4])
      }
    }
  }

  /// The position at the end of the status line: the record's number, the total, and
  /// whether the total is marked as grown.
  static func position(_ screen: Screen) -> (number: Int, total: Int, grew: Bool)? {
    guard let word = screen.lines.last?.split(separator: " ").last else { return nil }
    let parts = word.split(separator: "/")
    guard parts.count == 2 else { return nil }
    let grew = parts[1].hasSuffix("+")
    let digits = { (text: Substring) in Int(text.filter(\.isNumber)) }
    guard let number = digits(parts[0]), let total = digits(parts[1]) else { return nil }
    return (number, total, grew)
  }

  /// End after rows were added shows the true last record and counts it; `:N` past the total
  /// known counts again and reaches the new records.
  @Test("End and :N count the records again and mark the total as grown")
  func endAndJump() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let (path, writer) = try Self.growing(fixture, count: 100)
    defer { try? writer.close() }
    let database = try BrowserDatabase.open(path: path)
    let browser = try await Browser.open(
      SQLiteCatalog(database: database), table: "items", pageSize: 20)
    var screen = Screen(width: 60, height: 12)
    await RecordFindingTests.frame(browser, &screen)
    #expect(screen.lines.last?.hasSuffix(" 1/100 ") == true, "\(screen.lines)")
    try Self.insert(101...150, writer)
    await RecordFindingTests.press([.end], browser, &screen)
    #expect(RecordFindingTests.selectedID(browser) == 150)
    #expect(screen.lines.last?.hasSuffix(" 150/150+ ") == true, "\(screen.lines)")
    #expect(RecordFindingTests.ids(screen).suffix(3) == [148, 149, 150])
    try Self.insert(151...200, writer)
    await RecordFindingTests.press([.character(":")], browser, &screen)
    await RecordFindingTests.type("190", browser, &screen)
    #expect(RecordFindingTests.selectedID(browser) == 190)
    #expect(screen.lines.last?.hasSuffix(" 190/200+ ") == true, "\(screen.lines)")
    // Up from there, the numbers follow.
    await RecordFindingTests.press([.up], browser, &screen)
    #expect(screen.lines.last?.hasSuffix(" 189/200+ ") == true, "\(screen.lines)")
  }

  /// Paging down through records added after the table was opened: the position never goes
  /// above the total, and at the end the total is the count of every record.
  @Test("Paging past the total known counts again; no position is above its total")
  func pagingPastTotal() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let (path, writer) = try Self.growing(fixture, count: 40)
    defer { try? writer.close() }
    let database = try BrowserDatabase.open(path: path)
    let browser = try await Browser.open(
      SQLiteCatalog(database: database), table: "items", pageSize: 10)
    var screen = Screen(width: 60, height: 12)
    await RecordFindingTests.frame(browser, &screen)
    try Self.insert(41...65, writer)
    var last = 0
    for _ in 0..<20 {
      await RecordFindingTests.press([.pageDown], browser, &screen)
      let position = try #require(Self.position(screen), "\(screen.lines)")
      #expect(position.number <= position.total, "\(screen.lines)")
      last = position.number
    }
    #expect(last == 65)
    #expect(RecordFindingTests.selectedID(browser) == 65)
    #expect(screen.lines.last?.hasSuffix(" 65/65+ ") == true, "\(screen.lines)")
  }

  /// The list of tables counts the rows again when it comes back into view, and a table
  /// opened from it starts from that count.
  @Test("The list of tables counts again when it comes back")
  func tableList() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let (path, writer) = try Self.growing(fixture, count: 100)
    defer { try? writer.close() }
    let database = try BrowserDatabase.open(path: path)
    let browser = try await Browser.open(SQLiteCatalog(database: database), pageSize: 20)
    var screen = Screen(width: 40, height: 8)
    await RecordFindingTests.frame(browser, &screen)
    #expect(
      QueryChangeTests.text(screen) == [
        " Tables",
        " table │ rows",
        " items │  100",
        " pairs │  300",
        " plain │    3",
        "",
        "",
        " 3 tables — Enter opens, ? keys, q… 1/3",
      ], "\(screen.lines)")
    try Self.insert(101...1_234, writer)
    await RecordFindingTests.press([.enter], browser, &screen)
    await RecordFindingTests.press([.escape], browser, &screen)
    #expect(QueryChangeTests.text(screen)[2] == " items │ 1,234", "\(screen.lines)")
    await RecordFindingTests.press([.enter], browser, &screen)
    #expect(screen.lines.last?.hasSuffix(" 1/1,234 ") == true, "\(screen.lines)")
  }
}
