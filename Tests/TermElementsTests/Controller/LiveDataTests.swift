import Observation
import Synchronization
import Testing

@testable import TermElements

/// A list of names that changes, as a view model would hold it.
@MainActor
@Observable
final class NamesModel {
  var names: [String]
  var unrelated = 0

  init(_ names: [String]) { self.names = names }
}

/// A stream the test feeds by hand, and whose end it can see.
final class FedStream: Sendable {
  let stream: AsyncThrowingStream<[String], any Error>
  let continuation: AsyncThrowingStream<[String], any Error>.Continuation
  let ended = Flag()

  init() {
    (stream, continuation) = AsyncThrowingStream.makeStream()
    continuation.onTermination = { [ended] _ in ended.set() }
  }
}

/// A flag set from any thread.
final class Flag: Sendable {
  private let value = Mutex(false)
  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}

/// Lets the tasks the controller started run.
@MainActor
func settleTasks() async {
  for _ in 0..<20 { await Task.yield() }
}

/// A to-do list's state and actions, for the store tests.
struct TodoState: Equatable {
  var items: [String] = []
  var done: Set<String> = []
  var edits = 0
}

enum TodoAction {
  case add(String)
  case toggle(String)
  case touch
}

func todoReducer(_ state: inout TodoState, _ action: TodoAction) {
  switch action {
  case .add(let item): state.items.append(item)
  case .toggle(let item):
    if state.done.contains(item) { state.done.remove(item) } else { state.done.insert(item) }
  case .touch: state.edits += 1
  }
}

@MainActor
@Suite("Live data: builders, observation, streams, stores")
struct LiveDataTests {
  @Test("Builders take rows, elements, strings, if/else, for-in, optionals and ForEach")
  func builders() {
    let extra: Row? = nil
    let showFooter = true
    let table = Table(header: "Top") {
      Section(header: "One", footer: showFooter ? "end" : nil) {
        "plain"
        ElementOfLabel(props: "element")
        Row(ElementOfLabel(props: "row"), id: "row")
        extra
        if showFooter { "shown" } else { "hidden" }
        for index in 0..<2 { "number \(index)" }
        ForEach(["x", "y"], id: \.self) { "item \($0)" }
      }
      if !showFooter { Section { "never" } }
    }
    var screen = Screen(width: 12, height: 11)
    screen.render(table)
    expectScreen(
      screen,
      [
        " Top", " One", " plain", " ───────────", " element", " ───────────", " row",
        " ───────────", " shown", " ───────────", " number 0",
      ])
    #expect(table.sections.count == 1)
    #expect(table.sections[0].rows.map(\.id) == [nil, nil, "row", nil, nil, nil, "x", "y"])
  }

  @Test("A thousand changes in one turn make one rebuild and one frame; unread ones none")
  func coalescing() async {
    let model = NamesModel((0..<100).map { "n\($0)" })
    let screen = TableModelController(title: "Names") {
      Table {
        Section {
          ForEach(model.names, id: \.self) { Row(ElementOfLabel(props: $0), separatorStyle: .none) }
        }
      }
    }
    let stack = NavigationStack(root: screen)
    var frames = 0
    stack.onNeedsDisplay = { frames += 1 }
    var frame = Screen(width: 12, height: 4)
    stack.render(into: &frame)
    #expect(screen.live.tableBuilds == 1)
    for index in 0..<1_000 { model.names[index % 100] = "m\(index)" }
    await settleTasks()
    #expect(screen.live.tableBuilds == 2)
    #expect(frames == 1)
    stack.render(into: &frame)
    expectScreen(frame, [" Names", " m900", " m901", "      1/100"])
    for _ in 0..<1_000 { model.unrelated += 1 }
    await settleTasks()
    #expect(screen.live.tableBuilds == 2)
    #expect(frames == 1)
  }

