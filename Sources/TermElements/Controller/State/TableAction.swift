/// Something the user or the app does to a table screen, which ``TableState/apply(_:)``
/// turns into a new state and effects.
///
/// ```swift
/// var state = TableState(table: Table(rows: (1...50).map { Row(ElementOfLabel(props: "\($0)")) }))
/// _ = state.apply(.page(1))
/// ```
enum TableAction: Equatable, Sendable {
  /// A step to the next selectable row down (1) or up (-1).
  case step(Int)
  /// A page down (1) or up (-1).
  case page(Int)
  /// To the first row with the table at its top, or the last with it at its end; `rearming`
  /// asks a loader at that end that had nothing more again.
  case jump(toEnd: Bool, rearming: Bool)
  /// The wheel: a scroll by lines, down when positive, that the selection follows.
  case scroll(by: Int)
  /// Enter: choose the selected row, or edit its field.
  case choose
  /// A click on the row at `indexPath`: select it and choose it.
  case click(IndexPath)
  /// Select a row, or none, and keep it in view.
  case select(IndexPath?)
  /// Scroll the row at `indexPath` to `position` at the next frame.
  case scrollTo(IndexPath, ScrollPosition)
  /// Carry out the moves that waited for rows, now that none load at their end; the layout
  /// must hold the table as it is now.
  case takeWaitingMoves
}
