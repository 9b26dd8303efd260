import Testing

@testable import TermElements

// The examples of the doc comments of TermElements, compiled and checked here. Each is copied
// word for word between a `// Doc:` line naming where it comes from and `// END`;
// `DocExampleCoverageTests` keeps the two in step. Types an example declares are declared
// inside the test, where they do not clash with the other tests' types of the same name.

/// Collects the value of each line of an example that is an expression, such as
/// `editor.text  // "hello"`, so that the line can be compiled as the doc comment shows it and
/// its value checked; lines of no value, such as assignments, add nothing.
@resultBuilder
private enum ExampleValues {
  static func buildExpression<Value>(_ value: Value) -> [Any] { [value] }
  static func buildExpression(_ value: Void) -> [Any] { [] }
  static func buildBlock(_ values: [Any]...) -> [Any] { values.flatMap { $0 } }
}

/// The values of the example's expression lines, in order.
private func values(@ExampleValues of example: () -> [Any]) -> [Any] { example() }

/// What the `Action` example's row opens: the users whose detail was opened.
@MainActor
private var openedDetails: [String] = []

/// Opens the detail of a user, for the `Action` example.
@MainActor
private func openDetail(for user: User) {
  openedDetails.append(user.name)
}

/// How often the button examples saved.
@MainActor
private var saves = 0

/// Saves, for the button example.
@MainActor
private func save() {
  saves += 1
}

/// A store that saves, for the `Button` example.
@MainActor
private final class Store {
  func save() { saves += 1 }
}

/// What the `TextAction` example's field was last changed to.
@MainActor
private var query = ""

/// A message, for the `TailLoader` example.
private struct Message: Sendable {
  let subject: String
}

/// The `TailLoader` example's page source: two pages of two messages, then the end.
private actor PageCursor {
  /// Pages handed out so far.
  private var served = 0

  /// The next page, or `nil` at the end.
  func next() throws -> [Message]? {
    served += 1
    guard served <= 2 else { return nil }
    return [Message(subject: "page \(served) a"), Message(subject: "page \(served) b")]
  }
}

/// Shows a name cut to ten columns: the `Canvas.write(_:at:width:style:)` example.
private enum ShortName: ElementView {
  static func height(of name: String, styles: Style, width: Int) -> Int { 1 }

  // Doc: Canvas.write(_:at:width:style:) (Canvas+Text.swift)
  static func draw(_ name: String, styles: Style, in canvas: inout Canvas) {
    canvas.write(name, at: .zero, width: 10, style: styles)  // "A very lo…"
  }
  // END
}

/// Shows a count at the right: the `Canvas` example.
private enum RightCount: ElementView {
  static func height(of count: Int, styles: Style, width: Int) -> Int { 1 }

  // Doc: Canvas (Canvas.swift)
  static func draw(_ count: Int, styles: Style, in canvas: inout Canvas) {
    canvas.write("(\(count))", at: Point(x: canvas.size.width - 4, y: 0), style: styles)
  }
  // END
}

/// The labels of a table's rows, top to bottom.
func labelTexts(_ table: Table) -> [String] {
  table.sections.flatMap(\.rows).map { ($0.element.base as? ElementOf<Label>)?.props ?? "?" }
}

@Suite("Doc comment examples: controller")
@MainActor
struct DocControllerExampleTests {
  @Test("InputEvent: a key moves the selection, a click selects the row under it")
  func inputEvent() {
    let controller = TableModelController(
      table: Table(rows: (0..<10).map { Row(ElementOfLabel(props: "Row \($0)")) }))
    var screen = Screen(width: 20, height: 12)
    controller.render(into: &screen)
    // Doc: InputEvent (InputEvent.swift)
    controller.handle(.key(.down))
    controller.handle(.mouse(MouseEvent(kind: .click, at: Point(x: 4, y: 7))))
    // END
    controller.render(into: &screen)
    #expect(controller.selection == IndexPath(row: 3, section: 0))
  }

  @Test("KeyCommand and KeyMap: a command of your own, bound to a key; a key unbound")
  func keyCommandAndMap() {
    // Doc: KeyCommand (KeyCommand.swift)
    let refresh = KeyCommand("Refresh the list") { screen in screen.reloadData() }
    // END
    #expect(refresh.description == "Refresh the list")
    let screen = TableModelController(table: Table(rows: [Row(ElementOfLabel(props: "One"))]))
    #expect(screen.keyMap[.character("q")] != nil)
    // Doc: KeyMap (KeyMap.swift)
    screen.keyMap.bind(.character("r"), to: KeyCommand("Refresh") { $0.reloadData() })
    screen.keyMap.unbind(.character("q"))
    // END
    #expect(screen.keyMap[.character("r")]?.description == "Refresh")
    #expect(screen.keyMap[.character("q")] == nil)
    var harness = Harness(screen, width: 10, height: 2)
    harness.press(.character("r"), .character("q"))
    #expect(!screen.isFinished)
  }

  @Test("Key.name: how the help screen names a key")
  func keyName() {
    let shown = values {
      // Doc: Key.name (KeyName.swift)
      Key.control("c").name  // "Ctrl-C"
      // END
    }
    #expect(shown.map { $0 as? String } == ["Ctrl-C"])
  }

  @Test("LineEditor: moving left and typing inserts at the cursor")
  func lineEditor() {
    let shown = values {
      // Doc: LineEditor (LineEditor.swift)
      var editor = LineEditor(text: "helo")
      editor.apply(.left)
      editor.apply(.character("l"))
      editor.text  // "hello"
      // END
    }
    #expect(shown.last as? String == "hello")
  }

  @Test("render(into:) draws a frame")
  func renderFrame() {
    // Doc: TableModelController.render(into:) (TableModelController+Frame.swift)
    let controller = TableModelController(table: Table(rows: [Row(ElementOfLabel(props: "Hi"))]))
    var screen = Screen(width: 20, height: 3)
    controller.render(into: &screen)
    // END
    expectScreen(screen, [" Hi", "", "                1/1 "])
  }

