import Testing

@testable import TermElements

/// Presses counted by the disabled-button tests.
@MainActor
private var presses: [String] = []

/// A table of a label, a disabled button, an enabled button and a row that allows no
/// interaction.
@MainActor
private func formTable() -> Table {
  Table(rows: [
    Row(ElementOfLabel(props: "Name"), separatorStyle: .none),
    Row(
      ElementOfButtonWithAction(
        props: ButtonProps(title: "Send", isEnabled: false) { presses.append("send") }),
      separatorStyle: .none),
    Row(
      ElementOfButtonWithAction(props: ButtonProps(title: "Save") { presses.append("save") }),
      separatorStyle: .none),
    Row(
      ElementOfLabel(props: "Note").styles { $0.style = Style(foreground: .red) },
      separatorStyle: .none, isUserInteractionEnabled: false),
  ])
}

@MainActor
@Suite("Disabled rows and buttons look disabled and never act")
struct DisabledRowTests {
  @Test("Disabled rows are drawn dim beneath their own style; enabled rows are not")
  func dimmed() {
    let screen = render(formTable(), width: 12, height: 4)
    expectScreen(screen, [" Name", " [ Send ]", " [ Save ]", " Note"])
    #expect(!screen[1, 0].style.attributes.contains(.dim))
    #expect(screen[1, 1].style.attributes.contains(.dim))
    #expect(!screen[1, 2].style.attributes.contains(.dim))
    #expect(screen[1, 3].style.attributes.contains(.dim))
    #expect(screen[1, 3].style.foreground == .red)
  }

  @Test("A table's disabled style overrides the dim look, or turns it off")
  func overridden() {
    var table = formTable()
    table.disabledStyle = Style(foreground: .brightBlack)
    let grey = render(table, width: 12, height: 4)
    #expect(grey[3, 1].style.foreground == .brightBlack)
    #expect(!grey[3, 1].style.attributes.contains(.dim))
    #expect(grey[1, 3].style.foreground == .red)
    table.disabledStyle = .plain
    let plain = render(table, width: 12, height: 4)
    #expect(plain[3, 1].style == plain[3, 2].style)
  }

  @Test("↓ skips a disabled button, Enter and clicks never press it")
  func skipped() {
    presses = []
    let controller = TableModelController(table: formTable())
    var harness = Harness(controller, width: 12, height: 5)
    harness.press(.down)
    #expect(controller.selection == IndexPath(row: 2, section: 0))
    harness.press(.enter)
    #expect(presses == ["save"])
    harness.send(.mouse(MouseEvent(kind: .click, at: Point(x: 3, y: 1))))
    harness.press(.down, .enter)
    #expect(presses == ["save", "save"])
    #expect(controller.selection == IndexPath(row: 2, section: 0))
    controller.select(IndexPath(row: 1, section: 0))
    #expect(controller.selection != IndexPath(row: 1, section: 0))
  }

  @Test("A disabled button's props never run its action")
  func neverActs() {
    presses = []
    Button.perform(ButtonProps(title: "Send", isEnabled: false) { presses.append("send") })
    #expect(presses.isEmpty)
    #expect(
      !Row(ElementOfButtonWithAction(props: ButtonProps(title: "x", isEnabled: false) {})).isEnabled
    )
    #expect(Row(ElementOfButtonWithAction(props: ButtonProps(title: "x") {})).isEnabled)
  }
}
