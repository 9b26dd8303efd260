import Foundation
import Observation
import Testing

@testable import TermElements

// The examples of the doc comments of the live-data layer and the declarative builders,
// compiled and checked here, word for word between `// Doc:` and `// END`, as in
// DocExampleTests.swift.

// Doc: Row.init(field:of:placeholder:isSecure:id:onCommit:) (TextField+Binding.swift)
@MainActor
@Observable
final class Account {
  var email = ""
  var password = ""
}
// END

// Doc: TableModelController.init(title:makeTable:) (TableModelController.swift)
@MainActor
@Observable
final class Mailbox {
  var subjects = ["Welcome"]
}
// END

// Doc: TableModelController.init(title:makeTable:) with a title (TableModelController.swift)
@MainActor
@Observable
final class Chores {
  var open = 3
}
// END

// Doc: RowIDRepresentable (RowIDRepresentable.swift)
extension UUID: RowIDRepresentable {
  public var rowID: RowID { RowID(uuidString) }
}
// END

@MainActor
@Suite("Doc comment examples: live data and builders")
struct DocExampleLiveDataTests {
  @Test("Stores and connections")
  func storesAndConnections() {
    // Doc: Connection (Connection.swift)
    struct Props: Equatable { var count: Int }
    let store = Store(state: 0) { (count: inout Int, step: Int) in count += step }
    let connection = Connection(
      store: store, mapStateToProps: { Props(count: $0) },
      mapDispatchToActions: { dispatch in { dispatch(1) } })
    connection.connect()
    connection.actions()  // props.count is now 1
    // END
    #expect(connection.props.count == 1)
  }

  @Test("A store changed by actions")
  func store() {
    // Doc: Store (Store.swift)
    enum CounterAction { case increment, reset }
    let store = Store(state: 0) { (count: inout Int, action: CounterAction) in
      switch action {
      case .increment: count += 1
      case .reset: count = 0
      }
    }
    store.dispatch(.increment)
    // END
    #expect(store.state == 1)
  }

  @Test("A screen connected while shown, with a title from its props")
  func connect() {
    // Doc: TableModelController.connect(_:) (TableModelController+LiveData.swift)
    let store = Store(state: 0) { count, step in count += step }
    let counter = Connection(
      store: store, mapStateToProps: { $0 }, mapDispatchToActions: { dispatch in { dispatch(1) } })
    let screen = TableModelController(
      title: { "Count \(counter.props)" }, makeTable: { Table() })
    screen.connect(counter)
    // END
    var frame = Screen(width: 12, height: 2)
    let stack = NavigationStack(root: screen)
    stack.render(into: &frame)
    #expect(counter.isConnected)
    #expect(frame.lines[0].hasPrefix(" Count 0"))
  }

  @Test("A refresh on the first appearance")
  func refresh() async {
    // Doc: TableModelController.onRefresh(initialRefresh:_:) (TableModelController+LiveData.swift)
    let screen = TableModelController(title: "Users")
    screen.onRefresh(initialRefresh: true) { try await Task.sleep(for: .milliseconds(10)) }
    // END
    var frame = Screen(width: 12, height: 2)
    screen.render(into: &frame)
    #expect(screen.isRefreshing)
  }

  @Test("Screens built from observable models")
  func observedScreens() {
    // Doc: TableModelController.init(title:makeTable:) use (TableModelController.swift)
    let inbox = Mailbox()
    let screen = TableModelController(title: "Inbox") {
      Table { Section { ForEach(inbox.subjects, id: \.self) { Row(ElementOfLabel(props: $0)) } } }
    }
    // END
    // Doc: TableModelController.init(title:makeTable:) with a title, use (TableModelController.swift)
    let todos = Chores()
    let titled = TableModelController(
      title: { "To-do (\(todos.open) open)" }, makeTable: { Table() })
    // END
    #expect(screen.table.rowCount == 1)
    #expect(titled.title == "To-do (3 open)")
  }

  @Test("ForEach with onSelect")
  func forEach() {
    // Doc: ForEach (ForEach.swift)
    let names = ["Ada", "Grace"]
    let section = Section(header: "People") {
      ForEach(names, id: \.self) { name in Row(ElementOfLabel(props: name)) }
        .onSelect { context, indexPath, name in
          context.navigator?.push(TableModelController(title: name))
        }
    }
    // END
    #expect(section.rows.map(\.id) == ["Ada", "Grace"])
  }

  @Test("Rows and sections from builders")
  func builders() {
    // Doc: RowsBuilder (RowBuilder.swift)
    let showDone = true
    let section = Section(header: "Today") {
      "Buy milk"
      Row(ElementOfLabel(props: "Call Ada"), id: "call")
      if showDone { "Done: water the plants" }
      for hour in 9...11 { "\(hour):00 free" }
    }
    // END
    #expect(section.rows.count == 6)
    // Doc: SectionsBuilder (RowBuilder.swift)
    let table = Table(header: "Groceries") {
      Section(header: "Fruit", footer: "2 kinds") {
        "Apple"
        "Pear"
      }
      Section(header: "Bread") { "Rye" }
    }
    // END
    #expect(table.rowCount == 3)
    // Doc: Section.init(id:header:footer:rows:) (Section+Builders.swift)
    let fruit = Section(header: "Fruit", footer: "3 kinds") {
      "Apple"
      "Pear"
      "Plum"
    }
    // END
    #expect(fruit.rows.count == 3)
    // Doc: Table.init(header:sections:) (Section+Builders.swift)
    let groceries = Table(header: "Groceries") {
      Section(header: "Fruit") {
        "Apple"
        "Pear"
      }
    }
    // END
    #expect(groceries.tableHeaderView != nil)
  }