  @Test("waitForLoads() returns once the first page is in")
  func waitForLoads() async {
    // Doc: TableModelController.waitForLoads() (TableModelController+Loading.swift)
    let controller = TableModelController()
    var screen = Screen(width: 20, height: 3)
    controller.render(into: &screen)  // starts the first load, if the table has a loader
    await controller.waitForLoads()
    // END
    #expect(!controller.isFetchingPage)
    let loaded = TableModelController()
    loaded.table.tailLoader = TailLoader(id: "one page") {
      [Row(ElementOfLabel(props: "Loaded"))]
    }
    loaded.render(into: &screen)
    await loaded.waitForLoads()
    #expect(labelTexts(loaded.table) == ["Loaded"])
  }

  @Test("TableModelController: a subclass that sets its table in setupTable()")
  func subclass() {
    // Doc: TableModelController (TableModelController.swift)
    final class Inbox: TableModelController {
      override func setupTable() {
        table = Table(rows: ["Welcome", "Your invoice"].map { Row(ElementOfLabel(props: $0)) })
      }
    }
    // END
    let harness = Harness(Inbox(), width: 16, height: 4)
    expectFrame(harness, [" Welcome", " ───────────────", " Your invoice", "            1/2"])
  }

  @Test("TableModelController: made with closures for the table, the choice and the status")
  func closures() {
    // Doc: TableModelController (TableModelController.swift)
    let inbox = TableModelController(title: "Inbox") {
      Table(rows: ["Welcome", "Your invoice"].map { Row(ElementOfLabel(props: $0)) })
    }
    inbox.onSelect = { row, indexPath in print("chose row \(indexPath.row)") }
    inbox.status = { "2 messages" }
    // END
    var harness = Harness(inbox, width: 20, height: 4)
    harness.press(.enter)
    #expect(harness.statusLine == " 2 messages     1/2 ")
  }

  @Test("willDisplay(row:at:) hears of the loading row")
  func willDisplay() {
    final class Feed: TableModelController {
      // Doc: TableModelController.willDisplay(row:at:) (TableModelController.swift)
      override func willDisplay(row: Row, at indexPath: IndexPath) {
        if row.tag == "loading" { print("time to load the next page") }
      }
      // END
    }
    let feed = Feed(table: Table(rows: [Row(ElementOfActivityIndicator(), tag: "loading")]))
    var screen = Screen(width: 20, height: 3)
    feed.render(into: &screen)
  }

  @Test("keyPressed(_:) consumes x to finish the screen")
  func keyPressed() {
    final class Closing: TableModelController {
      // Doc: TableModelController.keyPressed(_:) (TableModelController.swift)
      override func keyPressed(_ key: Key) -> Bool {
        guard key == .character("x") else { return false }
        finish()
        return true
      }
      // END
    }
    let screen = Closing(table: Table(rows: [Row(ElementOfLabel(props: "One"))]))
    var harness = Harness(screen, width: 10, height: 2)
    harness.press(.character("y"))
    #expect(!screen.isFinished)
    harness.press(.character("x"))
    #expect(screen.isFinished)
  }

  @Test("showNotice(_:) says a word in the status line until the next key")
  func showNotice() {
    // Doc: TableModelController.showNotice(_:) (TableModelController.swift)
    let screen = TableModelController()
    screen.showNotice("Saved")
    // END
    #expect(screen.notice == "Saved")
    screen.handle(.key(.down))
    #expect(screen.notice == nil)
  }

  @Test("redrawRows() asks for a frame that paints the rows anew")
  func redrawRows() {
    // Doc: TableModelController.redrawRows() (TableModelController.swift)
    let screen = TableModelController()
    screen.redrawRows()
    // END
    var frame = Screen(width: 10, height: 2)
    screen.render(into: &frame)
    #expect(!screen.needsDisplay)
    screen.redrawRows()
    #expect(screen.needsDisplay)
  }

  @Test("fail(with:) stops the screen with the error")
  func fail() {
    // Doc: TableModelController.fail(with:) (TableModelController.swift)
    let screen = TableModelController()
    struct SaveFailed: Error {}
    screen.fail(with: SaveFailed())
    // END
    #expect(screen.isFinished)
    #expect(screen.failure is SaveFailed)
  }

  @Test("NavigationStack: choosing a row pushes a screen")
  func navigationStack() {
    // Doc: NavigationStack (NavigationStack.swift)
    let list = TableModelController(title: "People") {
      Table(rows: ["Ada", "Grace"].map { Row(ElementOfLabel(props: $0)) })
    }
    let stack = NavigationStack(root: list)
    list.onSelect = { row, indexPath in
      stack.push(TableModelController(title: "Person \(indexPath.row + 1)"))
    }
    // END
    var screen = Screen(width: 24, height: 4)
    stack.render(into: &screen)
    stack.handle(.key(.down))
    stack.handle(.key(.enter))
    stack.render(into: &screen)
    #expect(stack.top.title == "Person 2")
    #expect(screen.lines[0].hasPrefix(" People › Person 2"))
  }

  @Test("NavigationStack.render(into:) draws the title line and the screen")
  func navigationStackRender() {
    // Doc: NavigationStack.render(into:) (NavigationStack.swift)
    let stack = NavigationStack(root: TableModelController(title: "Home"))
    var screen = Screen(width: 30, height: 5)
    stack.render(into: &screen)
    // END
    #expect(screen.lines[0] == " Home" + String(repeating: " ", count: 25))
  }
}

