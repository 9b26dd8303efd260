import Testing

@testable import TermElements

/// Reading the controller's state has no effect: a table just set is laid out for the read,
/// but what the change causes (streams that start, a frame) waits for the next frame.
@MainActor
@Suite("Reads without effects")
struct PureReadsTests {
  /// A table with a stream section, empty until the stream sends, and a row after it.
  func streamTable(_ fed: FedStream) -> Table {
    Table(sections: [
      Section(id: "names", stream: fed.stream, itemID: \.self) {
        Row(ElementOfLabel(props: $0), separatorStyle: .none)
      },
      Section(rows: [Row(ElementOfLabel(props: "x"), id: RowID("x"), separatorStyle: .none)]),
    ])
  }

  @Test(
    "Reading selection, position and row(at:) after a table change starts no stream and asks for no frame"
  )
  func readsStartNothing() async {
    let controller = TableModelController(
      table: Table(rows: [Row(ElementOfLabel(props: "a"), separatorStyle: .none)]))
    var harness = Harness(controller, width: 10, height: 4)
    var framesAsked = 0
    controller.onNeedsDisplay = { framesAsked += 1 }
    let fed = FedStream()
    controller.table = streamTable(fed)
    #expect(framesAsked == 1)
    // The reads see the new table…
    #expect(controller.selection == IndexPath(row: 0, section: 1))
    #expect(controller.position.count == 1)
    #expect(controller.row(at: IndexPath(row: 0, section: 1)).id == RowID("x"))
    // …and cause nothing.
    #expect(controller.live.streamTasks.isEmpty)
    #expect(framesAsked == 1)
    await settleTasks()
    #expect(controller.live.streamTasks.isEmpty)
    // The frame starts the stream the new table binds.
    expectFrame(harness.send(), [" x", "", "", "      1/1 "])
    #expect(controller.live.streamTasks["names"] != nil)
    fed.continuation.yield(["b", "c"])
    await settleTasks()
    expectFrame(harness.send(), [" b", " c", " x", "      3/3 "])
  }

  @Test("Reads between two changes leave the same state as no reads")
  func readsChangeNoState() {
    func run(reading: Bool) -> (IndexPath?, Int, [String]) {
      let rows = (1...30).map { Row(ElementOfLabel(props: "r\($0)"), id: RowID($0)) }
      let controller = TableModelController(table: Table(rows: rows))
      var harness = Harness(controller, width: 10, height: 6)
      harness.press(.down, .down, .pageDown)
      controller.table.sections[0].rows.remove(at: 0)
      if reading { _ = (controller.selection, controller.position) }
      controller.table.sections[0].rows.insert(
        Row(ElementOfLabel(props: "new"), id: RowID(99)), at: 3)
      if reading { _ = controller.row(at: IndexPath(row: 0, section: 0)) }
      let screen = harness.send()
      return (controller.selection, controller.scrollOffset, screen.lines)
    }
    let read = run(reading: true)
    let unread = run(reading: false)
    #expect(read.0 == unread.0)
    #expect(read.1 == unread.1)
    #expect(read.2 == unread.2)
  }
}
