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