@Suite("Doc comment examples: elements")
@MainActor
struct DocElementExampleTests {
  @Test("ElementOfActivityIndicator and ActivityIndicator: a tagged spinner row")
  func activityIndicator() {
    do {
      // Doc: ActivityIndicator (ActivityIndicator.swift)
      var loading = Row(ElementOfActivityIndicator(props: true))
      loading.tag = "loading"
      // END
      #expect(loading.tag == "loading")
    }
    // Doc: ElementOfActivityIndicator(props:) (BuiltInElements.swift)
    let loading = Row(ElementOfActivityIndicator(props: true), tag: "loading")
    // END
    #expect(loading.tag == "loading")
    #expect(loading.element == ElementOfActivityIndicator().element)
  }

  @Test("ElementOfLabel and Table(rows:): ten labels")
  func labels() {
    // Doc: ElementOfLabel(props:) (BuiltInElements.swift)
    let rows = (0..<10).map { Row(ElementOfLabel(props: "Label no. \($0)")) }
    // END
    // Doc: Table.init(rows:) (Table.swift)
    let table = Table(rows: (0..<10).map { Row(ElementOfLabel(props: "Label no. \($0)")) })
    // END
    #expect(table.sections.map { Array($0.rows) } == [rows])
    #expect(labelTexts(table).last == "Label no. 9")
  }

  @Test("Text fields: from a tuple, from props, and with an action on each change")
  func textFields() {
    do {
      // Doc: ElementOfTextField(props:) (BuiltInElements.swift)
      let search = ElementOfTextField(props: (text: nil, placeholder: "Search"))
      // END
      #expect(search.props == TextFieldProps(placeholder: "Search"))
    }
    do {
      // Doc: TextField (TextField.swift)
      let search = ElementOfTextField(props: TextFieldProps(text: nil, placeholder: "Search"))
      let secret = ElementOfTextField(props: TextFieldProps(placeholder: "PIN", isSecure: true))
      // END
      expectScreen(render(Table(rows: [Row(search)]), width: 10, height: 1), [" Search"])
      var typed = secret.props
      typed.text = "hunter2"
      expectScreen(
        render(Table(rows: [Row(ElementOfTextField(props: typed))]), width: 10, height: 1),
        [" •••••••"])
    }

    // Doc: TextAction (TextField.swift)
    let search = TextFieldProps(placeholder: "Search", onChange: TextAction { query = $0 })
    // END
    var harness = Harness(
      TableModelController(table: Table(rows: [Row(ElementOfTextField(props: search))])),
      width: 12, height: 2)
    harness.press(.enter)
    harness.type("ab")
    #expect(query == "ab")
  }

  @Test("Buttons run their action when chosen")
  func buttons() {
    let before = saves
    do {
      // Doc: ElementOfButtonWithAction(props:) (BuiltInElements.swift)
      let saveButton = ElementOfButtonWithAction(props: (buttonTitle: "Save", handler: { save() }))
      // END
      var harness = Harness(
        TableModelController(table: Table(rows: [Row(saveButton)])), width: 12, height: 2)
      expectScreen(harness.screen, [" [ Save ]", "        1/1 "])
      harness.press(.enter)
    }
    #expect(saves == before + 1)
    do {
      let store = Store()
      // Doc: Button (Button.swift)
      let save = ElementOfButtonWithAction(props: ButtonProps(title: "Save") { store.save() })
      let send = ElementOfButtonWithAction(props: ButtonProps(title: "Send", isEnabled: false) {})
      // END
      var harness = Harness(
        TableModelController(table: Table(rows: [Row(send), Row(save)])), width: 12, height: 4)
      harness.press(.enter)
      #expect(harness.screen[1, 0].style.attributes.contains(.dim))
    }
    do {
      // Doc: Table.disabledStyle (Table.swift)
      let note = Row(ElementOfLabel(props: "Read-only"), isUserInteractionEnabled: false)
      var form = Table(rows: [note])
      form.disabledStyle = Style(foreground: .brightBlack, monochrome: .dim)
      // END
      #expect(render(form, width: 12, height: 1)[1, 0].style.foreground == .brightBlack)
    }
    #expect(saves == before + 2)
  }

  @Test("RowOfEmptySpace: two blank lines")
  func emptySpace() {
    // Doc: RowOfEmptySpace(height:) (BuiltInElements.swift)
    let gap = RowOfEmptySpace(height: 2)
    // END
    #expect(gap.height(atWidth: 20) == 2)
    #expect(!gap.isUserInteractionEnabled)
  }

  @Test("HorizontalStack: a badge beside a label, from an array or a list")
  func horizontalStacks() {
    do {
      // Doc: HorizontalStack(distribute:align:spacing:_:) (BuiltInElements.swift)
      let children = [ElementOf<Badge>(props: 3).element, ElementOfLabel(props: "Inbox").element]
      let line = HorizontalStack(spacing: 1, children)
      // END
      expectScreen(render(Table(rows: [Row(line)]), width: 12, height: 1), ["  3  Inbox"])
    }
    // Doc: HorizontalStack(distribute:align:spacing:_:) (BuiltInElements.swift)
    let line = HorizontalStack(
      spacing: 1, ElementOf<Badge>(props: 3), ElementOfLabel(props: "Inbox"))
    // END
    expectScreen(render(Table(rows: [Row(line)]), width: 12, height: 1), ["  3  Inbox"])
  }

  @Test("Component: a user's name beside their unread badge")
  func component() {
    // Doc: Component (Component.swift)
    struct User: Equatable, Sendable {
      var name: String
      var unread: Int
    }

    enum UserCell: Component {
      typealias Props = User

      static func render(_ user: User) -> Element {
        let badge = ElementOf<Badge>(props: user.unread)
        return HorizontalStack(spacing: 1, ElementOfLabel(props: user.name), badge).element
      }
    }

    let row = Row(ElementOf<UserCell>(props: User(name: "Ada", unread: 3)))
    // END
    expectScreen(render(Table(rows: [row]), width: 12, height: 1), [" Ada  3 "])
  }

