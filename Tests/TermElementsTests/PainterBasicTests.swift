import Testing

@testable import TermElements

@Suite("Painting a basic table")
struct PainterBasicTests {
  @Test("Rows are drawn inside their margins with inset separators between them")
  func basicTable() {
    let table = Table(rows: (0..<3).map { Row(ElementOfLabel(props: "Label no. \($0)")) })
    expectScreen(
      render(table, width: 16, height: 7),
      [
        " Label no. 0",
        " ───────────────",
        " Label no. 1",
        " ───────────────",
        " Label no. 2",
        "",
        "",
      ])
  }

  @Test("Separator styles: none, full width and custom insets")
  func separatorStyles() {
    let table = Table(
      rows: [
        Row(ElementOfLabel(props: "none"), separatorStyle: .none),
        Row(ElementOfLabel(props: "full"), separatorStyle: .fullWidth),
        Row(ElementOfLabel(props: "custom"), separatorStyle: .custom(left: 2, right: 3)),
        Row(ElementOfLabel(props: "last"), layoutMargins: .zero),
      ])
    expectScreen(
      render(table, width: 10, height: 6),
      [
        " none",
        " full",
        "──────────",
        " custom",
        "  ─────",
        "last",
      ])
  }

  @Test("Fixed heights, margins on every side, and a background that fills the row")
  func heightsAndMargins() {
    var tall = Row(ElementOfLabel(props: "tall"), rowHeight: 3, separatorStyle: .none)
    tall.layoutMargins = .inset(top: 1, left: 3, bottom: 0, right: 0)
    tall.backgroundColor = .blue
    let boxed = Row(
      ElementOfLabel(props: "boxed text"), layoutMargins: .all(1), separatorStyle: .none)
    let screen = render(Table(rows: [tall, boxed]), width: 8, height: 8)
    expectScreen(
      screen,
      [
        "",
        "   tall",
        "",
        "",
        " boxed",
        " text",
        "",
        "",
      ])
    #expect(screen[0, 0].style.background == .blue)
    #expect(screen[7, 2].style.background == .blue)
    #expect(screen[0, 3].style.background == nil)
  }

  @Test("Section headers and footers frame their rows")
  func sectionHeaderAndFooter() {
    var fruit = Section(rows: [plainRow("apple"), plainRow("pear")])
    fruit.header = SectionHeader(ElementOfLabel(props: "Fruit"))
    fruit.footer = SectionFooter(ElementOfLabel(props: "2 fruits"))
    var vegetables = Section(rows: [plainRow("leek")])
    vegetables.header = SectionHeader(ElementOfLabel(props: "Vegetables"))
    let screen = render(Table(sections: [fruit, vegetables]), width: 14, height: 7)
    expectScreen(
      screen,
      [
        " Fruit",
        " apple",
        " pear",
        " 2 fruits",
        " Vegetables",
        " leek",
        "",
      ])
    #expect(screen[1, 0].style.attributes == .bold)
    #expect(screen[1, 3].style.attributes == .dim)
  }

  @Test("The table header view sits above the sections and scrolls away with them")
  func tableHeaderView() {
    var table = Table(rows: plainRows("row", count: 6))
    table.tableHeaderView = TableHeaderView(
      ElementOfLabel(props: "My list").styles { $0.alignment = .center },
      layoutMargins: .zero)
    expectScreen(
      render(table, width: 11, height: 3),
      [
        "  My list",
        " row 0",
        " row 1",
      ])
    expectScreen(
      render(table, width: 11, height: 3, offset: 2),
      [
        " row 1",
        " row 2",
        " row 3",
      ])
  }

  @Test("Setting a table header view removes the stretchy header, and the other way round")
  func headersAreExclusive() {
    var table = Table(rows: [])
    table.stretchyHeader = StretchyHeader(
      behavior: .scrollsUpWithContent, element: ElementOfLabel(props: "s"))
    table.tableHeaderView = TableHeaderView(ElementOfLabel(props: "t"))
    #expect(table.stretchyHeader == nil)
    #expect(table.tableHeaderView != nil)
    table.stretchyHeader = StretchyHeader(
      behavior: .scrollsUpWithContent, element: ElementOfLabel(props: "s"))
    #expect(table.tableHeaderView == nil)
    table.tableHeaderView = nil
    #expect(table.stretchyHeader != nil)
  }

  @Test("Trailing separators: hidden by default, drawn below the rows when not")
  func trailingSeparators() {
    var table = Table(rows: (0..<2).map { Row(ElementOfLabel(props: "r\($0)")) })
    expectScreen(
      render(table, width: 6, height: 7),
      [" r0", " ─────", " r1", "", "", "", ""])
    table.hidesTrailingSeparators = false
    expectScreen(
      render(table, width: 6, height: 8),
      [" r0", " ─────", " r1", " ─────", "", " ─────", "", " ─────"])
  }

  @Test("Content shorter than the screen is centred when the table asks for it")
  func centersContent() {
    var table = Table(rows: plainRows("r", count: 2))
    table.centersContentIfPossible = true
    expectScreen(render(table, width: 5, height: 6, offset: 3), ["", "", " r 0", " r 1", "", ""])
    table.sections[0].rows.append(contentsOf: plainRows("s", count: 6))
    expectScreen(
      render(table, width: 5, height: 6), [" r 0", " r 1", " s 0", " s 1", " s 2", " s 3"])
  }

  @Test("The selected row is drawn in reverse video, or in its own selection style")
  func selection() {
    var custom = plainRow("custom")
    custom.selectionStyle = .style(Style(background: .blue))
    var none = plainRow("none")
    none.selectionStyle = .none
    let table = Table(rows: [plainRow("plain"), custom, none])
    let first = render(table, width: 8, height: 3, selection: IndexPath(row: 0, section: 0))
    #expect((0..<8).allSatisfy { first[$0, 0].style.attributes == .reverse })
    #expect(first[0, 1].style == .plain)
    let second = render(table, width: 8, height: 3, selection: IndexPath(row: 1, section: 0))
    #expect(second[7, 1].style.background == .blue)
    let third = render(table, width: 8, height: 3, selection: IndexPath(row: 2, section: 0))
    #expect(third[1, 2].style == .plain)
  }

  @Test("Scrolling past either end is clamped to the content")
  func clampsScrolling() {
    let table = Table(rows: plainRows("r", count: 5))
    expectScreen(render(table, width: 5, height: 3, offset: -4), [" r 0", " r 1", " r 2"])
    expectScreen(render(table, width: 5, height: 3, offset: 99), [" r 2", " r 3", " r 4"])
  }
}
