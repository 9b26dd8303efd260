/// What is selected, as a value: the row, whether a screen with none selects the first row it
/// shows, and the text field being edited.
///
/// ```swift
/// var selection = SelectionState()
/// selection.row = IndexPath(row: 2, section: 0)
/// ```
struct SelectionState: Equatable, Sendable {
  /// The selected row, in the table as laid out.
  var row: IndexPath?
  /// Whether a frame with no selection selects the first selectable row on screen; selecting
  /// `nil` turns this off.
  var selectsFirstRow = true
  /// The text field being edited, if any.
  var editing: Editing?
}