  @Test("FlexibleSpace: pushes the value to the right")
  func flexibleSpace() {
    let shown = values {
      // Doc: EmptyView (FlexibleSpace.swift)
      HorizontalStack(ElementOfLabel(props: "Name"), FlexibleSpace(), ElementOfLabel(props: "42"))
      // END
    }
    let stack = shown.first as? ElementOf<Stack>
    #expect(stack != nil)
    if let stack {
      expectScreen(render(Table(rows: [Row(stack)]), width: 12, height: 1), [" Name    42 "])
    }
  }

  @Test("ActionElementView: a bell rings when its row is chosen")
  func actionElement() {
    // Doc: ActionElementView (Interaction.swift)
    enum Bell: ActionElementView {
      static func height(of ring: Action, styles: Style, width: Int) -> Int { 1 }
      static func draw(_ ring: Action, styles: Style, in canvas: inout Canvas) {
        canvas.write("[ring]", at: .zero, style: styles)
      }
      static func perform(_ ring: Action) { ring() }
    }
    // END
    let before = saves
    var harness = Harness(
      TableModelController(table: Table(rows: [Row(ElementOf<Bell>(props: Action { save() }))])),
      width: 10, height: 2)
    expectScreen(harness.screen, [" [ring]", "      1/1 "])
    harness.press(.enter)
    #expect(saves == before + 1)
  }

  @Test("Label and ElementOf: styled titles")
  func styledLabels() {
    do {
      // Doc: Label (Label.swift)
      let title = ElementOfLabel(props: "Yay!").styles {
        $0.alignment = .center
        $0.numberOfLines = 1
      }
      // END
      expectScreen(render(Table(rows: [Row(title)]), width: 10, height: 1), ["   Yay!"])
    }
    do {
      // Doc: ElementOf (Element.swift)
      let title = ElementOf<Label>(props: "Yay!").styles {
        $0.style.attributes = .bold
        $0.alignment = .center
      }
      // END
      let screen = render(Table(rows: [Row(title)]), width: 10, height: 1)
      expectScreen(screen, ["   Yay!"])
      #expect(screen.style(atX: 3, y: 0).attributes == .bold)
    }
    // Doc: ElementOf.styles(_:) (Element.swift)
    let warning = ElementOfLabel(props: "Disk almost full").styles {
      $0.style.foreground = .yellow
    }
    // END
    #expect(warning.styling.style.foreground == .yellow)
  }

  @Test("element: mixed elements in one array")
  func erasedElements() {
    // Doc: ElementRepresentable.element (Element.swift)
    let children: [Element] = [ElementOfLabel(props: "Name").element, FlexibleSpace().element]
    // END
    #expect(children.count == 2)
    #expect(children[0] == ElementOfLabel(props: "Name").element)
  }

  @Test("ElementView: a badge on a red background")
  func elementView() {
    // Doc: ElementView (ElementView.swift)
    enum Badge: ElementView {
      static func height(of count: Int, styles: Style, width: Int) -> Int { 1 }
      static func preferredWidth(of count: Int, styles: Style) -> Int? { "\(count)".count + 2 }
      static func draw(_ count: Int, styles: Style, in canvas: inout Canvas) {
        canvas.write(" \(count) ", at: .zero, style: styles)
      }
    }

    let row = Row(ElementOf<Badge>(props: 3).styles { $0.background = .red })
    // END
    let screen = render(Table(rows: [row]), width: 6, height: 1)
    expectScreen(screen, ["  3"])
    #expect(screen.style(atX: 2, y: 0).background == .red)
  }

  @Test("SectionHeader, SectionFooter and TableHeaderView")
  func containers() {
    // Doc: ElementContainer (ElementContainer.swift)
    let header = SectionHeader(ElementOfLabel(props: "Fruit"))
    let footer = SectionFooter(ElementOfLabel(props: "3 items"))
    let top = TableHeaderView(ElementOfLabel(props: "My list"))
    // END
    var table = Table(sections: [Section(header: header, footer: footer, rows: [])])
    table.tableHeaderView = top
    expectScreen(render(table, width: 10, height: 4), [" My list", " Fruit", " 3 items", ""])
  }
}

@Suite("Doc comment examples: the model")
@MainActor
struct DocModelExampleTests {
  @Test("Action: a row's action opens a user's detail")
  func action() {
    let user = User(name: "Ada", unread: 3)
    var row = Row(ElementOfLabel(props: user.name))
    // Doc: Action (Action.swift)
    row.didSelect = Action { openDetail(for: user) }
    // END
    openedDetails = []
    row.didSelect?()
    #expect(openedDetails == ["Ada"])
  }

  @Test("Color, ColorDepth: named and palette colours, and what a terminal shows of them")
  func colors() {
    // Doc: Color (Color.swift)
    let warning = Style(foreground: .yellow)
    let slate = Style(background: .palette(60))
    // END
    #expect(warning.foreground == .palette(3))
    #expect(slate.background?.paletteIndex == 60)
    #expect(Color.palette(9) == .brightRed)
    let degraded = values {
      // Doc: Color.degraded(to:) (Color.swift)
      Color.palette(196).degraded(to: .ansi16)  // .brightRed
      Color.brightRed.degraded(to: .ansi8)  // .red
      // END
    }
    #expect(degraded.map { $0 as? Color } == [.brightRed, .red])
    let depths = values {
      // Doc: ColorDepth.init(colorCount:) (Color.swift)
      ColorDepth(colorCount: 256)  // .palette256
      ColorDepth(colorCount: 0)  // .monochrome
      // END
    }
    #expect(depths.map { $0 as? ColorDepth } == [.palette256, .monochrome])
  }

  @Test("IndexPath(row:section:)")
  func indexPath() {
    // Doc: IndexPath.init(row:section:) (IndexPath.swift)
    let second = IndexPath(row: 1, section: 0)
    // END
    #expect(second.row == 1 && second.section == 0)
  }

