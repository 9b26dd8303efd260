import DataBrowserCore
import Foundation
import GRDB
import TermElements
import TermElementsRecords
import Testing

extension Fixture {
  /// A database with `people`, shaped as the sample's: nine columns, an INTEGER PRIMARY KEY,
  /// a 36-character email in the first record, balances with up to two decimals, and BLOBs.
  func people(count: Int = 40) throws -> String {
    try database("people.sqlite") { db in
      try db.execute(
        sql: """
          CREATE TABLE people (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, city TEXT,
            born TEXT, balance REAL, joined_at TEXT, note TEXT, avatar BLOB);
          """)
      let names = ["Ada Lovelace", "Grace Hopper", "Søren Kierkegaard", "東京タワー", "Alan Turing"]
      let balances: [Double?] = [4689.74, 12.5, -3, nil, 100.25]
      for id in 1...count {
        try db.execute(
          sql: "INSERT INTO people VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
          arguments: [
            id, names[(id - 1) % names.count],
            id == 1 ? "alexandros.papadopoulos1@example.com" : "ada\(id)@example.com",
            "Kraków", "1990-01-\(10 + id % 18)", balances[(id - 1) % balances.count],
            "2020-05-17", id % 4 == 0 ? "VIP" : nil, id % 3 == 0 ? Data(count: 1_300) : nil,
          ])
      }
    }
  }
}

/// Sideways scrolling of the records: the column cursor, the frozen key column, the marks of
/// hidden columns, and widths that grow with the terminal, on whole screens.
@MainActor
@Suite("Horizontal scrolling")
struct HorizontalScrollTests {
  /// A browser of `people` in the fixture (made on the first call), drawn on a screen `width` columns wide once its
  /// first page is in.
  static func browser(
    _ fixture: Fixture, width: Int, height: Int = 12, pageSize: Int = 200
  ) async throws -> (Browser, Screen) {
    let path = fixture.path("people.sqlite")
    let exists = FileManager.default.fileExists(atPath: path)
    let database = try BrowserDatabase.open(path: exists ? path : try fixture.people())
    let browser = try await Browser.open(
      SQLiteCatalog(database: database), table: "people", pageSize: pageSize)
    var screen = Screen(width: width, height: height)
    await frame(browser, &screen)
    return (browser, screen)
  }

  /// Draws frames, waiting for the loads each starts, until no more start.
  static func frame(_ browser: Browser, _ screen: inout Screen) async {
    for _ in 0..<30 {
      browser.stack.render(into: &screen)
      await settle(browser)
      browser.stack.render(into: &screen)
      guard browser.stack.top.isFetchingPage else { return }
    }
  }

  /// Presses `key` `times` times, drawing after each.
  static func press(
    _ key: Key, _ times: Int = 1, _ browser: Browser, _ screen: inout Screen
  ) async {
    for _ in 0..<times {
      browser.stack.handle(.key(key))
      await frame(browser, &screen)
    }
  }

