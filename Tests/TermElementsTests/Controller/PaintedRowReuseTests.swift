import Testing

@testable import TermElements

/// Rows painted in one frame and shown again, unchanged, are copied rather than built, measured
/// and drawn anew; the frames are the same as painting everything afresh.
@MainActor
@Suite("Painted rows reused")
struct PaintedRowReuseTests {
  /// A table of `count` lazy rows, some wide, some taller, each with a separator.
  static func table(count: Int) -> Table {
    Table(sections: [
      Section(id: "log", count: count) { index in
        Row(
          ElementOfLabel(props: index % 5 == 0 ? "Row \(index) 東京\nsecond" : "Row \(index) ✓"),
          id: RowID(index))
      }
    ])
  }

  /// The table area of a frame painted afresh, with nothing reused, at the controller's scroll
  /// offset and selection, from the heights it measured.
  static func freshLines(of controller: TableModelController, width: Int, height: Int)
    -> [String]
  {
    var layout = controller.state.layout
    layout.painted = PaintedRows()
    var screen = Screen(width: width, height: height)
    screen.draw(in: Rect(x: 0, y: 0, width: width, height: height - 1)) { canvas in
      TablePainter.paint(
        &layout, scrollOffset: controller.scrollOffset, selection: controller.selection,
        in: &canvas)
    }
    return Array(screen.lines.dropLast())
  }

  @Test("Every frame is what painting afresh gives, whatever the keys")
  func framesMatchFreshPainting() {
    let controller = TableModelController(table: Self.table(count: 5_000))
    var harness = Harness(controller, width: 24, height: 9)
    let keys: [Key] =
      Array(repeating: .down, count: 20) + [.pageDown, .pageDown, .up, .end, .pageUp, .home]
      + Array(repeating: .down, count: 7)
    for key in keys {
      harness.press(key)
      #expect(harness.tableLines == Self.freshLines(of: controller, width: 24, height: 9), "\(key)")
    }
    // A new width paints afresh too.
    harness.resize(width: 17, height: 9)
    #expect(harness.tableLines == Self.freshLines(of: controller, width: 17, height: 9))
    // So does a changed table: the rows are new values.
    controller.table = Table(sections: [
      Section(id: "log2", count: 100) { Row(ElementOfLabel(props: "New \($0)"), id: RowID($0)) }
    ])
    harness.send()
    #expect(harness.tableLines == Self.freshLines(of: controller, width: 17, height: 9))
    #expect(harness.tableLines.contains { $0.contains("New ") })
  }

  @Test(
    "A one-row step builds only the rows that change: the one that comes in and the two whose selection changes"
  )
  func stepsBuildFewRows() {
    let controller = TableModelController(table: Self.table(count: 1_000_000))
    var harness = Harness(controller, width: 30, height: 12)
    harness.press(.pageDown)
    for _ in 0..<20 {
      let before = controller.state.layout.statistics.rowsBuilt
      harness.press(.down)
      #expect(controller.state.layout.statistics.rowsBuilt - before <= 6)
    }
  }
}