  @Test("LayoutMargins, RowHeight: a row's margins and height")
  func marginsAndHeight() {
    var row = Row(ElementOfLabel(props: "Yay!"))
    // Doc: LayoutMargins (LayoutMargins.swift)
    row.layoutMargins = .all(1)
    row.layoutMargins = .each(vertical: 0, horizontal: 2)
    // END
    #expect(row.layoutMargins == .inset(top: 0, left: 2, bottom: 0, right: 2))
    // Doc: RowHeight (RowHeight.swift)
    row.rowHeight = 3  // .fixed(3)
    row.rowHeight = .automatic  // the element's height at the current width, plus margins
    // END
    #expect(row.rowHeight == .automatic)
    row.rowHeight = 3
    #expect(row.rowHeight == .fixed(3))
  }

  @Test("Row: the properties of a row")
  func row() {
    // Doc: Row (Row.swift)
    var row = Row(ElementOfLabel(props: "Yay!"))
    row.backgroundColor = .blue
    row.separatorStyle = .none
    row.rowHeight = 3
    row.layoutMargins = .all(1)
    row.didSelect = Action { print("selected") }
    // END
    #expect(row.height(atWidth: 10) == 3)
    let screen = render(Table(rows: [row]), width: 8, height: 3)
    expectScreen(screen, ["", " Yay!", ""])
    #expect(screen.style(atX: 0, y: 0).background == .blue)
  }

  @Test("RowID: from a number or a string")
  func rowID() {
    struct Person {
      let id: Int
      let name: String
    }
    let user = Person(id: 7, name: "Ada")
    let rows = values {
      // Doc: RowID (RowID.swift)
      Row(ElementOfLabel(props: user.name), id: RowID(user.id))
      Row(ElementOfLabel(props: "Settings"), id: "settings")
      // END
    }
    #expect(rows.map { ($0 as? Row)?.id } == [7, "settings"])
  }

  @Test("RowSource, Rows, Section: a million rows made on demand")
  func lazyRows() {
    // Doc: RowSource (RowSource.swift)
    let numbers = RowSource(id: "numbers", count: 1_000_000) { index in
      Row(ElementOfLabel(props: "Row \(index)"), id: RowID(index))
    }
    // END
    #expect(Rows(numbers)[999_999].id == 999_999)
    let nextPage = [Row(ElementOfLabel(props: "Second"))]
    // Doc: Rows (Rows.swift)
    var rows: Rows = [Row(ElementOfLabel(props: "First"))]
    rows.append(contentsOf: nextPage)
    let lazy = Rows(
      RowSource(id: "log", count: 10_000_000) { Row(ElementOfLabel(props: "#\($0)")) })
    // END
    #expect(labelTexts(Table(sections: [Section(rows: rows)])) == ["First", "Second"])
    #expect(lazy.count == 10_000_000)
    // Doc: Section.init(id:count:header:footer:makeRow:) (Section.swift)
    let log = Section(id: "log", count: 1_000_000) { Row(ElementOfLabel(props: "Entry \($0)")) }
    // END
    #expect(log.rows.count == 1_000_000)
  }

  @Test("Section: ten rows between a header and a footer")
  func section() {
    // Doc: Section (Section.swift)
    var section = Section(rows: (0..<10).map { Row(ElementOfLabel(props: "Label no. \($0)")) })
    section.header = SectionHeader(ElementOfLabel(props: "Section header"))
    section.footer = SectionFooter(ElementOfLabel(props: "Section footer"))
    // END
    let screen = render(Table(sections: [section]), width: 20, height: 3)
    expectScreen(screen, [" Section header", " Label no. 0", " ───────────────────"])
  }

  @Test("StretchyHeader: two behaviours, and the lines the header covers")
  func stretchyHeader() {
    // Doc: StretchyHeader (StretchyHeader.swift)
    // Shrinks with the content, then scrolls off.
    var banner = StretchyHeader(
      behavior: .scrollsUpWithContent, element: ElementOfLabel(props: "News"))
    banner.restingHeight = 6

    // Shrinks to one line and stays there.
    let bar = StretchyHeader(
      behavior: .shrinksToMinimumHeight(1), element: ElementOfLabel(props: "Inbox"))
    // END
    #expect(banner.visibleHeight(atWidth: 80, scrollOffset: 10) == 0)
    #expect(bar.visibleHeight(atWidth: 80, scrollOffset: 10) == 1)
    var header = banner
    header.behavior = .shrinksToMinimumHeight(2)
    let heights = values {
      // Doc: StretchyHeader.visibleHeight(atWidth:scrollOffset:) (StretchyHeader.swift)
      // restingHeight 6, .shrinksToMinimumHeight(2)
      header.visibleHeight(atWidth: 80, scrollOffset: 3)  // 3
      header.visibleHeight(atWidth: 80, scrollOffset: 10)  // 2
      // END
    }
    #expect(heights.map { $0 as? Int } == [3, 2])
    // Doc: HeaderSpan (HeaderSpan.swift)
    // restingHeight 6, .shrinksToMinimumHeight(2)
    let span = HeaderSpan(header, width: 80)
    let spanHeights = values {
      span.visibleHeight(scrollOffset: 3)  // 3
      span.visibleHeight(scrollOffset: 10)  // 2
    }
    // END
    #expect(spanHeights.map { $0 as? Int } == [3, 2])
    #expect(span.resting == 6 && span.minimum == 2)
  }

