/// A text field being edited: where its row is and what has been typed.
///
/// ```swift
/// let editing = Editing(indexPath: IndexPath(row: 0, section: 0), editor: LineEditor(text: "Ada"))
/// ```
struct Editing: Equatable, Sendable {
  /// The row of the field, moved with its row whenever the table changes.
  var indexPath: IndexPath
  /// The text and cursor.
  var editor: LineEditor
}
