import Foundation
import TermElements
import TermElementsCurses
import TermElementsRecords
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
      #expect(lines.count < 30, "the app is under 30 lines")
      let missing = lines.filter {
        !$0.isEmpty && !$0.hasPrefix("import ") && $0 != "@main" && !compiled.contains($0)
      }
      #expect(missing.isEmpty, "article lines not compiled here: \(missing)")
    }
  }
}
