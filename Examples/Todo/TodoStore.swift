import TermElements

/// One thing to do.
struct TodoItem: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
  var isDone = false
}

/// The to-do list's whole state.
struct TodoState: Equatable, Sendable {
  var items: [TodoItem] = []
  var nextID = 1
}

/// What can happen to the list.
enum TodoAction: Sendable {
  case add(String)
  case toggle(Int)
  case delete(Int)
}

/// Applies an action to the state: the reducer.
func todoReducer(_ state: inout TodoState, _ action: TodoAction) {
  switch action {
  case .add(let title):
    let trimmed = title.split(separator: " ").joined(separator: " ")
    guard !trimmed.isEmpty else { return }
    state.items.append(TodoItem(id: state.nextID, title: trimmed))
    state.nextID += 1
  case .toggle(let id):
    guard let index = state.items.firstIndex(where: { $0.id == id }) else { return }
    state.items[index].isDone.toggle()
  case .delete(let id):
    state.items.removeAll { $0.id == id }
  }
}

/// What the screen shows: mapped from the state, compared to skip work when it is the same.
struct TodoProps: Equatable {
  var items: [TodoItem]
  var openCount: Int

  init(state: TodoState) {
    items = state.items
    openCount = state.items.count { !$0.isDone }
  }
}

/// What the screen can do: mapped to dispatching actions.
struct TodoActions {
  let add: (String) -> Void
  let toggle: (Int) -> Void
  let delete: (Int) -> Void

  init(dispatch: @escaping (TodoAction) -> Void) {
    add = { dispatch(.add($0)) }
    toggle = { dispatch(.toggle($0)) }
    delete = { dispatch(.delete($0)) }
  }
}
