import Testing

@testable import TermElements

@MainActor
@Suite("Controller: sticky section headers and stretchy headers")
struct ControllerHeaderTests {
  /// Sections A and B of four rows each, with one-line headers.
  func twoSections() -> Table {
    Table(
      sections: ["A", "B"].map { name in
        Section(
          header: SectionHeader(ElementOfLabel(props: name)),
          rows: plainRows(name.lowercased(), count: 4))
      })
  }

  @Test("Moving down hands the pinned header over from one section to the next")
  func stickyHeaderHandOver() {
    var harness = Harness(TableModelController(table: twoSections()), width: 8, height: 5)
    expectFrame(harness, [" A", " a 0", " a 1", " a 2", "    1/8"])
    harness.press(.down, .down, .down)
    expectFrame(harness, [" A", " a 1", " a 2", " a 3", "    4/8"])
    harness.press(.down)
    expectFrame(harness, [" A", " a 3", " B", " b 0", "    5/8"])
    harness.press(.down)
    expectFrame(harness, [" A", " B", " b 0", " b 1", "    6/8"])
    harness.press(.down)
    expectFrame(harness, [" B", " b 0", " b 1", " b 2", "    7/8"])
    harness.press(.down)
    expectFrame(harness, [" B", " b 1", " b 2", " b 3", "    8/8"])
    harness.press(.up, .up)
    expectFrame(harness, [" B", " b 1", " b 2", " b 3", "    6/8"])
    harness.press(.up)
    expectFrame(harness, [" B", " b 0", " b 1", " b 2", "    5/8"])
  }

  @Test("A stretchy header that scrolls up with the content shrinks and goes as rows move up")
  func stretchyScrollsUp() {
    var table = numberedTable(20)
    table.stretchyHeader = StretchyHeader(
      behavior: .scrollsUpWithContent, element: ElementOfLabel(props: "Banner"), restingHeight: 3)
    var harness = Harness(TableModelController(table: table), width: 10, height: 7)
    expectFrame(harness, [" Banner", "", "", " r 0", " r 1", " r 2", "     1/20"])
    harness.press(.down, .down, .down)
    expectFrame(harness, [" Banner", "", " r 0", " r 1", " r 2", " r 3", "     4/20"])
    harness.press(.down, .down)
    expectFrame(harness, [" r 0", " r 1", " r 2", " r 3", " r 4", " r 5", "     6/20"])
    harness.press(.home)
    expectFrame(harness, [" Banner", "", "", " r 0", " r 1", " r 2", "     1/20"])
  }

  @Test("A stretchy header that shrinks to a minimum stays at that height")
  func stretchyShrinks() {
    var table = numberedTable(20)
    table.stretchyHeader = StretchyHeader(
      behavior: .shrinksToMinimumHeight(1),
      element: VerticalStack(FlexibleSpace(), ElementOfLabel(props: "Inbox")),
      restingHeight: 3)
    var harness = Harness(TableModelController(table: table), width: 10, height: 7)
    expectFrame(harness, ["", "", " Inbox", " r 0", " r 1", " r 2", "     1/20"])
    harness.press(.down, .down, .down)
    expectFrame(harness, ["", " Inbox", " r 0", " r 1", " r 2", " r 3", "     4/20"])
    harness.press(.down, .down)
    expectFrame(harness, [" Inbox", " r 1", " r 2", " r 3", " r 4", " r 5", "     6/20"])
    harness.press(.up, .up, .up, .up)
    expectFrame(harness, [" Inbox", " r 1", " r 2", " r 3", " r 4", " r 5", "     2/20"])
    harness.press(.up)
    expectFrame(harness, [" Inbox", " r 0", " r 1", " r 2", " r 3", " r 4", "     1/20"])
    harness.press(.up)
    expectFrame(harness, ["", "", " Inbox", " r 0", " r 1", " r 2", "     1/20"])
  }
}
