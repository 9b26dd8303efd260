/// Where a screen is scrolled, as a value: what the top of the window is pinned to, whether
/// the window follows the selection, and what waits for the next frame or for rows.
///
/// ```swift
/// var scroll = ScrollState()
/// scroll.intent = .scroll(to: IndexPath(row: 40, section: 0), at: .middle)
/// ```
struct ScrollState: Equatable, Sendable {
  /// What the top of the scroll window is pinned to.
  var anchor = ScrollAnchor.header(offset: 0)
  /// Whether the selection is kept on screen by scrolling; the mouse wheel turns this off and
  /// the selection then follows the screen instead.
  var followsSelection = true
  /// What the user or the app asked for that is carried out later: a scroll to a row at the
  /// next frame, or moves waiting for rows to arrive.
  var intent: Intent?

  /// The `scrollToRow` waiting for the next frame, if that is the intent.
  var pendingScroll: (indexPath: IndexPath, position: ScrollPosition)? {
    guard case .scroll(let indexPath, let position)? = intent else { return nil }
    return (indexPath, position)
  }

  /// The moves waiting for rows, if that is the intent.
  var waitingMoves: WaitingMoves? {
    get {
      guard case .moves(let moves)? = intent else { return nil }
      return moves
    }
    set { intent = newValue.map(Intent.moves) }
  }
}
