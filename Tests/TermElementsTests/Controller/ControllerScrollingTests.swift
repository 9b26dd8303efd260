import Testing

@testable import TermElements

/// Rows named `r 0` to `r (count - 1)`, one line each.
func numberedTable(_ count: Int) -> Table {
  Table(rows: plainRows("r", count: count))
}

@MainActor
@Suite("Controller: scrolling, paging and jumping")
struct ControllerScrollingTests {
  @Test("The first row starts selected and the status line shows the position")
  func firstFrame() {
    let harness = Harness(TableModelController(table: numberedTable(30)), width: 10, height: 6)
    expectFrame(harness, [" r 0", " r 1", " r 2", " r 3", " r 4", "     1/30"])
    #expect(harness.screen[0, 0].style.attributes == .reverse)
  }

  @Test("Moving down past the screen scrolls by as little as it can")
  func movingScrollsMinimally() {
    var harness = Harness(TableModelController(table: numberedTable(30)), width: 10, height: 6)
    harness.press(.down, .character("j"), .down, .down, .down)
    expectFrame(harness, [" r 1", " r 2", " r 3", " r 4", " r 5", "     6/30"])
    harness.press(.up, .character("k"), .up, .up)
    expectFrame(harness, [" r 1", " r 2", " r 3", " r 4", " r 5", "     2/30"])
    harness.press(.up)
    expectFrame(harness, [" r 0", " r 1", " r 2", " r 3", " r 4", "     1/30"])
  }

  @Test("Paging moves a page less one line, keeping the selection on its screen line")
  func paging() {
    var harness = Harness(TableModelController(table: numberedTable(30)), width: 10, height: 6)
    harness.press(.down, .down, .down, .down, .down)
    harness.press(.pageDown)
    expectFrame(harness, [" r 5", " r 6", " r 7", " r 8", " r 9", "    10/30"])
    harness.press(.character(" "))
    expectFrame(harness, [" r 9", " r 10", " r 11", " r 12", " r 13", "    14/30"])
    harness.press(.character("b"))
    expectFrame(harness, [" r 5", " r 6", " r 7", " r 8", " r 9", "    10/30"])
    harness.press(.pageUp, .pageUp)
    expectFrame(harness, [" r 0", " r 1", " r 2", " r 3", " r 4", "     2/30"])
    harness.press(.pageUp)
    expectFrame(harness, [" r 0", " r 1", " r 2", " r 3", " r 4", "     1/30"])
  }

  @Test("End and G go to the last row, Home and g to the first")
  func jumping() {
    var harness = Harness(TableModelController(table: numberedTable(30)), width: 10, height: 6)
    harness.press(.end)
    expectFrame(harness, [" r 25", " r 26", " r 27", " r 28", " r 29", "    30/30"])
    harness.press(.home)
    expectFrame(harness, [" r 0", " r 1", " r 2", " r 3", " r 4", "     1/30"])
    harness.press(.character("G"))
    #expect(harness.statusLine == "    30/30 ")
    harness.press(.character("g"))
    #expect(harness.statusLine == "     1/30 ")
  }

  @Test("End shows the real end even when rows are taller than estimated")
  func endWithTallRows() {
    var rows = plainRows("r", count: 20)
    rows[17] = plainRow("tall\nrow")
    rows[19] = plainRow("last\nrow")
    var harness = Harness(TableModelController(table: Table(rows: rows)), width: 10, height: 6)
    harness.press(.end)
    expectFrame(harness, [" tall", " row", " r 18", " last", " row", "    20/20"])
  }

