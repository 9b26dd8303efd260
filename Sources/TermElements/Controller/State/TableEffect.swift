/// Something a change of ``TableState`` asks the controller to do, which the state cannot do
/// itself because it calls the app or starts work: the controller runs effects in one place.
///
/// ```swift
/// var state = TableState(table: Table(rows: [Row(ElementOfLabel(props: "Hi"))]))
/// _ = state.apply(.select(IndexPath(row: 0, section: 0)))
/// let effects = state.apply(.choose)  // the row chosen: .choose(row, [0, 0])
/// ```
enum TableEffect {
  /// A row came on screen: ``TableModelController/willDisplay(row:at:)``.
  case willDisplay(Row, IndexPath)
  /// A row was chosen: its ``Row/onSelect``, its element's own action, and the screen's
  /// ``TableModelController/onSelect``, in that order.
  case choose(Row, IndexPath)
  /// The text of the field being edited changed to `text`: its `textDidChange`.
  case editChanged(any EditingElement, text: String)
  /// An edit ended with `text` kept: the field's `textDidCommit`.
  case editCommitted(any EditingElement, text: String)
  /// Page loads that are due start: those near the screen, or with `force` every idle one.
  case startLoads(force: Bool)
  /// Rows far from the screen are dropped from sections that hold more than they may.
  case dropDistantRows
  /// The streams of a changed table start.
  case startStreams
  /// Moves that waited for rows are carried out, if their rows came.
  case takeWaitingMoves
  /// A frame is needed.
  case display
}
