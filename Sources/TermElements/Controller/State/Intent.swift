/// What a screen was asked to do that waits: one at a time, the newest replacing the one
/// before, so that the screen never holds two plans for where to go.
///
/// ```swift
/// let intent = Intent.scroll(to: IndexPath(row: 3, section: 0), at: .top)
/// ```
enum Intent: Equatable, Sendable {
  /// A `scrollToRow`: the row at `indexPath` goes to `position` at the next frame.
  case scroll(to: IndexPath, at: ScrollPosition)
  /// Moves typed past the rows loaded, carried out when the rows at their end arrive.
  case moves(WaitingMoves)
}
