import Testing

@testable import TermElements

/// A record of what the app's callbacks saw.
@MainActor
final class Log {
  /// The entries, oldest first.
  var entries: [String] = []
}

/// A controller that logs every `willDisplay` call.
final class DisplayLoggingController: TableModelController {
  /// The rows that entered the screen, in order.
  var displayed: [Int] = []

  override func willDisplay(row: Row, at indexPath: IndexPath) {
    displayed.append(indexPath.row)
  }
}

/// How many rows a table-building closure makes.
@MainActor
final class RowCount {
  /// The count.
  var value = 30
}

@MainActor
@Suite("Controller: selection, willDisplay, editing and reloading")
struct ControllerBehaviourTests {
  @Test("willDisplay is called exactly once each time a row enters the screen")
  func willDisplayOncePerEntry() {
    let controller = DisplayLoggingController(table: numberedTable(20))
    var harness = Harness(controller, width: 10, height: 6)
    #expect(controller.displayed == [0, 1, 2, 3, 4])
    harness.press(.down, .down, .down, .down, .down, .down)
    #expect(controller.displayed == [0, 1, 2, 3, 4, 5, 6])
    harness.press(.down)
    harness.send()
    harness.send()
    #expect(controller.displayed == [0, 1, 2, 3, 4, 5, 6, 7])
    harness.press(.home)
    #expect(controller.displayed == [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2])
  }

  @Test("Rows that cannot be selected are skipped, from the start too")
  func selectionSkipsDisabledRows() {
    var rows = plainRows("r", count: 6)
    for index in [0, 2, 3] { rows[index].isUserInteractionEnabled = false }
    let controller = TableModelController(table: Table(rows: rows))
    var harness = Harness(controller, width: 8, height: 7)
    #expect(controller.selection == IndexPath(row: 1, section: 0))
    harness.press(.down)
    #expect(controller.selection == IndexPath(row: 4, section: 0))
    harness.press(.up)
    #expect(controller.selection == IndexPath(row: 1, section: 0))
    harness.send(.mouse(MouseEvent(kind: .click, at: Point(x: 1, y: 2))))
    #expect(controller.selection == IndexPath(row: 1, section: 0))
    harness.send(.mouse(MouseEvent(kind: .click, at: Point(x: 1, y: 5))))
    #expect(controller.selection == IndexPath(row: 5, section: 0))
  }

  @Test("Enter and a click choose a row: its didSelect runs, and a button's action")
  func choosingRows() {
    let log = Log()
    let rows = [
      Row(ElementOfLabel(props: "first"), didSelect: Action { log.entries.append("first") }),
      Row(
        ElementOfButtonWithAction(
          props: (buttonTitle: "Save", handler: { log.entries.append("save") })),
        separatorStyle: .none),
    ]
    var harness = Harness(TableModelController(table: Table(rows: rows)), width: 12, height: 4)
    harness.press(.enter)
    harness.send(.mouse(MouseEvent(kind: .click, at: Point(x: 3, y: 2))))
    #expect(log.entries == ["first", "save"])
  }

  @Test(
    "One way to react to a choice: a row's onSelect, which didSelect is shorthand for, then the screen's"
  )
  func oneWayToReact() {
    let log = Log()
    var replaced = Row(
      ElementOfLabel(props: "b"), onSelect: SelectAction { _ in log.entries.append("b on") })
    replaced.didSelect = Action { log.entries.append("b did") }
    let rows = [
      Row(
        ElementOfLabel(props: "a"), didSelect: Action { log.entries.append("a did") },
        onSelect: SelectAction { context in log.entries.append("a on \(context.indexPath.row)") }),
      replaced,
    ]
    let controller = TableModelController(table: Table(rows: rows))
    controller.onSelect = { row, indexPath in log.entries.append("screen \(indexPath.row)") }
    var harness = Harness(controller, width: 12, height: 6)
    harness.press(.enter, .down, .enter)
    #expect(log.entries == ["a did", "a on 0", "screen 0", "b did", "screen 1"])
    // Read back: the shorthand is there only when it is all the row does.
    #expect(rows[0].didSelect == nil && rows[0].onSelect != nil)
    #expect(rows[1].didSelect != nil && rows[1].onSelect != nil)
  }

  @Test("q and Ctrl-C quit")
  func quitting() {
    for key in [Key.character("q"), .control("c")] {
      let controller = TableModelController(table: numberedTable(3))
      var harness = Harness(controller, width: 8, height: 4)
      harness.press(key)
      #expect(controller.isFinished)
    }
  }

