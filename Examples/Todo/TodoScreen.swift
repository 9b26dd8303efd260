import TermElements

/// The to-do screen, connected to `store`: a field to add items, the items to toggle with
/// Enter, d to delete, and the number of open items in the title.
@MainActor
func todoScreen(_ store: Store<TodoState, TodoAction>) -> TableModelController {
  let connection = Connection(
    store: store, mapStateToProps: TodoProps.init(state:),
    mapDispatchToActions: TodoActions.init(dispatch:))
  let screen = TableModelController(
    title: { "To-do (\(connection.props.openCount) open)" },
    makeTable: {
      Table {
        Section {
          Row(
            ElementOfTextField(
              props: TextFieldProps(
                placeholder: "New item: Enter, type, Enter",
                onCommit: TextAction { connection.actions.add($0) })), id: "new")
        }
        Section(header: "Items", footer: connection.props.items.isEmpty ? "Nothing to do" : nil) {
          ForEach(connection.props.items) { item in
            Row(ElementOfLabel(props: "\(item.isDone ? "[x]" : "[ ]") \(item.title)"))
          }
          .onSelect { _, _, item in connection.actions.toggle(item.id) }
        }
      }
    })
  screen.connect(connection)
  screen.keyMap.bind(
    .character("d"),
    to: KeyCommand("Delete the selected item") { screen in
      if let item = screen.selectedItem(in: connection.props.items) {
        connection.actions.delete(item.id)
      }
    })
  screen.status = { [weak screen] in
    screen?.isEditing == true
      ? "Enter adds the item, Esc cancels" : "Enter toggles, d deletes, ? keys, q quits"
  }
  return screen
}
