/// Editing a text field: the text and cursor live here, keyed by the row's identity, and the
/// app hears of them through the field's callbacks, run as effects.
extension TableState {
  /// Starts editing `field`, the element of the row at `indexPath`.
  mutating func beginEditing(_ field: any EditingElement, at indexPath: IndexPath) {
    selection.editing = Editing(indexPath: indexPath, editor: LineEditor(text: field.editableText))
    // The edit is where the user is: a scroll asked for before it would take it off screen.
    if scroll.pendingScroll != nil { scroll.intent = nil }
    scroll.followsSelection = true
    effects.append(.display)
  }

  /// Sends a key to the field being edited and returns whether it used the key: Enter and Tab
  /// commit, Esc cancels, ↑/↓ and paging end the edit and move on.
  mutating func editText(with key: Key) -> Bool {
    guard var current = selection.editing else { return false }
    switch key {
    case .enter, .tab:
      endEditing(commit: true)
      return true
    case .escape:
      endEditing(commit: false)
      return true
    case .up, .down, .pageUp, .pageDown:
      return false
    default:
      let before = current.editor.text
      guard current.editor.apply(key) else { return true }
      selection.editing = current
      if current.editor.text != before, let field = editedField() {
        effects.append(.editChanged(field, text: current.editor.text))
      }
      effects.append(.display)
      return true
    }
  }

  /// Ends editing, telling the field the final text when `commit` is set.
  mutating func endEditing(commit: Bool) {
    guard let current = selection.editing else { return }
    let field = editedField()
    selection.editing = nil
    if commit, let field { effects.append(.editCommitted(field, text: current.editor.text)) }
    effects.append(.display)
  }

  /// The field being edited, as the table now has it.
  private mutating func editedField() -> (any EditingElement)? {
    guard let current = selection.editing, layout.table.contains(current.indexPath) else {
      return nil
    }
    return layout.row(at: current.indexPath).element.editing
  }

  /// The row being edited as it should be drawn: the table's row showing the editor's text
  /// and cursor.
  mutating func editedRow() -> (indexPath: IndexPath, row: Row)? {
    guard let current = selection.editing, layout.table.contains(current.indexPath) else {
      return nil
    }
    var row = layout.row(at: current.indexPath)
    guard let field = row.element.editing else { return nil }
    row.element = field.editing(text: current.editor.text, cursor: current.editor.cursor)
    return (current.indexPath, row)
  }

  /// Moves the edit to where its row is in the new table; the edit ends, silently, when the
  /// row is gone, no longer edits text or can no longer be selected.
  mutating func updateEditing(_ diff: TableDiff) {
    guard var current = selection.editing else { return }
    guard let moved = diff.newIndexPath(of: current.indexPath),
      layout.row(at: moved).element.editing != nil, isSelectable(moved)
    else {
      selection.editing = nil
      return
    }
    current.indexPath = moved
    selection.editing = current
    if selection.row != moved { selection.row = moved }
  }
}
