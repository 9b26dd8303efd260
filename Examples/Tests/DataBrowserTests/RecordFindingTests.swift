import DataBrowserCore
import Foundation
import TermElements
import TermElementsRecords
import Testing

/// Reaching every record, headless: End, `:N`, search with n and N, sort, filter, and the
/// database left as it was.
@MainActor
@Suite("Reaching every record")
struct RecordFindingTests {
  /// A browser of `items` in a fresh fixture, on a screen of 60×12, its first page in.
  static func browser(
    _ fixture: Fixture, count: Int = 1_000, gaps: Bool = false, pageSize: Int = 50
  ) async throws -> (Browser, Screen, path: String) {
    let path = try fixture.standard(count: count, gaps: gaps)
    let database = try BrowserDatabase.open(path: path)
    let browser = try await Browser.open(
      SQLiteCatalog(database: database), table: "items", pageSize: pageSize)
    var screen = Screen(width: 60, height: 12)
    await frame(browser, &screen)
    return (browser, screen, path)
  }

  /// Draws frames, waiting for what each starts, until nothing more is under way.
  static func frame(_ browser: Browser, _ screen: inout Screen) async {
    for _ in 0..<40 {
      browser.stack.render(into: &screen)
      await settle(browser)
      browser.stack.render(into: &screen)
      guard browser.stack.top.isFetchingPage else { return }
    }
  }

  /// Presses `keys` one by one, then draws until nothing is under way.
  static func press(_ keys: [Key], _ browser: Browser, _ screen: inout Screen) async {
    for key in keys {
      browser.stack.handle(.key(key))
      await frame(browser, &screen)
    }
  }

  /// Types `text` and Enter.
  static func type(_ text: String, _ browser: Browser, _ screen: inout Screen) async {
    await press(text.map { Key.character($0) } + [.enter], browser, &screen)
  }

  /// The ids in the first column of the record lines.
  static func ids(_ screen: Screen) -> [Int] {
    screen.lines.dropFirst(2).dropLast().compactMap { line in
      Int(line.split(separator: "│").first?.trimmingCharacters(in: .whitespaces) ?? "")
    }
  }

  /// The id of the selected record.
  static func selectedID(_ browser: Browser) -> Int? {
    guard let screen = browser.records, let selection = screen.selection else { return nil }
    return screen.row(at: selection).id?.number
  }

