import Foundation
import Testing

@testable import TermElements

// The README's examples, compiled and checked here. `readmeSnippetsAreTested` keeps the two in
// step: every Swift block of the README must appear in this file word for word.

// README: custom element
enum UnreadBadge: ElementView {
  static func height(of count: Int, styles: Style, width: Int) -> Int { 1 }

  static func preferredWidth(of count: Int, styles: Style) -> Int? {
    String(count).count + 2
  }

  static func draw(_ count: Int, styles: Style, in canvas: inout Canvas) {
    canvas.write(" \(count) ", at: .zero, style: styles)
  }
}
// END

// README: controller
final class FruitList: TableModelController {
  override func setupTable() {
    table = Table(rows: ["Apple", "Pear", "Plum"].map { Row(ElementOfLabel(props: $0)) })
  }

  override func statusText() -> String { "Fruit" }
}

// In an async main on the main actor:
// try await CursesApplication.run(FruitList())
// END

/// The README's page source: three pages of one row, then nothing.
@MainActor
var readmePagesServed = 0

/// The README's page fetch.
@MainActor
func fetchNextPage() async -> [Row] {
  readmePagesServed += 1
  return readmePagesServed <= 3 ? [Row(ElementOfLabel(props: "page \(readmePagesServed)"))] : []
}

// README: recipe
final class Feed: TableModelController {
  var isLoading = false

  override func setupTable() {
    let loading = Row(ElementOfActivityIndicator(), tag: "loading", isUserInteractionEnabled: false)
    table = Table(sections: [Section(rows: []), Section(rows: [loading])])
  }

  override func willDisplay(row: Row, at indexPath: IndexPath) {
    guard row.tag == "loading", !isLoading else { return }
    isLoading = true
    Task {
      let rows = await fetchNextPage()
      if rows.isEmpty {
        table.sections.removeLast()
      } else {
        table.sections[0].rows.append(contentsOf: rows)
      }
      reloadData()
      isLoading = false
    }
  }
}
// END

/// A post in the README's feed.
struct Post: Sendable {
  let title: String
}

/// The README's paginated source.
actor Pages {
  /// Pages served so far.
  private var served = 0

  /// The next page of two posts, or `nil` after three pages; a real source would throw.
  func next() throws -> [Post]? {
    served += 1
    return served <= 3 ? [Post(title: "post \(served)a"), Post(title: "post \(served)b")] : nil
  }
}

@Suite("README examples")
struct ReadmeExampleTests {
  @Test("The basic table example draws what the README shows")
  func basicTable() {
    // README: basic table
    var fruit = Section(rows: ["Apple", "Pear", "Plum"].map { Row(ElementOfLabel(props: $0)) })
    fruit.header = SectionHeader(ElementOfLabel(props: "Fruit"))
    fruit.footer = SectionFooter(ElementOfLabel(props: "3 kinds"))

    var table = Table(sections: [fruit])
    table.tableHeaderView = TableHeaderView(ElementOfLabel(props: "Groceries"))

    var layout = TableLayout(table: table, width: 20)
    var screen = Screen(width: 20, height: 9)
    screen.draw { TablePainter.paint(&layout, scrollOffset: 0, in: &$0) }
    print(screen.lines.joined(separator: "\n"))
    // END
    expectScreen(
      screen,
      [
        " Groceries",
        " Fruit",
        " Apple",
        " ───────────────────",
        " Pear",
        " ───────────────────",
        " Plum",
        " 3 kinds",
        "",
      ])
  }

  @Test("The custom element example draws a badge beside a name")
  func customElement() {
    // README: custom element row
    let row = Row(
      HorizontalStack(
        spacing: 1,
        ElementOf<UnreadBadge>(props: 3).styles { $0.attributes = .reverse },
        ElementOfLabel(props: "Inbox")))
    // END
    let screen = render(Table(rows: [row]), width: 12, height: 1)
    expectScreen(screen, ["  3  Inbox"])
    #expect(screen[1, 0].style.attributes == .reverse)
  }

