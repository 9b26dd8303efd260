import Testing

@testable import TermElements

/// The README's custom element: a count between spaces on a coloured background.
enum Badge: ElementView {
  static func height(of count: Int, styles: Style, width: Int) -> Int { 1 }
  static func preferredWidth(of count: Int, styles: Style) -> Int? { "\(count)".count + 2 }
  static func draw(_ count: Int, styles: Style, in canvas: inout Canvas) {
    canvas.write(" \(count) ", at: .zero, style: styles)
  }
}

/// A user, for the component test.
struct User: Equatable, Sendable {
  var name: String
  var unread: Int
}

/// The README's component: a name and an unread badge side by side.
enum UserCell: Component {
  typealias Props = User

  static func render(_ user: User) -> Element {
    HorizontalStack(
      spacing: 1,
      ElementOf<Badge>(props: user.unread).styles { $0.attributes = .reverse },
      ElementOfLabel(props: user.name).styles { $0.numberOfLines = 1 }
    ).element
  }
}

@Suite("Elements")
struct ElementTests {
  /// A one-row table with zero margins showing `element`.
  func table(_ element: some ElementRepresentable) -> Table {
    Table(rows: [Row(element, layoutMargins: .zero, separatorStyle: .none)])
  }

  @Test("A custom element measures and draws itself, styled with .styles { }")
  func customElement() {
    let badge = ElementOf<Badge>(props: 42).styles { $0.background = .red }
    let screen = render(table(badge), width: 6, height: 1)
    expectScreen(screen, [" 42"])
    #expect(screen[1, 0].style.background == .red)
    #expect(screen[4, 0].style.background == nil)
  }

  @Test("A component composes elements in a stack, its badge cut last")
  func component() {
    let cell = ElementOf<UserCell>(props: User(name: "Ada Lovelace", unread: 3))
    expectScreen(render(table(cell), width: 16, height: 1), [" 3  Ada Lovelace"])
    expectScreen(render(table(cell), width: 10, height: 1), [" 3  Ada L…"])
  }

  @Test("Stacks distribute, align and space their children")
  func stacks() {
    let spaced = HorizontalStack(
      distribute: .equalSpacing, ElementOfLabel(props: "a"), ElementOfLabel(props: "b"),
      ElementOfLabel(props: "c"))
    expectScreen(render(table(spaced), width: 9, height: 1), ["a   b   c"])
    let flexible = HorizontalStack(
      ElementOfLabel(props: "Name"), FlexibleSpace(), ElementOfLabel(props: "42"))
    expectScreen(render(table(flexible), width: 10, height: 1), ["Name    42"])
    let equal = HorizontalStack(
      distribute: .fillEqually, spacing: 1,
      ElementOfLabel(props: "left").styles { $0.alignment = .center },
      ElementOfLabel(props: "right").styles { $0.alignment = .center })
    expectScreen(render(table(equal), width: 13, height: 1), [" left  right"])
    let column = VerticalStack(
      align: .trailing, spacing: 1, ElementOfLabel(props: "top"), ElementOfLabel(props: "end"))
    expectScreen(render(table(column), width: 6, height: 3), ["   top", "", "   end"])
    let centred = HorizontalStack(
      align: .center, ElementOfLabel(props: "x"), ElementOfLabel(props: "1\n2\n3"))
    expectScreen(render(table(centred), width: 2, height: 3), [" 1", "x2", " 3"])
  }

  @Test("Buttons, text fields, spinners and empty space draw their terminal forms")
  func builtIns() {
    let rows = [
      Row(ElementOfButtonWithAction(props: (buttonTitle: "Save", handler: {}))),
      Row(ElementOfTextField(props: (text: nil, placeholder: "Search"))),
      Row(ElementOfTextField(props: (text: "typed", placeholder: "Search"))),
      RowOfEmptySpace(height: 2),
      Row(ElementOfActivityIndicator(props: true)),
      Row(ElementOfActivityIndicator(props: false)),
    ].map { row -> Row in
      var row = row
      row.separatorStyle = .none
      return row
    }
    let screen = render(Table(rows: rows), width: 10, height: 7, tick: 2)
    expectScreen(screen, [" [ Save ]", " Search", " typed", "", "", "    ⠹", ""])
    #expect(screen[1, 1].style.attributes == [.underline, .dim])
    #expect(screen[8, 2].style.attributes == .underline)
    let next = render(Table(rows: rows), width: 10, height: 7, tick: 3)
    #expect(next.line(5) == "    ⠸     ")
  }

  @Test("Elements are equal when their type, props and styles are")
  func elementEquality() {
    #expect(Element(ElementOfLabel(props: "a")) == Element(ElementOfLabel(props: "a")))
    #expect(Element(ElementOfLabel(props: "a")) != Element(ElementOfLabel(props: "b")))
    #expect(
      Element(ElementOfLabel(props: "a"))
        != Element(ElementOfLabel(props: "a").styles { $0.alignment = .right }))
    #expect(Element(ElementOf<Badge>(props: 1)) != Element(ElementOfActivityIndicator(props: true)))
    #expect(Element(Element(ElementOfLabel(props: "a"))) == Element(ElementOfLabel(props: "a")))
  }

  @Test("Rows that differ only in their actions are equal; a tag or id makes them differ")
  func rowEquality() {
    let first = Row(ElementOfLabel(props: "x"), didSelect: Action { print("one") })
    let second = Row(ElementOfLabel(props: "x"), didSelect: Action { print("two") })
    #expect(first == second)
    #expect(first != Row(ElementOfLabel(props: "x"), tag: "loading"))
    #expect(first != Row(ElementOfLabel(props: "x"), id: 7))
    #expect(RowID(7) == 7 && RowID("a") == "a" && RowID(7) != "7")
  }

  @Test("A table's rows are reachable by index path, and a table of rows has one section")
  func tableSubscript() {
    var table = Table(rows: plainRows("r", count: 3))
    #expect(table.sections.count == 1)
    #expect(table[IndexPath(row: 2, section: 0)] == plainRow("r 2"))
    table[IndexPath(row: 1, section: 0)] = plainRow("changed")
    #expect(table.sections[0].rows[1] == plainRow("changed"))
    #expect(table.rowCount == 3)
  }
}
