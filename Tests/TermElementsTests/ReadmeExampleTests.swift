import Foundation
import Observation
import Testing

@testable import TermElements

// The README's examples, compiled and checked here. `readmeSnippetsAreTested` keeps the two in
// step: every Swift block of the README must appear in this file word for word.

// README: custom element
enum UnreadBadge: ElementView {
  static func height(of count: Int, styles: Style, width: Int) -> Int { 1 }

  static func preferredWidth(of count: Int, styles: Style) -> Int? {
    String(count).count + 2
  }

  static func draw(_ count: Int, styles: Style, in canvas: inout Canvas) {
    canvas.write(" \(count) ", at: .zero, style: styles)
  }
}
// END

// README: controller
final class FruitList: TableModelController {
  override func setupTable() {
    table = Table(rows: ["Apple", "Pear", "Plum"].map { Row(ElementOfLabel(props: $0)) })
  }

  override func statusText() -> String { "Fruit" }
}

// In an async main on the main actor:
// try await CursesApplication.run(FruitList())
// END

/// A README log entry.
struct LogEntry: Sendable {
  let number: Int

  /// The entry's row, identified by its number.
  var row: Row {
    Row(ElementOfLabel(props: "e\(number)"), id: RowID(number), separatorStyle: .none)
  }
}

/// The README's log entries 1…`count`, four to a page either side of an entry.
actor Entries {
  let count: Int

  init(count: Int) { self.count = count }

  /// The entries before entry `number`, or the last ones for `nil`.
  func page(before number: Int?) throws -> [LogEntry]? {
    let last = (number ?? count + 1) - 1
    guard last >= 1 else { return nil }
    return (max(1, last - 3)...last).map(LogEntry.init)
  }

  /// The entries after entry `number`, or the first ones for `nil`.
  func page(after number: Int?) throws -> [LogEntry]? {
    let first = (number ?? 0) + 1
    guard first <= count else { return nil }
    return (first...min(count, first + 3)).map(LogEntry.init)
  }
}

/// The README's page source: three pages of one row, then nothing.
@MainActor
var readmePagesServed = 0

/// The README's page fetch.
@MainActor
func fetchNextPage() async -> [Row] {
  readmePagesServed += 1
  return readmePagesServed <= 3 ? [Row(ElementOfLabel(props: "page \(readmePagesServed)"))] : []
}

// README: recipe
final class Feed: TableModelController {
  var isLoading = false

  override func setupTable() {
    let loading = Row(ElementOfActivityIndicator(), tag: "loading", isUserInteractionEnabled: false)
    table = Table(sections: [Section(rows: []), Section(rows: [loading])])
  }

  override func willDisplay(row: Row, at indexPath: IndexPath) {
    guard row.tag == "loading", !isLoading else { return }
    isLoading = true
    Task {
      let rows = await fetchNextPage()
      if rows.isEmpty {
        table.sections.removeLast()
      } else {
        table.sections[0].rows.append(contentsOf: rows)
      }
      reloadData()
      isLoading = false
    }
  }
}
// END

// README: identity
struct Contact: Sendable {
  let id: Int
  let name: String
}

func contactsTable(_ contacts: [Contact]) -> Table {
  Table(rows: contacts.map { Row(ElementOfLabel(props: $0.name), id: RowID($0.id)) })
}
// END

// README: live data
struct Person: Identifiable, Sendable {
  let id: Int
  let name: String
}

@MainActor
@Observable
final class PeopleViewModel {
  var people: [Person] = []

  func reload() async throws {
    try await Task.sleep(for: .milliseconds(300))
    people = [Person(id: 1, name: "Ada Lovelace"), Person(id: 2, name: "Grace Hopper")]
  }
}

@MainActor
func peopleList(_ viewModel: PeopleViewModel) -> TableModelController {
  let list = TableModelController(title: "People") {
    Table(header: "Everyone in the directory") {
      Section(id: "people", stream: Observations { viewModel.people }) { person in
        Row(ElementOfLabel(props: person.name))
      } onSelect: { context, _, person in
        context.navigator?.push(personDetails(person))
      }
    }
  }
  list.onRefresh(initialRefresh: true) { try await viewModel.reload() }
  return list
}

@MainActor
func personDetails(_ person: Person) -> TableModelController {
  TableModelController(title: person.name) {
    Table { Section(header: "Contact") { "Name: \(person.name)" } }
  }
}

// try await CursesApplication.run(peopleList(PeopleViewModel()))
// END

