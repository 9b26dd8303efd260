import DataBrowserCore
import TermElements
import TermElementsRecords
import Testing

/// The browser's screens, driven headless: the list of tables, records loaded page by page,
/// a record's detail, and Esc back.
@MainActor
@Suite("Browser")
struct BrowserTests {
  /// Draws a frame, waits for the loads it started, and draws again.
  func frame(_ browser: Browser, _ screen: inout Screen) async {
    browser.stack.render(into: &screen)
    await settle(browser)
    browser.stack.render(into: &screen)
  }

  /// The ids shown in the first column, top to bottom.
  func ids(_ screen: Screen) -> [Int] {
    screen.lines.dropFirst().dropLast().compactMap { line in
      Int(line.split(separator: "│").first?.trimmingCharacters(in: .whitespaces) ?? "")
    }
  }

  /// Holding PgDn loads page after page; the ids on screen are always contiguous, and every
  /// row loaded is there once.
  @Test("Paging down loads pages in order")
  func pagingLoads() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 1_000))
    let browser = try await Browser.open(
      SQLiteCatalog(database: database), table: "items", pageSize: 50)
    let controller = browser.stack.top
    var screen = Screen(width: 80, height: 24)
    await frame(browser, &screen)
    #expect(screen.lines[0] == " items" + String(repeating: " ", count: 74))
    #expect(screen.lines[1].contains("id   │ label"))
    for _ in 0..<30 {
      browser.stack.handle(.key(.pageDown))
      await frame(browser, &screen)
      let shown = ids(screen)
      #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 + 1 == $1 }, "\(screen.lines)")
      #expect(screen.lines[1].contains("id   │ label"))
    }
    let rows = (0..<controller.table.rowCount).map {
      controller.row(at: IndexPath(row: $0, section: 0))
    }
    #expect(rows.count > 600)
    // One position: the record's number among all the records, which the screen counted.
    #expect(controller.statusText().hasPrefix("items · \(rows.count) loaded"))
    #expect(screen.lines.last?.hasSuffix("/1,000 ") == true, "\(screen.lines)")
    // End goes to the last record at once, without loading what is between.
    browser.stack.handle(.key(.end))
    await frame(browser, &screen)
    #expect(controller.table.rowCount < 1_000)
    #expect(screen.lines.last?.hasSuffix(" 1,000/1,000 ") == true, "\(screen.lines)")
    #expect(ids(screen).last == 1_000, "\(screen.lines)")
    #expect(ids(screen) == Array((1_000 - ids(screen).count + 1)...1_000))
  }

  /// Enter opens a record's detail; Esc comes back to the same selection and scroll.
  @Test("Enter shows a record; Esc goes back to the same place")
  func detailAndBack() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 500))
    let browser = try await Browser.open(SQLiteCatalog(database: database), pageSize: 100)
    var screen = Screen(width: 80, height: 24)
    await frame(browser, &screen)
    #expect(browser.mode == .tables)
    #expect(screen.lines[0].hasPrefix(" Tables "))
    #expect(screen.lines[2].contains("items") && screen.lines[2].contains("500"))
    browser.stack.handle(.key(.enter))
    await frame(browser, &screen)
    #expect(browser.mode == .records)
    #expect(screen.lines[0].hasPrefix(" Tables › items "))
    for _ in 0..<3 { browser.stack.handle(.key(.pageDown)) }
    for _ in 0..<5 { browser.stack.handle(.key(.down)) }
    await frame(browser, &screen)
    let before = screen.lines
    let selected = browser.stack.top.selection
    browser.stack.handle(.key(.enter))
    await frame(browser, &screen)
    #expect(browser.mode == .detail)
    #expect(screen.lines[0].hasPrefix(" Tables › items › id "))
    #expect(screen.lines.contains { $0.contains("label") && $0.contains("item ") })
    #expect(screen.lines.contains { $0.contains("data") })
    browser.stack.handle(.key(.escape))
    await frame(browser, &screen)
    #expect(browser.mode == .records)
    #expect(browser.stack.top.selection == selected)
    #expect(screen.lines == before)
    // On the records, ← moves between columns; Esc goes back.
    browser.stack.handle(.key(.escape))
    await frame(browser, &screen)
    #expect(browser.mode == .tables)
    #expect(!browser.stack.isFinished)
    // Esc on the first screen never quits: it says q does.
    browser.stack.handle(.key(.escape))
    await frame(browser, &screen)
    #expect(!browser.stack.isFinished)
    #expect(screen.lines.last?.contains("q quits") == true, "\(screen.lines)")
    browser.stack.handle(.key(.character("q")))
    #expect(browser.stack.isFinished)
  }

  /// NULL and BLOB cells in the records of the sample.
  @Test("NULL and BLOB cells")
  func nullAndBlob() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 30))
    let browser = try await Browser.open(
      SQLiteCatalog(database: database), table: "items")
    var screen = Screen(width: 80, height: 24)
    await frame(browser, &screen)
    #expect(screen.lines.contains { $0.contains("<blob 1.3 KiB>") }, "\(screen.lines)")
    #expect(screen.lines.contains { $0.contains("NULL") })
  }
}