  @Test("Sections bound to streams")
  func streams() {
    // Doc: RowStream (RowStream.swift)
    let names = AsyncStream<[String]> { continuation in
      continuation.yield(["Ada", "Grace"])
      continuation.finish()
    }
    let section = Section(id: "people", stream: names, itemID: \.self) { name in
      Row(ElementOfLabel(props: name))
    }
    // END
    // Doc: Section.init(id:header:footer:stream:itemID:row:onSelect:) (RowStream.swift)
    let users = AsyncStream<[String]> { $0.yield(["Ada"]) }
    let listed = Section(id: "users", header: "Users", stream: users, itemID: \.self) { name in
      Row(ElementOfLabel(props: name))
    }
    // END
    // Doc: Section.init(id:header:footer:stream:itemID:row:onSelect:), onSelect (RowStream.swift)
    let greetings = AsyncStream<[String]> { $0.yield(["Ada", "Grace"]) }
    let people = Section(id: "people", stream: greetings, itemID: \.self) { name in
      Row(ElementOfLabel(props: name))
    } onSelect: { context, _, name in
      context.navigator?.push(TableModelController(title: name))
    }
    // END
    #expect(section.stream?.id == "people")
    #expect(listed.header != nil)
    #expect(people.stream?.id == "people")
  }

  @Test("Fields bound to an observable model")
  func boundFields() {
    // Doc: Row.init(field:of:placeholder:isSecure:id:onCommit:) (TextField+Binding.swift)
    let account = Account()
    let signIn = TableModelController(title: "Sign in") {
      Table {
        Section {
          Row(field: \.email, of: account, placeholder: "email")
          Row(field: \.password, of: account, placeholder: "password", isSecure: true)
        }
      }
    }
    // END
    var frame = Screen(width: 20, height: 3)
    signIn.render(into: &frame)
    signIn.handle(.key(.enter))
    signIn.handle(.key(.character("a")))
    #expect(account.email == "a")
  }

  @Test("A section bound to a stream of Identifiable items")
  func identifiableStream() {
    // Doc: Section.init(id:header:footer:stream:row:onSelect:) (RowStream.swift)
    struct Person: Identifiable, Sendable {
      let id: Int
      let name: String
    }
    let people = AsyncStream<[Person]> { $0.yield([Person(id: 1, name: "Ada")]) }
    let section = Section(id: "people", stream: people) { person in
      Row(ElementOfLabel(props: person.name))
    } onSelect: { context, _, person in
      context.navigator?.push(TableModelController(title: person.name))
    }
    // END
    #expect(section.stream?.id == "people")
  }

  @Test("The item behind the selected row")
  func selectedItem() {
    // Doc: TableModelController.selectedItem(in:) (TableModelController+SelectedItem.swift)
    struct Chore: Identifiable, Sendable {
      let id: Int
      let title: String
    }
    var chores = [Chore(id: 1, title: "Milk"), Chore(id: 2, title: "Eggs")]
    let screen = TableModelController {
      Table { Section { ForEach(chores) { Row(ElementOfLabel(props: $0.title)) } } }
    }
    screen.keyMap.bind(
      .character("d"),
      to: KeyCommand("Delete the selected chore") { screen in
        guard let chore = screen.selectedItem(in: chores) else { return }
        chores.removeAll { $0.id == chore.id }
      })
    // END
    var frame = Screen(width: 10, height: 3)
    screen.render(into: &frame)
    screen.handle(.key(.character("d")))
    #expect(chores.map(\.title) == ["Eggs"])
    // Doc: TableModelController.selectedItem(in:id:) (TableModelController+SelectedItem.swift)
    let names = ["Ada", "Grace"]
    let list = TableModelController {
      Table { Section { ForEach(names, id: \.self) { Row(ElementOfLabel(props: $0)) } } }
    }
    let chosen = list.selectedItem(in: names, id: \.self)  // "Ada", once a frame selected it
    // END
    #expect(chosen == nil)
    list.render(into: &frame)
    #expect(list.selectedItem(in: names, id: \.self) == "Ada")
  }

  @Test("A row chosen with a context")
  func selectAction() {
    // Doc: SelectAction (SelectAction.swift)
    let row = Row(
      ElementOfLabel(props: "Ada"),
      onSelect: SelectAction { context in
        context.navigator?.push(TableModelController(title: "Ada"))
      })
    // END
    #expect(row.onSelect != nil)
    #expect(UUID().rowID.description.count == 36)
  }
}
