import ArgumentParser
import TermElements
import TermElementsCurses

/// `todo`: a to-do list on a store of state and actions, in ReRxSwift's shape.
@main
struct TodoApp: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "todo",
    abstract: "A to-do list kept in a store, changed only by actions.",
    discussion: """
      Keys: Enter on the first row types a new item (Enter adds it, Esc cancels); Enter on \\
      an item toggles it; d deletes it; ? lists the keys; q quits.
      """)

  @Option(name: .long, parsing: .upToNextOption, help: "Items to start with.")
  var item: [String] = ["Buy milk", "Call Ada", "Water the plants"]

  @MainActor
  func run() async throws {
    var state = TodoState()
    for title in item { todoReducer(&state, .add(title)) }
    let store = Store(state: state, reducer: todoReducer)
    // Without a usable terminal, ArgumentParser prints the one-line reason and exits 1.
    try await CursesApplication.run(todoScreen(store))
  }
}
