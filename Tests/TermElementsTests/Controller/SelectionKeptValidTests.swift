import Testing

@testable import TermElements

/// The selection is always a row the user can see and choose: enabled, taking a line, on
/// screen, whatever the table, the size and the order of events.
@MainActor
@Suite("The selection stays a row that can be seen and chosen")
struct SelectionKeptValidTests {
  @Test("A field being edited that the new table disables is neither edited nor selected")
  func editedFieldDisabled() {
    let field = Row(
      ElementOfTextField(props: TextFieldProps(placeholder: "name")), id: "field",
      separatorStyle: .none)
    let other = Row(ElementOfLabel(props: "other"), id: "other", separatorStyle: .none)
    let controller = TableModelController(table: Table(rows: [other, field]))
    var harness = Harness(controller, width: 12, height: 3)
    harness.press(.down, .enter)
    #expect(controller.state.selection.editing != nil)
    var disabled = field
    disabled.isUserInteractionEnabled = false
    controller.table = Table(rows: [other, disabled])
    #expect(controller.selection == IndexPath(row: 0, section: 0))
    #expect(controller.state.selection.editing == nil)
    expectFrame(harness.send(), [" other", " name", "        1/2 "])
  }

  @Test("A row that takes no line at a new width gives the selection to the nearest that does")
  func selectionTakesNoLineAfterResize() {
    // Margins of 6 on each side leave no room for the label at 12 columns: it takes no line.
    let rows = [
      Row(ElementOfLabel(props: "one"), id: "one", separatorStyle: .none),
      Row(
        ElementOfLabel(props: "wide"), id: "wide", layoutMargins: .each(vertical: 0, horizontal: 6),
        separatorStyle: .none),
      Row(ElementOfLabel(props: "three"), id: "three", separatorStyle: .none),
    ]
    let controller = TableModelController(table: Table(rows: rows))
    var harness = Harness(controller, width: 30, height: 4)
    expectFrame(
      harness.press(.down), [" one", "      wide", " three", "                          2/3 "])
    harness.resize(width: 12, height: 4)
    #expect(controller.selection == IndexPath(row: 2, section: 0))
    expectFrame(harness.screen, [" one", " three", "", "        3/3 "])
  }
}