// README: store
@MainActor
func counterScreen() -> TableModelController {
  let store = Store(state: 0) { (count: inout Int, step: Int) in count += step }
  let connection = Connection(
    store: store, mapStateToProps: { $0 },
    mapDispatchToActions: { dispatch in { dispatch(1) } })
  let counter = TableModelController(
    title: { "Count: \(connection.props)" },
    makeTable: {
      Table {
        Section { ElementOfButtonWithAction(props: ("Add one", { connection.actions() })) }
      }
    })
  counter.connect(connection)
  return counter
}
// END

// README: bound fields
@MainActor
@Observable
final class Credentials {
  var email = ""
  var password = ""
}

@MainActor
func signInForm(_ credentials: Credentials) -> TableModelController {
  TableModelController(title: "Sign in") {
    Table {
      Section {
        Row(field: \.email, of: credentials, placeholder: "email")
        Row(field: \.password, of: credentials, placeholder: "password", isSecure: true)
      }
    }
  }
}
// END

/// A post in the README's feed.
struct Post: Sendable {
  let title: String
}

/// The README's paginated source.
actor Pages {
  /// Pages served so far.
  private var served = 0

  /// The next page of two posts, or `nil` after three pages; a real source would throw.
  func next() throws -> [Post]? {
    served += 1
    return served <= 3 ? [Post(title: "post \(served)a"), Post(title: "post \(served)b")] : nil
  }
}

@Suite("README examples")
struct ReadmeExampleTests {
  @Test("The basic table example draws what the README shows")
  func basicTable() {
    // README: basic table
    var fruit = Section(rows: ["Apple", "Pear", "Plum"].map { Row(ElementOfLabel(props: $0)) })
    fruit.header = SectionHeader(ElementOfLabel(props: "Fruit"))
    fruit.footer = SectionFooter(ElementOfLabel(props: "3 kinds"))

    var table = Table(sections: [fruit])
    table.tableHeaderView = TableHeaderView(ElementOfLabel(props: "Groceries"))

    var screen = Screen(width: 20, height: 9)
    screen.render(table)
    print(screen.lines.joined(separator: "\n"))
    // END
    expectScreen(
      screen,
      [
        " Groceries",
        " Fruit",
        " Apple",
        " ───────────────────",
        " Pear",
        " ───────────────────",
        " Plum",
        " 3 kinds",
        "",
      ])
  }

  @Test("The builder form of the basic table draws the same screen")
  func builderTable() {
    // README: builders
    let groceries = Table(header: "Groceries") {
      Section(header: "Fruit", footer: "3 kinds") {
        "Apple"
        "Pear"
        "Plum"
      }
    }
    // END
    var screen = Screen(width: 20, height: 9)
    screen.render(groceries)
    expectScreen(
      screen,
      [
        " Groceries", " Fruit", " Apple", " ───────────────────", " Pear",
        " ───────────────────", " Plum", " 3 kinds", "",
      ])
  }

  @MainActor
  @Test("The live-data example loads people, pushes details and counts with a store")
  func liveDataExample() async throws {
    let viewModel = PeopleViewModel()
    let stack = NavigationStack(root: peopleList(viewModel))
    var screen = Screen(width: 30, height: 6)
    stack.render(into: &screen)
    #expect(stack.top.isRefreshing)
    for _ in 0..<500 where !screen.lines.joined().contains("Grace") {
      try await Task.sleep(for: .milliseconds(10))
      stack.render(into: &screen)
    }
    expectScreen(
      screen,
      [
        " People", " Everyone in the directory", " Ada Lovelace", " ─────────────────────────────",
        " Grace Hopper", "                          1/2",
      ])
    stack.handle(.key(.enter))
    stack.render(into: &screen)
    #expect(screen.lines[0].hasPrefix(" People › Ada Lovelace"))
    let counter = NavigationStack(root: counterScreen())
    counter.render(into: &screen)
    counter.handle(.key(.enter))
    counter.handle(.key(.enter))
    for _ in 0..<20 { await Task.yield() }
    counter.render(into: &screen)
    #expect(screen.lines[0].hasPrefix(" Count: 2"))
  }

  @Test("The custom element example draws a badge beside a name")
  func customElement() {
    // README: custom element row
    let row = Row(
      HorizontalStack(
        spacing: 1,
        ElementOf<UnreadBadge>(props: 3).styles { $0.attributes = .reverse },
        ElementOfLabel(props: "Inbox")))
    // END
    let screen = render(Table(rows: [row]), width: 12, height: 1)
    expectScreen(screen, ["  3  Inbox"])
    #expect(screen[1, 0].style.attributes == .reverse)
  }

