/// Moves typed while the rows they lead to were still on their way: a burst of ↓ or PgDn past
/// the rows loaded. They wait in the order typed and are carried out when the page at their
/// end arrives, so that a burst moves as far as the same keys typed one by one.
struct WaitingMoves: Equatable, Sendable {
  /// One move: a step to the next selectable row, or a scroll by lines that the selection
  /// follows (a page).
  enum Move: Equatable, Sendable {
    /// A step down (1) or up (-1).
    case step(Int)
    /// A scroll down (positive) or up (negative) by that many lines.
    case lines(Int)

    /// The end of the table the move goes towards.
    var end: LoaderID.End {
      switch self {
      case .step(let step): step > 0 ? .tail : .head
      case .lines(let lines): lines > 0 ? .tail : .head
      }
    }
  }

  /// The moves, the first waiting for rows at its end.
  var moves: [Move]
  /// The row that was selected when they began to wait: if another is selected by the time
  /// the rows arrive, the user has gone elsewhere and the moves are dropped.
  var from: RowKey
  /// Whether the loader at the first move's end brought rows since the moves began to wait:
  /// only then may they wait again, so that an end with nothing more never keeps them.
  var rowsArrived = false

  /// The end of the table the moves wait at.
  var end: LoaderID.End { moves.first?.end ?? .tail }
}