  @Test("Props that stay equal cause no rebuild; a pushed screen stops the connection below")
  func storeAndConnection() async {
    let store = Store(state: TodoState(items: ["milk", "eggs"]), reducer: todoReducer)
    let connection = Connection(
      store: store,
      mapStateToProps: { state in
        state.items.map { "\(state.done.contains($0) ? "✓" : "·") \($0)" }
      },
      mapDispatchToActions: { dispatch in
        (add: { dispatch(.add($0)) }, toggle: { dispatch(.toggle($0)) })
      })
    let screen = TableModelController(
      title: { "To-do (\(connection.props.count))" },
      makeTable: {
        Table {
          Section {
            ForEach(connection.props, id: \.self) {
              Row(ElementOfLabel(props: $0), separatorStyle: .none)
            }
          }
        }
      })
    screen.connect(connection)
    let stack = NavigationStack(root: screen)
    var frame = Screen(width: 14, height: 4)
    stack.render(into: &frame)
    #expect(connection.isConnected)
    expectScreen(frame, [" To-do (2)", " · milk", " · eggs", "          1/2"])
    // State changes that leave the props equal: no rebuild.
    for _ in 0..<50 { store.dispatch(.touch) }
    await settleTasks()
    #expect(screen.live.tableBuilds == 1)
    #expect(connection.propsChanges == 0)
    connection.actions.toggle("eggs")
    await settleTasks()
    #expect(screen.live.tableBuilds == 2)
    stack.render(into: &frame)
    expectScreen(frame, [" To-do (2)", " · milk", " ✓ eggs", "          1/2"])
    // Covered, the screen stops following the store; uncovered, it catches up once.
    stack.push(TableModelController(title: "Detail"))
    #expect(!connection.isConnected)
    connection.actions.add("bread")
    connection.actions.add("jam")
    await settleTasks()
    #expect(screen.live.tableBuilds == 2)
    stack.pop()
    #expect(connection.isConnected)
    await settleTasks()
    #expect(screen.live.tableBuilds == 3)
    stack.render(into: &frame)
    expectScreen(frame, [" To-do (4)", " · milk", " ✓ eggs", "          1/4"])
  }

  @Test("A stream re-emitting a reordered array keeps the selection on the same item")
  func streamIdentity() async {
    let fed = FedStream()
    let screen = TableModelController(
      table: Table(sections: [
        Section(id: "names", stream: fed.stream, itemID: \.self) {
          Row(ElementOfLabel(props: $0), separatorStyle: .none)
        }
      ]))
    var harness = Harness(screen, width: 10, height: 5)
    fed.continuation.yield(["a", "b", "c"])
    await settleTasks()
    harness.send()
    harness.press(.down)
    expectFrame(harness, [" a", " b", " c", "", "      2/3"])
    fed.continuation.yield(["c", "a", "d", "b"])
    await settleTasks()
    expectFrame(harness.send(), [" c", " a", " d", " b", "      4/4"])
    #expect(screen.selection == row(3))
    fed.continuation.finish(throwing: PageError(message: "connection lost"))
    await settleTasks()
    expectFrame(harness.send(), [" c", " a", " d", " b", "      4/4"])
    harness.press(.end)
    #expect(harness.tableLines.contains { $0.hasPrefix(" ⚠") }, "\(harness.screen.lines)")
  }

  @Test("A stream section's onSelect hears the chosen item and its index path")
  func streamOnSelect() async {
    let fed = FedStream()
    var chosen: [String] = []
    let screen = TableModelController(
      table: Table(sections: [
        Section(header: "Other") { "x" },
        Section(id: "names", stream: fed.stream, itemID: \.self) {
          Row(ElementOfLabel(props: $0), separatorStyle: .none)
        } onSelect: { context, indexPath, name in
          chosen.append(
            "\(name) at \(indexPath.section).\(indexPath.row) of \(context.screen.title)")
        },
      ]))
    screen.title = "Names"
    var harness = Harness(screen, width: 12, height: 6)
    fed.continuation.yield(["a", "b"])
    await settleTasks()
    harness.press(.down, .down, .enter)
    #expect(chosen == ["b at 1.1 of Names"])
    fed.continuation.yield(["b", "a"])
    await settleTasks()
    harness.press(.enter)
    #expect(chosen == ["b at 1.1 of Names", "b at 1.0 of Names"])
    #expect(screen.selectedItem(in: ["a", "b", "c"], id: \.self) == "b")
  }