  @MainActor
  @Test("The testing example's assertion holds")
  func testingExample() {
    // README: testing
    let table = Table(rows: (1...3).map { Row(ElementOfLabel(props: "Item \($0)")) })
    var screen = Screen(width: 12, height: 3)
    screen.render(table, scrollOffset: 2)
    #expect(screen.lines == [" Item 2     ", " ───────────", " Item 3     "])
    // END
    // README: testing a controller
    let controller = TableModelController(table: table)
    var frame = Screen(width: 12, height: 4)
    controller.render(into: &frame)
    controller.handle(.key(.down))
    controller.render(into: &frame)
    #expect(frame.lines.last == "        2/3 ")
    // END
  }

  @MainActor
  @Test("The identity example keeps the selection on the same contact")
  func identityExample() {
    let controller = TableModelController(
      table: contactsTable([Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace")]))
    var screen = Screen(width: 12, height: 4)
    controller.render(into: &screen)
    controller.handle(.key(.down))
    controller.table = contactsTable([
      Contact(id: 3, name: "Alan"), Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace"),
    ])
    controller.render(into: &screen)
    #expect(controller.selection == IndexPath(row: 2, section: 0))
    #expect(screen.lines.last == "        3/3 ")
  }

  @MainActor
  @Test("The navigation example pushes a screen; the key map example adds a key")
  func navigationExample() {
    // README: navigation
    let people = TableModelController(title: "People") {
      Table(rows: ["Ada", "Grace"].map { Row(ElementOfLabel(props: $0), id: RowID($0)) })
    }
    people.onSelect = { [weak people] row, _ in
      let name = row.id?.description ?? "?"
      let greeting = Table(rows: [Row(ElementOfLabel(props: "Hello, \(name)"))])
      people?.navigator?.push(TableModelController(title: name, table: greeting))
    }
    // try await CursesApplication.run(NavigationStack(root: people))
    // END
    // README: key map
    people.keyMap.bind(
      .character("n"),
      to: KeyCommand("Add a person") { screen in
        screen.table.sections[0].rows.append(Row(ElementOfLabel(props: "New"), id: "new"))
      })
    // END
    let stack = NavigationStack(root: people)
    var screen = Screen(width: 20, height: 5)
    stack.render(into: &screen)
    stack.handle(.key(.character("n")))
    stack.handle(.key(.down))
    stack.handle(.key(.enter))
    stack.render(into: &screen)
    expectScreen(screen, [" People › Grace", " Hello, Grace", "", "", "                1/1"])
    stack.handle(.key(.escape))
    stack.handle(.key(.character("?")))
    var help = Screen(width: 40, height: 20)
    stack.render(into: &help)
    #expect(help.lines.contains { $0.hasPrefix(" n ") && $0.contains("Add a person") })
  }

  @Test("The lazy section and styled label examples build what they say")
  func lazySectionAndStyles() {
    // README: millions of rows
    let log = Section(id: "log", count: 10_000_000) { index in
      Row(ElementOfLabel(props: "Entry \(index)"), id: RowID(index))
    }
    // END
    #expect(log.rows.count == 10_000_000)
    #expect(log.rows[123].id == 123)
    // README: styles
    let title = ElementOfLabel(props: "Yay!").styles {
      $0.style = Style(foreground: .brightWhite, attributes: .bold)
      $0.alignment = .center
      $0.numberOfLines = 1
    }
    // END
    let screen = render(Table(rows: [Row(title, layoutMargins: .zero)]), width: 8, height: 1)
    expectScreen(screen, ["  Yay!"])
    #expect(screen[2, 0].style == Style(foreground: .brightWhite, attributes: .bold))
  }

  @MainActor
  @Test("The controller example shows its rows and status")
  func controllerExample() {
    let harness = Harness(FruitList(), width: 12, height: 4)
    expectFrame(harness, [" Apple", " ───────────", " Pear", " Fruit  1/3"])
  }

  @MainActor
  @Test("The ViewElements recipe loads pages until one comes back empty")
  func recipeExample() async {
    let controller = Feed()
    var harness = Harness(controller, width: 12, height: 8)
    for _ in 0..<20 where controller.table.sections.count == 2 {
      await Task.yield()
      harness.send()
    }
    #expect(readmePagesServed == 4)
    expectFrame(
      harness.send(),
      [" page 1", " ───────────", " page 2", " ───────────", " page 3", "", "", "        1/3"])
  }

  @MainActor
  @Test("The first-class loader example loads every page once, in order")
  func loaderExample() async {
    let pages = Pages()
    // README: loader
    var section = Section(rows: [])
    section.tailLoader = TailLoader(id: "feed") {
      try await pages.next()?.map { Row(ElementOfLabel(props: $0.title)) }
    }
    // END
    let controller = TableModelController(table: Table(sections: [section]))
    var harness = Harness(controller, width: 10, height: 9)
    for _ in 0..<4 {
      await controller.waitForLoads()
      harness.send()
    }
    #expect(
      labels(controller) == ["post 1a", "post 1b", "post 2a", "post 2b", "post 3a", "post 3b"])
  }

  @MainActor
  @Test("The both-directions example loads earlier and later entries around a jump")
  func bothDirectionsExample() async throws {
    let entries = Entries(count: 30)
    let controller = TableModelController(table: Table(sections: [Section(rows: [])]))
    var harness = Harness(controller, width: 10, height: 5)
    // README: both directions
    var log = Section(rows: [])
    log.headLoader = HeadLoader(id: "older") { first in
      try await entries.page(before: first?.id?.number)?.map(\.row)
    }
    log.tailLoader = TailLoader(id: "newer") { last in
      try await entries.page(after: last?.id?.number)?.map(\.row)
    }
    log.loadedRowLimit = 2_000
    // END
    controller.table = Table(sections: [log])
    // README: jump to the end
    let lastPage = try await entries.page(before: nil)?.map(\.row) ?? []
    controller.reset(section: 0, rows: lastPage, selecting: lastPage.count - 1, at: .bottom)
    // END
    expectFrame(harness.send(), [" e27", " e28", " e29", " e30", "      4/4"])
    for _ in 0..<10 {
      await controller.waitForLoads()
      harness.send()
    }
    #expect(labels(controller) == (15...30).map { "e\($0)" })
    #expect(harness.statusLine.hasSuffix("16/16 "))
  }

  @Test("The bound-field example writes what is typed into the model, the password masked")
  @MainActor
  func boundFields() {
    let credentials = Credentials()
    let screen = signInForm(credentials)
    var frame = Screen(width: 16, height: 4)
    screen.render(into: &frame)
    for key: Key in [.enter, .character("a"), .enter, .down, .enter, .character("b"), .enter] {
      screen.handle(.key(key))
    }
    screen.render(into: &frame)
    #expect(credentials.email == "a")
    #expect(credentials.password == "b")
    #expect(
      frame.lines == [
        " a              ", " ───────────────", " •              ", "            2/2 ",
      ])
  }

  @Test("The modifier example draws a badge beside a name, a disclosure mark at the end")
  func modifiers() {
    // README: modifiers
    let initials = ElementOfLabel(props: "AL").frame(width: 4, alignment: .center).styles {
      $0 = Style(foreground: .white, background: .blue, monochrome: .reverse)
    }
    let person = Row(
      HorizontalStack(spacing: 1, initials, ElementOfLabel(props: "Ada Lovelace")),
      accessory: .disclosureIndicator)
    // END
    var screen = Screen(width: 24, height: 1)
    screen.render(Table(rows: [person]))
    #expect(screen.lines == ["  AL  Ada Lovelace    › "])
    #expect(screen[1, 0].style.background == .blue)
  }

  @Test("Every line of the README's Swift examples is compiled in this file")
  func readmeSnippetsAreTested() throws {
    let here = URL(fileURLWithPath: #filePath)
    let readme = here.deletingLastPathComponent().appendingPathComponent("../../README.md")
    let documentation = try String(contentsOf: readme, encoding: .utf8)
    // The records browser's example is compiled with the records module's tests.
    let records = here.deletingLastPathComponent().appendingPathComponent(
      "../TermElementsRecordsTests/BrowsingArticleTests.swift")
    let compiled = Set(
      try [here, records].flatMap { file in
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(trimmed)
      })
    let blocks = documentation.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```")[0] }
    #expect(blocks.count >= 3)
    for block in blocks {
      let missing = block.split(separator: "\n").map(trimmed)
        .filter {
          !$0.isEmpty && !$0.hasPrefix("import ") && $0 != "@main" && !compiled.contains($0)
        }
      #expect(missing.isEmpty, "README lines not compiled in ReadmeExampleTests.swift: \(missing)")
    }
  }
}

/// A line without the spaces around it.
private func trimmed(_ line: Substring) -> String {
  line.trimmingCharacters(in: .whitespaces)
}