  @Test("scrollToRow puts the row at the top, middle or bottom, or moves as little as needed")
  func scrollToRowPositions() {
    let controller = TableModelController(table: numberedTable(50))
    var harness = Harness(controller, width: 10, height: 6)
    let row20 = IndexPath(row: 20, section: 0)
    controller.scrollToRow(at: row20, position: .top)
    #expect(harness.send().lines.first == " r 20     ")
    controller.scrollToRow(at: row20, position: .middle)
    #expect(harness.send().lines[2] == " r 20     ")
    controller.scrollToRow(at: row20, position: .bottom)
    #expect(harness.send().lines[4] == " r 20     ")
    controller.scrollToRow(at: IndexPath(row: 18, section: 0), position: .none)
    #expect(harness.send().lines[4] == " r 20     ")
    controller.scrollToRow(at: IndexPath(row: 5, section: 0), position: .none)
    #expect(harness.send().lines[0] == " r 5      ")
    controller.scrollToRow(at: IndexPath(row: 40, section: 0), position: .none)
    #expect(harness.send().lines[4] == " r 40     ")
  }

  @Test("The mouse wheel scrolls three lines; the selection stays on screen")
  func mouseWheel() {
    var harness = Harness(TableModelController(table: numberedTable(30)), width: 10, height: 6)
    harness.press(.down)
    harness.send(.mouse(MouseEvent(kind: .wheelDown, at: Point(x: 2, y: 2))))
    expectFrame(harness, [" r 3", " r 4", " r 5", " r 6", " r 7", "     4/30"])
    harness.press(.down, .down, .down, .down, .down)
    expectFrame(harness, [" r 4", " r 5", " r 6", " r 7", " r 8", "     9/30"])
    harness.send(.mouse(MouseEvent(kind: .wheelDown, at: Point(x: 2, y: 2))))
    expectFrame(harness, [" r 7", " r 8", " r 9", " r 10", " r 11", "     9/30"])
    harness.send(.mouse(MouseEvent(kind: .wheelUp, at: Point(x: 2, y: 2))))
    expectFrame(harness, [" r 4", " r 5", " r 6", " r 7", " r 8", "     9/30"])
  }

  @Test("Resizing lays the table out again and keeps the selected row in view")
  func resizeKeepsSelectionVisible() {
    let rows = (0..<30).map { plainRow("item \($0) alpha beta") }
    var harness = Harness(TableModelController(table: Table(rows: rows)), width: 20, height: 6)
    for _ in 0..<10 { harness.press(.down) }
    expectFrame(
      harness,
      [
        " item 6 alpha beta", " item 7 alpha beta", " item 8 alpha beta",
        " item 9 alpha beta", " item 10 alpha beta", "              11/30",
      ])
    harness.resize(width: 12, height: 6)
    expectFrame(
      harness, [" alpha beta", " item 9", " alpha beta", " item 10", " alpha beta", "      11/30"])
    #expect(harness.screen[1, 3].style.attributes == .reverse)
    #expect(harness.screen[1, 4].style.attributes == .reverse)
  }

  @Test(
    "A resize that leaves centered content of estimated heights still fitting measures the rows it then shows, and keeps the selection on screen"
  )
  func resizeWithCenteredEstimatedRows() {
    // Rows of 3 lines in a table that estimates 1 and centers its content: at the new width
    // the first rows measured leave the content still fitting, so it moves up, and shows rows
    // that were only estimated.
    let table = Table(
      sections: [Section(rows: (0..<10).map { plainRow("r \($0)\nmid\nend") })],
      centersContentIfPossible: true, estimatedRowHeight: 1)
    var harness = Harness(TableModelController(table: table), width: 12, height: 31)
    harness.press(.end)
    harness.send(.mouse(MouseEvent(kind: .wheelUp, at: Point(x: 2, y: 2))))
    let rows = (0..<10).flatMap { [" r \($0)", " mid", " end"] }
    expectFrame(harness, rows + ["      10/10"])
    // The wheel left the selection to follow the screen: measured, the rows do not fit, the
    // content is no longer centered, and the first row on screen is selected.
    harness.resize(width: 10, height: 25)
    expectFrame(harness, Array(rows.prefix(24)) + ["     1/10"])
    #expect(harness.screen[1, 0].style.attributes == .reverse)
  }
}