  @Test("Streams stop when their screen is popped or the program quits; the model goes too")
  func cancellation() async {
    weak var released: NamesModel?
    let root = TableModelController(title: "Root")
    let stack = NavigationStack(root: root)
    var frame = Screen(width: 10, height: 4)
    stack.render(into: &frame)
    let popped = FedStream()
    do {
      let model = NamesModel(["a"])
      released = model
      let detail = TableModelController(title: "Detail") {
        Table(sections: [
          Section(id: "live", stream: popped.stream, itemID: \.self) { [model] name in
            Row(ElementOfLabel(props: name + model.names[0]), separatorStyle: .none)
          }
        ])
      }
      stack.push(detail)
      stack.render(into: &frame)
    }
    popped.continuation.yield(["x"])
    await settleTasks()
    stack.render(into: &frame)
    expectScreen(frame, [" … Detail", " xa", "", "      1/1"])
    #expect(released != nil)
    stack.pop()
    await settleTasks()
    #expect(popped.ended.isSet)
    #expect(released == nil)
    // Quitting stops the streams of the screen shown.
    let quitting = FedStream()
    stack.push(
      TableModelController(
        table: Table(sections: [
          Section(id: "q", stream: quitting.stream, itemID: \.self) {
            Row(ElementOfLabel(props: $0), separatorStyle: .none)
          }
        ])))
    stack.render(into: &frame)
    stack.finish()
    await settleTasks()
    #expect(quitting.ended.isSet)
  }

  @Test("Refresh runs first and on its key; a spinner shows; an error keeps the rows")
  func refresh() async {
    let model = NamesModel(["old"])
    let gate = ScriptedPages()
    let screen = TableModelController(title: "Users") {
      Table {
        Section {
          ForEach(model.names, id: \.self) { Row(ElementOfLabel(props: $0), separatorStyle: .none) }
        }
      }
    }
    screen.onRefresh(initialRefresh: true) {
      if let names = try await gate.next() { model.names = names.map { "\($0.tag ?? "")" } }
    }
    let stack = NavigationStack(root: screen)
    var frame = Screen(width: 16, height: 3)
    stack.render(into: &frame)
    await gate.waitForRequest()
    stack.render(into: &frame)
    #expect(frame.lines[0].hasPrefix(" Users"))
    #expect(frame.lines[0].contains("⠋"))
    #expect(screen.isRefreshing)
    await gate.deliver([Row(ElementOfLabel(props: ""), tag: "new")])
    await settleTasks()
    stack.render(into: &frame)
    expectScreen(frame, [" Users", " new", "            1/1"])
    stack.handle(.key(.control("r")))
    await gate.waitForRequest()
    await gate.fail("offline")
    await settleTasks()
    stack.render(into: &frame)
    expectScreen(frame, [" Users", " new", " ⚠ refresh… 1/1"])
    #expect(!screen.isRefreshing)
  }

  @Test("ForEach's onSelect gets the context, the index path and the item")
  func forEachOnSelect() {
    let root = TableModelController(title: "People") {
      Table {
        Section {
          ForEach(["Ada", "Grace"], id: \.self) {
            Row(ElementOfLabel(props: $0), separatorStyle: .none)
          }
          .onSelect { context, indexPath, name in
            context.navigator?.push(
              TableModelController(title: "\(name) at \(indexPath.row)"))
          }
        }
      }
    }
    let stack = NavigationStack(root: root)
    var frame = Screen(width: 24, height: 4)
    stack.render(into: &frame)
    stack.handle(.key(.down))
    stack.handle(.key(.enter))
    stack.render(into: &frame)
    #expect(frame.lines[0].hasPrefix(" People › Grace at 1"))
  }
}
