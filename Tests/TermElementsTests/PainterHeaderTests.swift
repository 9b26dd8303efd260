import Testing

@testable import TermElements

@Suite("Stretchy and pinned headers")
struct PainterHeaderTests {
  /// Ten plain rows under a stretchy header.
  func table(_ header: StretchyHeader) -> Table {
    var table = Table(rows: plainRows("r", count: 10))
    table.stretchyHeader = header
    return table
  }

  @Test("A stretchy header that scrolls up with the content shrinks, then scrolls off")
  func scrollsUpWithContent() {
    let header = StretchyHeader(
      behavior: .scrollsUpWithContent,
      element: VerticalStack(ElementOfLabel(props: "Title"), ElementOfLabel(props: "sub")),
      restingHeight: 4)
    let table = table(header)
    #expect(
      (0...5).map { header.visibleHeight(atWidth: 8, scrollOffset: $0) } == [4, 3, 2, 1, 0, 0])
    expectScreen(render(table, width: 8, height: 6), [" Title", " sub", "", "", " r 0", " r 1"])
    expectScreen(
      render(table, width: 8, height: 6, offset: 2),
      [" Title", " sub", " r 0", " r 1", " r 2", " r 3"])
    expectScreen(
      render(table, width: 8, height: 6, offset: 3),
      [" sub", " r 0", " r 1", " r 2", " r 3", " r 4"])
    expectScreen(
      render(table, width: 8, height: 6, offset: 4),
      [" r 0", " r 1", " r 2", " r 3", " r 4", " r 5"])
  }

  @Test("A stretchy header that shrinks to a minimum height stays pinned at that height")
  func shrinksToMinimumHeight() {
    let header = StretchyHeader(
      behavior: .shrinksToMinimumHeight(2),
      element: VerticalStack(FlexibleSpace(), ElementOfLabel(props: "Inbox")),
      restingHeight: 4)
    let table = table(header)
    #expect(
      (0...4).map { header.visibleHeight(atWidth: 8, scrollOffset: $0) } == [4, 3, 2, 2, 2])
    expectScreen(render(table, width: 8, height: 6), ["", "", "", " Inbox", " r 0", " r 1"])
    expectScreen(
      render(table, width: 8, height: 6, offset: 1), ["", "", " Inbox", " r 0", " r 1", " r 2"])
    expectScreen(
      render(table, width: 8, height: 6, offset: 5), ["", " Inbox", " r 3", " r 4", " r 5", " r 6"])
    expectScreen(
      render(table, width: 8, height: 6, offset: 99),
      ["", " Inbox", " r 6", " r 7", " r 8", " r 9"])
  }

  @Test("A stretchy header with no resting height rests at its element's height")
  func restsAtNaturalHeight() {
    let header = StretchyHeader(
      behavior: .scrollsUpWithContent, element: ElementOfLabel(props: "one two"))
    #expect(header.restingHeight(atWidth: 20) == 1)
    #expect(header.restingHeight(atWidth: 5) == 2)
    expectScreen(render(table(header), width: 5, height: 3), [" one", " two", " r 0"])
  }

  /// Two sections of four rows each, with headers of `headerLines` lines.
  func sections(headerLines: Int) -> Table {
    let names = ["A", "B"]
    return Table(
      sections: names.map { name in
        let label = (0..<headerLines).map { $0 == 0 ? name : "\(name)\($0 + 1)" }
          .joined(separator: "\n")
        return Section(
          header: SectionHeader(ElementOfLabel(props: label)),
          rows: plainRows(name.lowercased(), count: 4))
      })
  }

  @Test("The header of the section at the top stays pinned while its rows scroll under it")
  func pinsHeader() {
    let table = sections(headerLines: 1)
    expectScreen(render(table, width: 6, height: 4, offset: 2), [" A", " a 2", " a 3", " B"])
    expectScreen(render(table, width: 6, height: 4, offset: 4), [" A", " B", " b 0", " b 1"])
    expectScreen(render(table, width: 6, height: 4, offset: 6), [" B", " b 1", " b 2", " b 3"])
  }

  @Test("The next section pushes the pinned header up and away")
  func handsOverHeader() {
    let table = sections(headerLines: 2)
    expectScreen(render(table, width: 6, height: 4, offset: 3), [" A", " A2", " a 3", " B"])
    expectScreen(render(table, width: 6, height: 4, offset: 4), [" A", " A2", " B", " B2"])
    expectScreen(render(table, width: 6, height: 4, offset: 5), [" A2", " B", " B2", " b 0"])
    expectScreen(render(table, width: 6, height: 4, offset: 6), [" B", " B2", " b 0", " b 1"])
    expectScreen(render(table, width: 6, height: 4, offset: 7), [" B", " B2", " b 1", " b 2"])
  }

  @Test("Headers are not pinned when the table says so")
  func unpinned() {
    var table = sections(headerLines: 1)
    table.pinsSectionHeaders = false
    expectScreen(render(table, width: 6, height: 4, offset: 2), [" a 1", " a 2", " a 3", " B"])
  }

  @Test("The painter reports what it drew, pinned header included")
  func reportsVisibleItems() {
    var layout = TableLayout(table: sections(headerLines: 1), width: 6)
    var screen = Screen(width: 6, height: 3)
    let drawn = screen.draw { TablePainter.paint(&layout, scrollOffset: 2, in: &$0) }
    #expect(
      drawn.map(\.item) == [
        .row(IndexPath(row: 1, section: 0)), .row(IndexPath(row: 2, section: 0)),
        .row(IndexPath(row: 3, section: 0)), .sectionHeader(0),
      ])
    #expect(drawn.last?.isPinned == true)
    #expect(drawn.first?.frame == Rect(x: 0, y: 0, width: 6, height: 1))
  }
}