  @Test("The testing example's assertion holds")
  func testingExample() {
    // README: testing
    let table = Table(rows: (1...3).map { Row(ElementOfLabel(props: "Item \($0)")) })
    var layout = TableLayout(table: table, width: 12)
    var screen = Screen(width: 12, height: 3)
    screen.draw { TablePainter.paint(&layout, scrollOffset: 2, in: &$0) }
    #expect(screen.lines == [" Item 2     ", " ───────────", " Item 3     "])
    // END
  }

  @Test("The lazy section and styled label examples build what they say")
  func lazySectionAndStyles() {
    // README: millions of rows
    let log = Section(id: "log", count: 10_000_000) { index in
      Row(ElementOfLabel(props: "Entry \(index)"), id: RowID(index))
    }
    // END
    #expect(log.rows.count == 10_000_000)
    #expect(log.rows[123].id == 123)
    // README: styles
    let title = ElementOfLabel(props: "Yay!").styles {
      $0.style = Style(foreground: .brightWhite, attributes: .bold)
      $0.alignment = .center
      $0.numberOfLines = 1
    }
    // END
    let screen = render(Table(rows: [Row(title, layoutMargins: .zero)]), width: 8, height: 1)
    expectScreen(screen, ["  Yay!"])
    #expect(screen[2, 0].style == Style(foreground: .brightWhite, attributes: .bold))
  }

  @MainActor
  @Test("The controller example shows its rows and status")
  func controllerExample() {
    let harness = Harness(FruitList(), width: 12, height: 4)
    expectFrame(harness, [" Apple", " ───────────", " Pear", " Fruit  1/3"])
  }

  @MainActor
  @Test("The ViewElements recipe loads pages until one comes back empty")
  func recipeExample() async {
    let controller = Feed()
    var harness = Harness(controller, width: 12, height: 8)
    for _ in 0..<20 where controller.table.sections.count == 2 {
      await Task.yield()
      harness.send()
    }
    #expect(readmePagesServed == 4)
    expectFrame(
      harness.send(),
      [" page 1", " ───────────", " page 2", " ───────────", " page 3", "", "", "        1/3"])
  }

  @MainActor
  @Test("The first-class loader example loads every page once, in order")
  func loaderExample() async {
    let pages = Pages()
    // README: loader
    var section = Section(rows: [])
    section.tailLoader = TailLoader(id: "feed") {
      try await pages.next()?.map { Row(ElementOfLabel(props: $0.title)) }
    }
    // END
    let controller = TableModelController(table: Table(sections: [section]))
    var harness = Harness(controller, width: 10, height: 9)
    for _ in 0..<4 {
      await controller.waitForLoads()
      harness.send()
    }
    #expect(
      labels(controller) == ["post 1a", "post 1b", "post 2a", "post 2b", "post 3a", "post 3b"])
  }

  @Test("Every line of the README's Swift examples is compiled in this file")
  func readmeSnippetsAreTested() throws {
    let here = URL(fileURLWithPath: #filePath)
    let readme = here.deletingLastPathComponent().appendingPathComponent("../../README.md")
    let documentation = try String(contentsOf: readme, encoding: .utf8)
    let compiled = Set(
      try String(contentsOf: here, encoding: .utf8).split(separator: "\n").map(trimmed))
    let blocks = documentation.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```")[0] }
    #expect(blocks.count >= 3)
    for block in blocks {
      let missing = block.split(separator: "\n").map(trimmed)
        .filter { !$0.isEmpty && !$0.hasPrefix("import ") && !compiled.contains($0) }
      #expect(missing.isEmpty, "README lines not compiled in ReadmeExampleTests.swift: \(missing)")
    }
  }
}

/// A line without the spaces around it.
private func trimmed(_ line: Substring) -> String {
  line.trimmingCharacters(in: .whitespaces)
}