  @Test("TextAttributes, Style: attributes, colours, layering and degrading")
  func styles() {
    // Doc: TextAttributes (Style.swift)
    let emphasis: TextAttributes = [.bold, .underline]
    // END
    #expect(emphasis.contains(.underline))
    // Doc: Style (Style.swift)
    let title = Style(foreground: .brightWhite, attributes: .bold)
    let badge = Style(foreground: .black, background: .palette(214), monochrome: .reverse)
    // END
    #expect(title.attributes == .bold)
    #expect(badge.degraded(to: .monochrome) == Style(attributes: .reverse))
    let layered = values {
      // Doc: Style.over(_:) (Style.swift)
      let row = Style(background: .blue)
      Style(foreground: .white).over(row)  // white on blue
      // END
    }
    #expect(layered.map { $0 as? Style } == [Style(foreground: .white, background: .blue)])
    let degraded = values {
      // Doc: Style.degraded(to:) (Style.swift)
      Style(background: .blue, monochrome: .reverse).degraded(to: .monochrome)
      // Style(attributes: .reverse)
      // END
    }
    #expect(degraded.map { $0 as? Style } == [Style(attributes: .reverse)])
  }

  @Test("Table: sections under a header, and a row by its index path")
  func table() {
    let fruit = Section(rows: [Row(ElementOfLabel(props: "Apple"))])
    let vegetables = Section(rows: [Row(ElementOfLabel(props: "Leek"))])
    // Doc: Table (Table.swift)
    var table = Table(sections: [fruit, vegetables])
    table.tableHeaderView = TableHeaderView(ElementOfLabel(props: "Groceries"))
    let first = table[IndexPath(row: 0, section: 0)]
    // END
    #expect(first == Row(ElementOfLabel(props: "Apple")))
    expectScreen(
      render(table, width: 12, height: 4), [" Groceries", " Apple", " ───────────", " Leek"])
  }

  @Test("TailLoader: the section loads every page")
  func tailLoader() async {
    // Doc: TailLoader (TailLoader.swift)
    let pages = PageCursor()  // an actor that remembers where the last page ended
    var section = Section(rows: [])
    section.tailLoader = TailLoader(id: "messages") {
      try await pages.next()?.map { Row(ElementOfLabel(props: $0.subject)) }
    }
    // END
    let controller = TableModelController(table: Table(sections: [section]))
    var harness = Harness(controller, width: 12, height: 12)
    for _ in 0..<3 {
      await controller.waitForLoads()
      harness.send()
    }
    #expect(labelTexts(controller.table) == ["page 1 a", "page 1 b", "page 2 a", "page 2 b"])
  }
}

@Suite("Doc comment examples: layout, drawing and text")
struct DocRenderExampleTests {
  /// A table of `count` one-line rows.
  func numbered(_ count: Int) -> Table {
    Table(rows: (0..<count).map { Row(ElementOfLabel(props: "Row \($0)")) })
  }

  @Test("ScrollGeometry: how far a table scrolls")
  func scrollGeometry() {
    let table = numbered(100)
    let layout = TableLayout(table: table, width: 20)
    let shown = values {
      // Doc: ScrollGeometry (ScrollGeometry.swift)
      let geometry = ScrollGeometry(table: table, layout: layout, height: 24, scrollOffset: 40)
      geometry.maxScrollOffset  // the furthest the table scrolls
      // END
    }
    #expect(shown.map { $0 as? Int } == [layout.contentHeight - 24])
    #expect(layout.contentHeight > 24 + 40)
  }

  @Test("TableLayout: where a row is, and what is at a line")
  func tableLayout() {
    let table = numbered(1_000)
    // Doc: TableLayout (TableLayout.swift)
    let layout = TableLayout(table: table, width: 80)
    let line = layout.offset(of: .row(IndexPath(row: 500, section: 0)))
    let item = layout.item(atLine: 1_000)
    // END
    #expect(line == 1_000)
    #expect(item == .row(IndexPath(row: 500, section: 0)))
  }

  @Test("HeightIndex: a billion items, one measured off its estimate")
  func heightIndex() {
    let estimates = ItemEstimates(
      structure: TableStructure(numbered(1)), row: 1, header: 1, footer: 1, tableHeader: 0)
    let shown = values {
      // Doc: HeightIndex (HeightIndex.swift)
      var index = HeightIndex(count: 1_000_000_000, estimates: estimates)
      index.setHeight(3, of: 500_000_000)
      index.index(atLine: index.offset(of: 500_000_000))  // 500_000_000
      // END
    }
    #expect(shown.map { $0 as? Int } == [500_000_000])
  }

  @Test("HeightDeltas: differences added up before an item")
  func heightDeltas() {
    let shown = values {
      // Doc: HeightDeltas (HeightDeltas.swift)
      var deltas = HeightDeltas()
      deltas.set(3, of: 1_000_000)
      deltas.deltaBefore(1_000_001)  // 3
      // END
    }
    #expect(shown.map { $0 as? Int } == [3])
  }

  @Test("partitionPoint: the first value past a point of a sorted array")
  func partitionPoint() {
    let shown = values {
      // Doc: Range.partitionPoint(where:) (Range+PartitionPoint.swift)
      let starts = [0, 3, 7, 12]
      (0..<starts.count).partitionPoint { starts[$0] >= 5 }  // 2
      // END
    }
    #expect(shown.map { $0 as? Int } == [2])
    // Every value, and the ends: before everything, after everything, an empty range.
    let starts = [0, 3, 7, 12]
    for value in -1...13 {
      let expected = starts.firstIndex { $0 >= value } ?? starts.count
      #expect((0..<starts.count).partitionPoint { starts[$0] >= value } == expected)
    }
    #expect((5..<5).partitionPoint { _ in true } == 5)
  }