  @Test("Esc on the first screen does not quit: it says q quits, until the next key")
  func escapeSaysQuitQuits() {
    let controller = TableModelController(table: numberedTable(3))
    var harness = Harness(controller, width: 14, height: 3)
    harness.press(.escape, .escape)
    #expect(!controller.isFinished)
    expectFrame(harness, [" r 0", " r 1", " q quits  1/3"])
    harness.press(.down)
    expectFrame(harness, [" r 0", " r 1", "          2/3"])
    harness.press(.character("q"))
    #expect(controller.isFinished)
  }

  @Test("A text field is edited in place with the line-editing keys")
  func editingTextField() {
    let log = Log()
    let field = TextFieldProps(
      placeholder: "Search", onChange: TextAction { log.entries.append($0) })
    let table = Table(rows: [
      Row(ElementOfTextField(props: field), separatorStyle: .none), plainRow("below"),
    ])
    let controller = TableModelController(table: table)
    var harness = Harness(controller, width: 12, height: 3)
    expectFrame(harness, [" Search", " below", "        1/2"])
    harness.press(.enter)
    harness.type("qjk")
    expectFrame(harness, [" qjk", " below", "        1/2"])
    #expect(harness.screen[4, 0].style.attributes == [.reverse, .underline])
    #expect(harness.screen[3, 0].style.attributes == .underline)
    #expect(!controller.isFinished)
    harness.press(.left, .left, .backspace, .control("e"), .character("!"))
    expectFrame(harness, [" jk!", " below", "        1/2"])
    harness.press(.control("w"))
    #expect(log.entries == ["q", "qj", "qjk", "jk", "jk!", ""])
    harness.type("done")
    harness.press(.escape)
    #expect(!controller.isFinished)
    let cells = (7..<11).map { harness.screen[$0, 0].style.attributes }
    #expect(cells.allSatisfy { $0 == [.reverse, .underline] })
    // Esc cancels: the field shows the app's text again, which the app did not change.
    expectFrame(harness, [" Search", " below", "        1/2"])
  }

  @Test("reloadData keeps the scroll position and selection; reload goes back to the top")
  func reloadVersusReloadData() {
    let size = RowCount()
    let controller = TableModelController { numberedTable(size.value) }
    var harness = Harness(controller, width: 10, height: 6)
    for _ in 0..<10 { harness.press(.down) }
    expectFrame(harness, [" r 6", " r 7", " r 8", " r 9", " r 10", "    11/30"])
    controller.table.sections[0].rows.append(contentsOf: plainRows("s", count: 5))
    controller.reloadData()
    expectScreen(harness.send(), [" r 6", " r 7", " r 8", " r 9", " r 10", "    11/35"])
    size.value = 40
    controller.reload()
    expectScreen(harness.send(), [" r 0", " r 1", " r 2", " r 3", " r 4", "     1/40"])
  }

  @Test("Setting a new table shows it at the next frame without moving the view")
  func settingTable() {
    let controller = TableModelController(table: numberedTable(30))
    var harness = Harness(controller, width: 10, height: 6)
    harness.press(.pageDown)
    controller.table = Table(rows: plainRows("n", count: 30))
    expectScreen(harness.send(), [" n 4", " n 5", " n 6", " n 7", " n 8", "     5/30"])
  }

  @Test("The status line shows the controller's text and the position")
  func statusText() {
    final class Named: TableModelController {
      override func statusText() -> String { "Fruit basket" }
    }
    let harness = Harness(Named(table: numberedTable(3)), width: 20, height: 3)
    #expect(harness.statusLine == " Fruit basket   1/3 ")
  }

  @Test("A long status text is cut with … and leaves the position whole")
  func longStatusText() {
    let controller = TableModelController(table: numberedTable(10_000))
    controller.status = { "Row 1: Ada Lovelace — Enter chooses, ? keys, q quits" }
    let harness = Harness(controller, width: 40, height: 3)
    #expect(harness.statusLine == " Row 1: Ada Lovelace — Enter c… 1/10000 ")
    let narrow = Harness(controller, width: 9, height: 3)
    #expect(narrow.statusLine == " 1/10000 ")
  }

  @Test("An empty table shows an empty screen and says so")
  func emptyTable() {
    var harness = Harness(TableModelController(table: Table()), width: 10, height: 3)
    harness.press(.down, .end, .pageDown, .enter)
    expectFrame(harness, ["", "", "    empty"])
  }
}