  /// `text` padded with spaces to `width` columns.
  static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.terminalWidth))
  }

  /// At 100 columns the last columns start off screen and › says so; → walks the cursor to
  /// `avatar`, scrolling as little as shows it, with ‹ for what scrolled out on the left and
  /// the id column frozen at the left throughout.
  @Test("At 100 columns, → reaches avatar; ‹ and › mark what is hidden; id stays")
  func reachesLastColumn() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen) = try await Self.browser(fixture, width: 100)
    let start =
      [
        " people",
        " id │ name              │ email                            │ city   │ born       │ balance    │ jo›",
        "  1 │ Ada Lovelace      │ alexandros.papadopoulos1@exampl… │ Kraków │ 1990-01-11 │    4689.74 │ 20…",
        "  2 │ Grace Hopper      │ ada2@example.com                 │ Kraków │ 1990-01-12 │      12.50 │ 20…",
        "  3 │ Søren Kierkegaard │ ada3@example.com                 │ Kraków │ 1990-01-13 │      -3.00 │ 20…",
        "  4 │ 東京タワー        │ ada4@example.com                 │ Kraków │ 1990-01-14 │ NULL       │ 20…",
        "  5 │ Alan Turing       │ ada5@example.com                 │ Kraków │ 1990-01-15 │     100.25 │ 20…",
        "  6 │ Ada Lovelace      │ ada6@example.com                 │ Kraków │ 1990-01-16 │    4689.74 │ 20…",
        "  7 │ Grace Hopper      │ ada7@example.com                 │ Kraków │ 1990-01-17 │      12.50 │ 20…",
        "  8 │ Søren Kierkegaard │ ada8@example.com                 │ Kraków │ 1990-01-18 │      -3.00 │ 20…",
        "  9 │ 東京タワー        │ ada9@example.com                 │ Kraków │ 1990-01-19 │ NULL       │ 20…",
      ].map { Self.padded($0, 100) } + [Self.padded(" people · 40 loaded", 95) + "1/40 "]
    #expect(screen.lines == start, "\(screen.lines)")
    // The cursor starts on the key column, whose header cell is drawn reversed.
    #expect(screen.style(atX: 1, y: 1).attributes.isSuperset(of: [.reverse, .underline]))
    #expect(!screen.style(atX: 6, y: 1).attributes.contains(.underline))

    // → to joined_at, the column cut at the edge: the columns scroll until it shows whole.
    await Self.press(.right, 6, browser, &screen)
    #expect(
      screen.lines[1]
        == Self.padded(
          " id ‹ email                            │ city   │ born       │ balance    │ joined_at  │ note │ av›",
          100))
    #expect(screen.lines[2].hasPrefix("  1 │ alexandros.papadopoulos1@exampl… │ Kraków │"))
    let joinedAt = try #require(screen.lines[1].range(of: "joined_at"))
    let joinedAtX = screen.lines[1].distance(
      from: screen.lines[1].startIndex, to: joinedAt.lowerBound)
    #expect(screen.style(atX: joinedAtX, y: 1).attributes.contains(.underline))

    // → twice more: avatar, which started off screen, shows whole at the cursor.
    await Self.press(.right, 2, browser, &screen)
    let end =
      [
        " people",
        " id ‹ city   │ born       │ balance    │ joined_at  │ note │ avatar",
        "  1 │ Kraków │ 1990-01-11 │    4689.74 │ 2020-05-17 │ NULL │ NULL",
        "  2 │ Kraków │ 1990-01-12 │      12.50 │ 2020-05-17 │ NULL │ NULL",
        "  3 │ Kraków │ 1990-01-13 │      -3.00 │ 2020-05-17 │ NULL │ <blob 1.3 KiB>",
        "  4 │ Kraków │ 1990-01-14 │ NULL       │ 2020-05-17 │ VIP  │ NULL",
        "  5 │ Kraków │ 1990-01-15 │     100.25 │ 2020-05-17 │ NULL │ NULL",
        "  6 │ Kraków │ 1990-01-16 │    4689.74 │ 2020-05-17 │ NULL │ <blob 1.3 KiB>",
        "  7 │ Kraków │ 1990-01-17 │      12.50 │ 2020-05-17 │ NULL │ NULL",
        "  8 │ Kraków │ 1990-01-18 │      -3.00 │ 2020-05-17 │ VIP  │ NULL",
        "  9 │ Kraków │ 1990-01-19 │ NULL       │ 2020-05-17 │ NULL │ <blob 1.3 KiB>",
      ].map { Self.padded($0, 100) } + [Self.padded(" people · 40 loaded", 95) + "1/40 "]
    #expect(screen.lines == end, "\(screen.lines)")
    #expect(browser.records?.columns.cursor == 8)
    // The last column: → goes no further.
    await Self.press(.right, 1, browser, &screen)
    #expect(screen.lines == end)

    // ← back within the columns shown scrolls nothing; past the left edge it scrolls back.
    await Self.press(.left, 5, browser, &screen)
    #expect(screen.lines == end.enumerated().map { $0.offset == 1 ? screen.lines[1] : $0.element })
    await Self.press(.left, 1, browser, &screen)
    #expect(
      screen.lines[1]
        == Self.padded(
          " id ‹ email                            │ city   │ born       │ balance    │ joined_at  │ note │ av›",
          100))
    await Self.press(.left, 2, browser, &screen)
    #expect(screen.lines == start)
    #expect(browser.mode == .records)
  }

  /// On a wide terminal columns take the room they need: the 36-character email is whole at
  /// 140 columns, where a 100-column terminal cuts it at 32; and nothing is hidden.
  @Test("At 140 columns, the email is not cut")
  func wideTerminal() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let (_, screen) = try await Self.browser(fixture, width: 140, height: 6)
    let expected =
      [
        " people",
        " id │ name              │ email                                │ city   │ born       │ balance    │ joined_at  │ note │ avatar",
        "  1 │ Ada Lovelace      │ alexandros.papadopoulos1@example.com │ Kraków │ 1990-01-11 │    4689.74 │ 2020-05-17 │ NULL │ NULL",
        "  2 │ Grace Hopper      │ ada2@example.com                     │ Kraków │ 1990-01-12 │      12.50 │ 2020-05-17 │ NULL │ NULL",
        "  3 │ Søren Kierkegaard │ ada3@example.com                     │ Kraków │ 1990-01-13 │      -3.00 │ 2020-05-17 │ NULL │ <blob 1.3 KiB>",
      ].map { Self.padded($0, 140) } + [Self.padded(" people · 40 loaded", 135) + "1/40 "]
    #expect(screen.lines == expected, "\(screen.lines)")
    #expect(!screen.lines[1].contains("‹") && !screen.lines[1].contains("›"))
  }

  /// Numbers stay right-aligned with their decimal points in one column, scrolled or not.
  @Test("Decimal points line up")
  func decimalsAligned() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    for (width, presses) in [(140, 0), (80, 5), (80, 8)] {
      var (browser, screen) = try await Self.browser(fixture, width: width)
      await Self.press(.right, presses, browser, &screen)
      let header = screen.lines[1].split { $0 == "│" || $0 == "‹" }
      let balance = try #require(header.firstIndex { $0.contains("balance") }, "\(screen.lines)")
      let cells = screen.lines[2...10].map { String($0.split(separator: "│")[balance]) }
      #expect(
        cells == [
          "    4689.74 ", "      12.50 ", "      -3.00 ", " NULL       ", "     100.25 ",
          "    4689.74 ", "      12.50 ", "      -3.00 ", " NULL       ",
        ], "\(screen.lines)")
    }
  }

  /// ← and → (h and l) move the column cursor, and the help screen says so; ← no longer goes
  /// back from the records, Esc does.
  @Test("← and → move between columns; Esc goes back")
  func keys() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: try fixture.people())
    let browser = try await Browser.open(SQLiteCatalog(database: database))
    var screen = Screen(width: 100, height: 24)
    await Self.frame(browser, &screen)
    await Self.press(.enter, 1, browser, &screen)
    #expect(browser.mode == .records)
    await Self.press(.left, 1, browser, &screen)
    #expect(browser.mode == .records)
    await Self.press(.character("l"), 2, browser, &screen)
    #expect(browser.records?.columns.cursor == 2)
    await Self.press(.character("h"), 1, browser, &screen)
    #expect(browser.records?.columns.cursor == 1)
    await Self.press(.character("?"), 1, browser, &screen)
    let help = screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(
      help.contains { $0.hasPrefix("→ l ") && $0.hasSuffix(" Move to the column on the right") },
      "\(help)")
    #expect(
      help.contains { $0.hasPrefix("← h ") && $0.hasSuffix(" Move to the column on the left") })
    #expect(help.contains { $0.hasPrefix("Esc ") && $0.contains("Back to the previous screen") })
    #expect(!help.contains { $0.hasPrefix("Esc ←") })
    // The keys come right after ↑ and ↓.
    #expect(
      help.firstIndex { $0.hasPrefix("→ l") }
        == help.firstIndex { $0.hasPrefix("↑ k") }.map { $0 + 1 })
    await Self.press(.escape, 1, browser, &screen)
    #expect(browser.mode == .records)
    await Self.press(.escape, 1, browser, &screen)
    #expect(browser.mode == .tables)
  }

  /// Pages that arrive after the columns moved are drawn scrolled as the rest.
  @Test("Pages loaded after a move show the same columns")
  func laterPages() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen) = try await Self.browser(fixture, width: 100, pageSize: 5)
    await Self.press(.right, 8, browser, &screen)
    await Self.press(.end, 10, browser, &screen)
    #expect(screen.lines.last?.contains("40/40") == true, "\(screen.lines)")
    #expect(screen.lines[1].hasPrefix(" id ‹ city   │ born "))
    let records = screen.lines[2..<(screen.lines.count - 1)]
    #expect(records.count == 9)
    #expect(
      records.allSatisfy { $0.dropFirst(4).hasPrefix("│ Kraków │ 1990-01-") }, "\(screen.lines)")
  }

  /// A search from a column far to the right for text in a column on the left brings that
  /// column into view with the cursor on it (issue 18, item 5).
  @Test("/ brings the matching column into view, the cursor on it")
  func searchShowsMatchingColumn() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen) = try await Self.browser(fixture, width: 100)
    await Self.press(.right, 8, browser, &screen)
    #expect(screen.lines[1].hasPrefix(" id ‹ city   │"), "\(screen.lines)")
    for key in "/Turing".map({ Key.character($0) }) + [.enter] {
      browser.stack.handle(.key(key))
    }
    await Self.frame(browser, &screen)
    let records = try #require(browser.records)
    #expect(RecordFindingTests.selectedID(browser) == 5)
    #expect(records.columns.cursor == 1)
    #expect(
      Array(screen.lines[1...2])
        == [
          " id │ name              │ email                            │ city   │ born       │ balance    │ jo›",
          "  1 │ Ada Lovelace      │ alexandros.papadopoulos1@exampl… │ Kraków │ 1990-01-11 │    4689.74 │ 20…",
        ].map { Self.padded($0, 100) }, "\(screen.lines)")
    // The matching column's header is the one reversed.
    #expect(screen.style(atX: 6, y: 1).attributes.isSuperset(of: [.reverse, .underline]))
    // n on to the next match, in the same column: the cursor stays.
    await Self.press(.character("n"), 1, browser, &screen)
    #expect(RecordFindingTests.selectedID(browser) == 10)
    #expect(records.columns.cursor == 1)
  }
}