  @Test("ShownRows: the rows a frame drew, found by key")
  func shownRows() {
    let shown = values {
      // Doc: ShownRows (ShownRows.swift)
      var shown = ShownRows()
      shown.append(
        key: .id(RowID(7)), indexPath: IndexPath(row: 0, section: 0),
        frame: Rect(x: 0, y: 0, width: 20, height: 1))
      shown.index(of: .id(RowID(7)), from: 0)  // 0
      // END
    }
    #expect(shown.map { $0 as? Int } == [0])
    var rows = ShownRows()
    for index in 0..<4 {
      rows.append(
        key: .id(RowID(index)), indexPath: IndexPath(row: index, section: 0),
        frame: Rect(x: 0, y: index, width: 20, height: 1))
    }
    // Looked for from a start, then from the beginning; a key not there is not found.
    #expect(rows.index(of: .id(RowID(1)), from: 3) == 1)
    #expect(rows.index(of: .id(RowID(3)), from: 1) == 3)
    #expect(rows.index(of: .id(RowID(9)), from: 0) == nil)
    #expect(rows.map(\.frame.y) == [0, 1, 2, 3])
    rows.removeAll()
    #expect(rows.isEmpty)
  }

  @Test("VerifiedItems: heights by position, for one version and width")
  func verifiedItems() {
    let shown = values {
      // Doc: VerifiedItems (VerifiedItems.swift)
      var verified = VerifiedItems()
      verified.set(height: 3, row: nil, of: 1_000, version: 1, width: 80)
      verified.item(at: 1_000, version: 1, width: 80)?.height  // 3
      verified.item(at: 1_000, version: 2, width: 80)  // nil
      // END
    }
    #expect(shown.count == 2)
    #expect(shown.first.flatMap { $0 as? Int } == 3)
    #expect(shown.last.map { "\($0)" } == "nil")
  }

  @Test("DeltaRuns: neighbouring items off by the same amount share a run")
  func deltaRuns() {
    let shown = values {
      // Doc: DeltaRuns (DeltaRuns.swift)
      var runs = DeltaRuns()
      runs.set(2, at: 10)
      runs.set(2, at: 11)  // joins the run of item 10
      runs.deltaBefore(12)  // 4
      // END
    }
    #expect(shown.map { $0 as? Int } == [4])
  }

  @Test("Canvas: writing cut to a width, and at the right edge")
  func canvas() {
    let name = ElementOf<ShortName>(props: "A very long name")
    expectScreen(render(Table(rows: [Row(name)]), width: 20, height: 1), [" A very lo…"])
    let count = ElementOf<RightCount>(props: 42)
    expectScreen(render(Table(rows: [Row(count)]), width: 10, height: 1), ["     (42)"])
  }

  @Test("String.terminalWidth: wide characters take two columns")
  func terminalWidth() {
    let shown = values {
      // Doc: String.terminalWidth (Canvas+Text.swift)
      "東京".terminalWidth  // 4
      // END
    }
    #expect(shown.map { $0 as? Int } == [4])
  }

  @Test("Canvas.write(_:at:style:) draws an escape as ^[")
  func writeGlyphs() {
    var screen = Screen(width: 4, height: 1)
    let columns = screen.draw { canvas in
      // Doc: Canvas.write(_:at:style:) (Canvas.swift)
      canvas.write([Glyph("\u{1B}", width: 1)], at: .zero)  // draws ^[ and returns 2
      // END
    }
    #expect(columns == 2)
    #expect(screen.lines == ["^[  "])
  }

  @Test("Canvas.repeatCharacter: a line from the third column")
  func repeatCharacter() {
    var screen = Screen(width: 6, height: 1)
    screen.draw { canvas in
      // Doc: Canvas.repeatCharacter(_:at:width:style:) (Canvas.swift)
      canvas.repeatCharacter("─", at: Point(x: 2, y: 0), width: canvas.size.width - 2)
      // END
    }
    #expect(screen.lines == ["  ────"])
  }

  @Test("Cell: a wide character, and a marker")
  func cells() {
    let shown = values {
      // Doc: Cell (Cell.swift)
      let cell = Cell("日", width: 2, style: Style(attributes: .bold))
      cell.character  // "日"
      // END
    }
    #expect(shown.map { $0 as? Character } == ["日"])
    // Doc: Cell.init(_:width:style:) (Cell.swift)
    let marker = Cell(">", style: Style(attributes: .reverse))
    // END
    #expect(marker.width == 1 && marker.style.attributes == .reverse)
  }

  @Test("Rect: the bottom line of a 80 × 24 screen")
  func rect() {
    // Doc: Rect (Geometry.swift)
    let status = Rect(x: 0, y: 23, width: 80, height: 1)
    // END
    #expect(status.maxY == 24)
  }

  @Test("Screen: rendering a table, writing text, its size and looks")
  func screens() {
    let rendered = values {
      // Doc: Screen.render(_:scrollOffset:selection:tick:glyphs:) (Screen+Table.swift)
      let table = Table(rows: ["Apple", "Pear"].map { Row(ElementOfLabel(props: $0)) })
      var screen = Screen(width: 10, height: 3)
      screen.render(table)
      screen.lines  // [" Apple    ", " ─────────", " Pear     "]
      // END
    }
    #expect(rendered.last as? [String] == [" Apple    ", " ─────────", " Pear     "])
    let written = values {
      // Doc: Screen (Screen.swift)
      var screen = Screen(width: 10, height: 1)
      screen.draw { $0.write("hello", at: .zero) }
      screen.lines  // ["hello     "]
      // END
    }
    #expect(written.last as? [String] == ["hello     "])
    let size = values {
      // Doc: Screen.init(width:height:) (Screen.swift)
      Screen(width: 80, height: -1).size  // Size(width: 80, height: 0)
      // END
    }
    #expect(size.map { $0 as? Size } == [Size(width: 80, height: 0)])
    let looks = values {
      // Doc: Screen.style(atX:y:) (Screen.swift)
      var screen = Screen(width: 4, height: 1)
      screen.draw { $0.write("Hi", at: .zero, style: Style(attributes: .bold)) }
      screen.style(atX: 0, y: 0).attributes  // .bold
      // END
    }
    #expect(looks.last as? TextAttributes == .bold)
  }

