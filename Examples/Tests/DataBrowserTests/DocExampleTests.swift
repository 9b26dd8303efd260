import DataBrowserCore
import GRDB
import TermElements
import Testing

// The examples of the doc comments of DataBrowserCore, compiled and checked here, word for word
// between a `// Doc:` line naming where they come from and `// END`; `DocExampleCoverageTests`,
// in TermElementsTests, keeps the two in step.

/// The `Browser` example: a browser of `shop.sqlite`, in the current directory. It is compiled,
/// not run, since the tests have no such file; `browser()` below does the same with a fixture.
@MainActor
private func shopBrowser() throws -> Browser {
  // Doc: Browser (Browser.swift)
  let database = try BrowserDatabase.open(path: "shop.sqlite")
  let browser = Browser(database: database, tables: try database.tables())
  // In the app, which links TermElementsCurses:
  // try await CursesApplication.run(browser.stack)
  // END
  return browser
}

@Suite("Doc comment examples")
struct DocExampleTests {
  @MainActor
  @Test("Browser: opened on a database, it lists the tables")
  func browser() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 10))
    let browser = Browser(database: database, tables: try database.tables())
    #expect(browser.mode == .tables)
    let _: @MainActor () throws -> Browser = shopBrowser
  }

  @Test("PromptLine: typed, then taken with Enter")
  func promptLine() {
    // Doc: PromptLine (PromptLine.swift)
    var prompt = PromptLine(kind: .search)
    _ = prompt.handle(.character("A"))
    _ = prompt.handle(.character("d"))
    #expect(prompt.handle(.enter) == .done("Ad"))
    // END
    var jump = PromptLine(kind: .jump, text: "12")
    #expect(jump.handle(.backspace) == .editing)
    #expect(jump.statusText(width: 80) == ":1█")
    #expect(jump.handle(.backspace) == .editing)
    #expect(jump.handle(.backspace) == .cancelled)
    var filter = PromptLine(kind: .filter, text: String(repeating: "x", count: 100))
    #expect(filter.statusText(width: 20).terminalWidth <= 18)
    #expect(filter.statusText(width: 20).hasSuffix("xx█"))
    #expect(filter.handle(.escape) == .cancelled)
  }

  @Test("RecordQuery: the second page follows the first")
  func recordQuery() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 500))
    let schema = try database.schema(of: "items")
    let (first, second) = try database.queue.read { db in
      // Doc: RecordQuery (RecordQuery.swift)
      let query = RecordQuery(schema: schema, limit: 200)
      let first = try query.page(db, after: nil)
      let second = try query.page(db, after: first.last?.position)
      // END
      return (first, second)
    }
    #expect(first.map { $0.values[0] } == (1...200).map { CellValue.integer(Int64($0)) })
    #expect(second.map { $0.values[0] } == (201...400).map { CellValue.integer(Int64($0)) })
  }

  @Test("RecordLine: cells in their columns")
  func recordLine() {
    // Doc: RecordLine (RecordLine.swift)
    let line = ElementOf<RecordLine>(
      props: RecordLine.Props(cells: [.init("1"), .init("Ada")], widths: [3, 10]))
    // END
    var screen = Screen(width: 16, height: 1)
    screen.draw { line.draw(in: &$0) }
    #expect(screen.lines == ["1   │ Ada       "])
  }

  @Test("DecimalColumns: the points of a column line up")
  func decimalColumns() {
    // Doc: DecimalColumns (DecimalColumns.swift)
    let decimals = DecimalColumns.measure([[.real(453.8)], [.real(4689.74)], [.integer(12)]])
    let text = CellValue.real(453.8).cellText(decimals: decimals[0])  // "453.80"
    // END
    #expect(decimals == [2])
    #expect(text == "453.80")
  }
}
