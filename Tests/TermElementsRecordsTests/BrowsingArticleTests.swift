import Foundation
import TermElements
import TermElementsCurses
import TermElementsRecords
import TermElementsRecordsTesting
import Testing

// The examples of the DocC article "Browsing records", compiled here line for line; the app
// takes over the terminal, so it is compiled and its records checked, never run. The test at
// the end keeps the article and this file in step.

// Article: a complete app
struct Book: Encodable {
  let id: Int
  let title: String
  let author: String
  let year: Int
}

// `@main` in the article.
struct Shelf {
  @MainActor static func main() async throws {
    let authors = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"]
    let books = (1...10_000).map { number in
      Book(
        id: number, title: "Volume \(number)", author: authors[number % authors.count],
        year: 1843 + number % 180)
    }
    let source = try MemoryRecordSource(name: "books", items: books, key: "id")
    let browser = try await Browser.open(source)
    try await CursesApplication.run(browser.stack)
  }
}
// END

// Article: writing a source of your own
struct ArraySource: RecordSource {
  let name: String
  let columns: [RecordColumn]
  let rows: [[CellValue]]
  var keyColumns: [Int] { [] }

  func page(after position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]
  {
    let start = position.map { min(rows.count, index($0.key) + 1) } ?? 0
    return records(start..<min(rows.count, start + limit))
  }

  func page(before position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]
  {
    let end = position.map { index($0.key) } ?? rows.count
    return records(max(0, end - limit)..<end)
  }

  func count(in view: RecordView) async throws -> RecordCount { .exact(rows.count) }

  func wholeRecord(key: RecordKey) async throws -> [CellValue]? {
    let row = index(key)
    return row < rows.count ? rows[row] : nil
  }

  func index(_ key: RecordKey) -> Int {
    guard case .integer(let row)? = key.values.first else { return rows.count }
    return max(0, min(rows.count, Int(row)))
  }

  func records(_ range: Range<Int>) -> [PageRecord] {
    range.map { PageRecord(values: rows[$0], key: RecordKey([.integer(Int64($0))])) }
  }
}
// END

@Suite("The article Browsing records")
struct BrowsingArticleTests {
  @MainActor
  @Test("The app's records: a thousand books, browsed from the first")
  func app() async throws {
    let _: @MainActor () async throws -> Void = Shelf.main
    let books = (1...1_000).map {
      Book(id: $0, title: "Volume \($0)", author: "A", year: 1843 + $0 % 180)
    }
    let source = try MemoryRecordSource(name: "books", items: books, key: "id")
    let browser = try await Browser.open(source)
    var screen = Screen(width: 44, height: 5)
    browser.stack.render(into: &screen)
    #expect(screen.lines.last == " books · 200 loaded                     1/? ")
    await browser.waitUntilIdle()
    browser.stack.render(into: &screen)
    #expect(
      screen.lines == [
        " books                                      ",
        " id   │ title       │ author │ year         ",
        "    1 │ Volume 1    │ A      │       1844   ",
        "    2 │ Volume 2    │ A      │       1845   ",
        " books · 200 loaded                 1/1,000 ",
      ])
  }

  /// Rows of the article's source: a number and a name each.
  static let rows: [[CellValue]] = (1...40).map { [.integer(Int64($0)), .text("name \($0)")] }

  @MainActor
  @Test("The source over an array, browsed through the records screen")
  func arraySource() async throws {
    let source = ArraySource(
      name: "log", columns: [RecordColumn("n"), RecordColumn("name")], rows: Self.rows)
    let browser = try await Browser.open(source)
    await browser.waitUntilIdle()
    var screen = Screen(width: 30, height: 5)
    browser.stack.render(into: &screen)
    #expect(
      screen.lines == [
        " log                          ",
        " n          │ name            ",
        "          1 │ name 1          ",
        "          2 │ name 2          ",
        " log · 40 loaded         1/40 ",
      ])
    for (key, said): (Character, String) in [
      ("/", "No searching here: the source cannot search its records"),
      ("s", "No sorting here: the source keeps its records in one order"),
      ("f", "No filtering here: the source has no filter language"),
      (":", "No jumping to a record here: the source cannot find a record by its number"),
    ] {
      browser.stack.handle(.key(.character(key)))
      #expect(browser.records?.statusText() == said, "\(key)")
    }
  }

  @MainActor
  @Test("The source over an array passes every browsing case")
  func arraySourceCases() async throws {
    let source = ArraySource(
      name: "log", columns: [RecordColumn("n"), RecordColumn("name")], rows: Self.rows)
    let records = Self.rows.enumerated().map { index, values in
      PageRecord(values: values, key: RecordKey([.integer(Int64(index))]))
    }
    let failures = await BrowsingCases.run(BrowsingFixture(source: source, records: records))
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("Every line of the article's Swift examples is compiled in this file")
  func articleIsCompiled() throws {
    let here = URL(fileURLWithPath: #filePath)
    let article = here.deletingLastPathComponent().appendingPathComponent(
      "../../Sources/TermElementsRecords/Documentation.docc/BrowsingRecords.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let compiled = Set(
      try String(contentsOf: here, encoding: .utf8).split(separator: "\n").map {
        $0.trimmingCharacters(in: .whitespaces)
      })
    let blocks = text.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```")[0] }
    #expect(blocks.count >= 1)
    for block in blocks {
      let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      // The app is under 30 lines, the source over an array about 30.
      #expect(lines.count <= 30, "\(lines.count) lines: \(lines.first ?? "")")
      let missing = lines.filter {
        !$0.isEmpty && !$0.hasPrefix("import ") && $0 != "@main" && !compiled.contains($0)
      }
      #expect(missing.isEmpty, "article lines not compiled here: \(missing)")
    }
  }
}