  @Test("TablePainter: paints a table into a screen")
  func tablePainter() {
    let table = numbered(3)
    // Doc: TablePainter (TablePainter.swift)
    var layout = TableLayout(table: table, width: 40)
    var screen = Screen(width: 40, height: 10)
    screen.draw { canvas in
      TablePainter.paint(&layout, scrollOffset: 0, in: &canvas)
    }
    print(screen.lines.joined(separator: "\n"))
    // END
    #expect(screen.lines[4].hasPrefix(" Row 2 "))
  }

  @Test("DisplayText: escapes are shown; widths count columns")
  func displayText() {
    let lines = values {
      // Doc: DisplayText (DisplayText.swift)
      DisplayText.lines(of: "a\u{1B}[31mb\nc").map { String($0.map(\.character)) }
      // ["a^[[31mb", "c"]
      // END
    }
    #expect(lines.map { $0 as? [String] } == [["a^[[31mb", "c"]])
    let widths = values {
      // Doc: DisplayText.width(of:) (DisplayText.swift)
      DisplayText.width(of: "日本")  // 4
      DisplayText.width(of: "कि")  // 2
      // END
    }
    #expect(widths.map { $0 as? Int } == [4, 2])
  }

  @Test("Glyph, GlyphSet: glyph widths, a marker, an ellipsis of one's own")
  func glyphs() {
    let widths = values {
      // Doc: Glyph (Glyph.swift)
      DisplayText.singleLine(of: "日a").map(\.width)  // [2, 1]
      // END
    }
    #expect(widths.map { $0 as? [Int] } == [[2, 1]])
    // Doc: Glyph.init(_:width:isReplacement:continuesCluster:) (Glyph.swift)
    let marker = Glyph("»", width: 1)
    // END
    #expect(!marker.isReplacement)
    // Doc: GlyphSet (Glyph.swift)
    var glyphs = GlyphSet.unicode
    glyphs.ellipsis = "»"
    // END
    let label = ElementOfLabel(props: "abcdef").styles { $0.numberOfLines = 1 }
    let screen = render(Table(rows: [Row(label)]), width: 5, height: 1, glyphs: glyphs)
    expectScreen(screen, [" ab»"])
  }

  @Test("TextLayout: wrapping between words, and cutting a wide character")
  func textLayout() {
    // Doc: TextLayout (TextLayout.swift)
    let lines = TextLayout.lines(of: "the quick brown fox", width: 9)
    // "the quick", "brown fox"
    // END
    #expect(lines.map { String($0.map(\.character)) } == ["the quick", "brown fox"])
    let cut = values {
      // Doc: TextLayout.truncate(_:width:ellipsis:) (TextLayout.swift)
      TextLayout.truncate(DisplayText.singleLine(of: "東京"), width: 1)  // "…"
      // END
    }
    #expect(cut.map { ($0 as? [Glyph]).map { String($0.map(\.character)) } } == ["…"])
  }

  @Test("Modifiers and accessories")
  func modifiersAndAccessories() {
    do {
      // Doc: RowAccessory (RowAccessory.swift)
      let settings = Row(ElementOfLabel(props: "Settings"), accessory: .disclosureIndicator)
      let english = Row(ElementOfLabel(props: "English"), accessory: .checkmark)
      // END
      expectScreen(
        render(Table(rows: [settings, english]), width: 14, height: 3),
        [" Settings   › ", " ─────────────", " English    ✓ "])
    }
    do {
      // Doc: ElementAlignment (Frame.swift)
      let corner = ElementAlignment(horizontal: .trailing, vertical: .bottom)
      let version = ElementOfLabel(props: "v1.0").aligned(corner)
      // END
      expectScreen(render(Table(rows: [Row(version)]), width: 8, height: 1), ["   v1.0"])
    }
    do {
      // Doc: Framed (Frame.swift)
      let badge = ElementOfLabel(props: "AL").frame(width: 4, alignment: .center).styles {
        $0 = Style(foreground: .white, background: .blue, monochrome: .reverse)
      }
      // END
      #expect(badge.preferredWidth == 4)
    }
    do {
      // Doc: ElementRepresentable.frame(width:height:alignment:) (Frame.swift)
      let count = ElementOfLabel(props: "3").frame(width: 4, alignment: .trailing)
      let row = Row(HorizontalStack(spacing: 1, count, ElementOfLabel(props: "Inbox")))
      // END
      expectScreen(render(Table(rows: [row]), width: 12, height: 1), ["    3 Inbox"])
    }
    do {
      // Doc: ElementRepresentable.padding(_:) (Frame.swift)
      let padded = ElementOfLabel(props: "Note").padding(.each(vertical: 1, horizontal: 2))
      let boxed = ElementOfLabel(props: "Note").padding(1)
      // END
      #expect(padded.height(forWidth: 10) == 3)
      #expect(boxed.preferredWidth == 6)
    }
    do {
      // Doc: ElementRepresentable.aligned(_:) (Frame.swift)
      let title = ElementOfLabel(props: "Welcome").aligned(.center)
      // END
      expectScreen(render(Table(rows: [Row(title)]), width: 11, height: 1), ["  Welcome"])
    }
  }

  @Test("Whether a field is being edited")
  @MainActor
  func isEditing() {
    // Doc: TableModelController.isEditing (TableModelController+Editing.swift)
    let form = TableModelController()
    form.status = { [weak form] in form?.isEditing == true ? "Enter saves" : "Enter edits" }
    // END
    form.table = Table(rows: [Row(ElementOfTextField(props: TextFieldProps(text: "a")), id: "f")])
    var frame = Screen(width: 20, height: 2)
    form.render(into: &frame)
    #expect(frame.lines[1].hasPrefix(" Enter edits"))
    form.handle(.key(.enter))
    form.render(into: &frame)
    #expect(form.isEditing)
    #expect(frame.lines[1].hasPrefix(" Enter saves"))
  }
}
