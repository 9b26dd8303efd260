/// Editing a text field: the text and cursor live here, keyed by the row's identity, and the
/// app hears of them through the field's callbacks.
extension TableModelController {
  /// A text field being edited.
  struct Editing {
    /// The row of the field, moved with its row whenever the table changes.
    var indexPath: IndexPath
    /// The text and cursor.
    var editor: LineEditor
  }

  /// Whether a text field is being edited, for a status line that says which keys do what.
  ///
  /// ```swift
  /// let form = TableModelController()
  /// form.status = { [weak form] in form?.isEditing == true ? "Enter saves" : "Enter edits" }
  /// ```
  public var isEditing: Bool { editing != nil }

  /// Starts editing `field`, the element of the row at `indexPath`.
  func beginEditing(_ field: any EditingElement, at indexPath: IndexPath) {
    editing = Editing(indexPath: indexPath, editor: LineEditor(text: field.editableText))
    // The edit is where the user is: a scroll asked for before it would take it off screen.
    pendingScroll = nil
    scrollsToSelection = true
    setNeedsDisplay()
  }

  /// Sends a key to the field being edited and returns whether it used the key: Enter and Tab
  /// commit, Esc cancels, ↑/↓ and paging end the edit and move on.
  func editText(with key: Key) -> Bool {
    guard var current = editing else { return false }
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
      editing = current
      if current.editor.text != before {
        editedField()?.textDidChange(to: current.editor.text)
      }
      setNeedsDisplay()
      return true
    }
  }

  /// Ends editing, telling the field the final text when `commit` is set.
  func endEditing(commit: Bool) {
    guard let current = editing else { return }
    let field = editedField()
    editing = nil
    if commit { field?.textDidCommit(text: current.editor.text) }
    setNeedsDisplay()
  }

  /// The field being edited, as the table now has it.
  private func editedField() -> (any EditingElement)? {
    guard let current = editing, layout.table.contains(current.indexPath) else { return nil }
    return layout.row(at: current.indexPath).element.editing
  }

  /// The row being edited as it should be drawn: the table's row showing the editor's text
  /// and cursor.
  func editedRow() -> (indexPath: IndexPath, row: Row)? {
    guard let current = editing, layout.table.contains(current.indexPath) else { return nil }
    var row = layout.row(at: current.indexPath)
    guard let field = row.element.editing else { return nil }
    row.element = field.editing(text: current.editor.text, cursor: current.editor.cursor)
    return (current.indexPath, row)
  }

  /// Moves the edit to where its row is in the new table; the edit ends, silently, when the
  /// row is gone, no longer edits text or can no longer be selected.
  func updateEditing(_ diff: TableDiff) {
    guard var current = editing else { return }
    guard let moved = diff.newIndexPath(of: current.indexPath),
      layout.row(at: moved).element.editing != nil, isSelectable(moved)
    else {
      editing = nil
      return
    }
    current.indexPath = moved
    editing = current
    if selectedRow != moved { selectedRow = moved }
  }
}