  @Test("End shows the last record; paging up from it reads every record once, in order")
  func endThenUp() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen, _) = try await Self.browser(fixture)
    await Self.press([.end], browser, &screen)
    #expect(Self.ids(screen).last == 1_000, "\(screen.lines)")
    #expect(Self.selectedID(browser) == 1_000)
    #expect(screen.lines.last?.hasSuffix(" 1,000/1,000 ") == true, "\(screen.lines)")
    var seen = Self.ids(screen)
    for _ in 0..<150 {
      await Self.press([.pageUp], browser, &screen)
      let ids = Self.ids(screen)
      #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 + 1 == $1 }, "\(screen.lines)")
      // The position is the record's number, here its id.
      let selected = try #require(Self.selectedID(browser))
      #expect(screen.lines.last?.hasSuffix(" \(selected.formatted(.number))/1,000 ") == true)
      seen = Array(Set(seen + ids)).sorted()
    }
    #expect(seen == Array(1...1_000))
    #expect(Self.ids(screen).first == 1)
    let records = try #require(browser.records)
    #expect(records.table.rowCount <= records.loadedRecordLimit + 50 + 40)
    await Self.press([.character("G")], browser, &screen)
    #expect(Self.ids(screen).last == 1_000)
    await Self.press([.character("g")], browser, &screen)
    #expect(Self.ids(screen).first == 1)
    #expect(screen.lines.last?.hasSuffix(" 1/1,000 ") == true)
  }

  @Test(":N shows record N, its number counted among the records, not its id")
  func jumpToNumber() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    // Every third id is gone: record 500 has id 749.
    var (browser, screen, _) = try await Self.browser(fixture, gaps: true)
    await Self.press([.character(":")], browser, &screen)
    #expect(screen.lines.last?.hasPrefix(" :█") == true, "\(screen.lines)")
    await Self.type("500", browser, &screen)
    #expect(Self.selectedID(browser) == 749)
    #expect(screen.lines.last?.hasSuffix(" 500/667 ") == true, "\(screen.lines)")
    await Self.press([.up], browser, &screen)
    #expect(Self.selectedID(browser) == 748)
    #expect(screen.lines.last?.hasSuffix(" 499/667 ") == true, "\(screen.lines)")
    // Past the end goes to the last; not a number says so.
    await Self.press([.character(":")], browser, &screen)
    await Self.type("99999", browser, &screen)
    #expect(Self.selectedID(browser) == 1_000)
    await Self.press([.character(":")], browser, &screen)
    await Self.type("abc", browser, &screen)
    #expect(screen.lines.last?.contains("Not a record number: abc") == true, "\(screen.lines)")
    #expect(Self.selectedID(browser) == 1_000)
  }

  @Test("/ finds a record deep in the table; n and N move between matches; the text is marked")
  func search() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen, _) = try await Self.browser(fixture)
    await Self.press([.character("/")], browser, &screen)
    await Self.type("item 95", browser, &screen)
    #expect(Self.selectedID(browser) == 95, "\(screen.lines)")
    await Self.press([.character("n")], browser, &screen)
    #expect(Self.selectedID(browser) == 951, "\(screen.lines)")
    #expect(screen.lines.last?.hasSuffix(" 951/1,000 ") == true, "\(screen.lines)")
    await Self.press([.character("n")], browser, &screen)
    #expect(Self.selectedID(browser) == 952)
    await Self.press([.character("N"), .character("N")], browser, &screen)
    #expect(Self.selectedID(browser) == 95)
    // The match is drawn black on yellow.
    let line = try #require(screen.lines.firstIndex { $0.contains("item 95 ") })
    let x = try #require(screen.lines[line].range(of: "item 95")).lowerBound
    let column = screen.lines[line].distance(from: screen.lines[line].startIndex, to: x)
    #expect(screen.style(atX: column, y: line).background == .yellow)
    // Nothing after: said in the status line, the selection stays.
    await Self.press([.character("/")], browser, &screen)
    await Self.type("no such label", browser, &screen)
    #expect(screen.lines.last?.contains("“no such label” not found") == true, "\(screen.lines)")
    #expect(Self.selectedID(browser) == 95)
  }

  @Test("A long search shows its progress, and Esc stops it")
  func searchIsCancelled() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: try fixture.standard(count: 3_000))
    var items = try SQLiteRecordSource(database: database, table: "items")
    items.searchChunkSize = 1
    let browser = try await Browser.open(items, pageSize: 50)
    var screen = Screen(width: 60, height: 12)
    await Self.frame(browser, &screen)
    for key in "/nothing like this".map({ Key.character($0) }) + [.enter] {
      browser.stack.handle(.key(key))
    }
    browser.stack.render(into: &screen)
    #expect(screen.lines.last?.contains("searching for “nothing like this”…") == true)
    browser.stack.handle(.key(.escape))
    await Self.frame(browser, &screen)
    #expect(screen.lines.last?.contains("Cancelled") == true, "\(screen.lines)")
    #expect(browser.mode == .records)
    #expect(Self.selectedID(browser) == 1)
  }

  @Test("s sorts by the column under the cursor, ascending then descending, marked in the header")
  func sort() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen, _) = try await Self.browser(fixture)
    await Self.press([.right, .right, .character("s")], browser, &screen)
    #expect(screen.lines[1].contains("price ▲"), "\(screen.lines)")
    #expect(Self.ids(screen).prefix(3) == [1, 2, 3])
    await Self.press([.character("s")], browser, &screen)
    #expect(screen.lines[1].contains("price ▼"), "\(screen.lines)")
    #expect(Self.ids(screen).prefix(3) == [1_000, 999, 998], "\(screen.lines)")
    #expect(screen.lines.last?.contains("by price ▼") == true)
    // Keyset paging in the sorted order reaches every record once.
    var seen: [Int] = []
    for _ in 0..<120 {
      seen += Self.ids(screen)
      await Self.press([.pageDown], browser, &screen)
    }
    #expect(Set(seen) == Set(1...1_000))
    // Labels: NULL first, then as SQLite orders text.
    await Self.press([.left, .character("s")], browser, &screen)
    #expect(screen.lines[1].contains("label ▲"), "\(screen.lines)")
    #expect(Self.ids(screen).prefix(3) == [10, 20, 30], "\(screen.lines)")
  }

  @Test("f filters with a WHERE expression; a bad one shows SQLite's message; Esc clears it")
  func filter() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen, path) = try await Self.browser(fixture)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    await Self.press([.character("f")], browser, &screen)
    await Self.type("price > 240", browser, &screen)
    #expect(screen.lines[0].hasPrefix(" items where price > 240"), "\(screen.lines)")
    #expect(Self.ids(screen).first == 961)
    #expect(screen.lines.last?.hasSuffix(" 1/40 ") == true, "\(screen.lines)")
    await Self.press([.end], browser, &screen)
    #expect(screen.lines.last?.hasSuffix(" 40/40 ") == true, "\(screen.lines)")
    for bad in ["price >>> 1", "nosuch = 1", "1); DROP TABLE items; --", "1; DELETE FROM items"] {
      await Self.press([.character("f"), .control("u")], browser, &screen)
      await Self.type(bad, browser, &screen)
      #expect(screen.lines.last?.contains("⚠") == true, "\(bad): \(screen.lines)")
      #expect(screen.lines[0].hasPrefix(" items where price > 240"), "\(screen.lines)")
    }
    await Self.press([.character("x"), .escape], browser, &screen)
    #expect(screen.lines[0].hasPrefix(" items "), "\(screen.lines)")
    #expect(!screen.lines[0].contains("where"))
    #expect(screen.lines.last?.hasSuffix(" 1/1,000 ") == true, "\(screen.lines)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("? lists every key of the records screen")
  func help() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen, _) = try await Self.browser(fixture)
    screen = Screen(width: 90, height: 30)
    await Self.press([.character("?")], browser, &screen)
    for (keys, words) in [
      ("End G", "Go to the last record"), (":", "record number"), ("/", "Search"),
      ("n", "Next match"), ("N", "Previous match"), ("s", "Sort"), ("f", "Filter"),
      ("→ l", "column on the right"), ("Esc", "Back to the previous screen"),
    ] {
      #expect(
        screen.lines.contains { $0.contains(" \(keys) ") && $0.contains(words) },
        "\(keys): \(screen.lines)")
    }
  }
}
