/// The window before a frame: the state made to fit the screen, and the rows on it measured,
/// so that the frame is painted once.
extension TableState {
  /// Works the window out before it is painted: settles the state (``settle()``) and
  /// measures the items on screen, until what was measured moves neither the window nor the
  /// selection. Measuring a row can change where the rows after it are, and so the window
  /// and whether the selection is on it; each round measures only rows not measured before,
  /// so the rounds end, and no row is painted while they run.
  mutating func layWindowOut() {
    let size = tableSize
    for _ in 0..<Self.layoutRounds {
      let selectionBefore = selection.row
      settle()
      let offset = offsetFromAnchor()
      let contentTop = geometry(at: offset).contentTop
      let contentBefore = layout.contentHeight
      TablePainter.measureWindow(&layout, scrollOffset: offset, size: size)
      // The anchor keeps what is seen first at the top; what was measured may move the line
      // it stands for, or the end of the content.
      setOffset(offsetFromAnchor())
      if layout.contentHeight != contentBefore || selection.row != selectionBefore { settle() }
      // The window moves when the offset does, and when centered content changes height at
      // the same offset: its top then moves, and shows rows not measured, which painting
      // would measure and which could push the selection off screen.
      let moved =
        offsetFromAnchor() != offset || geometry(at: offsetFromAnchor()).contentTop != contentTop
      var outOfSight = false
      if let selected = selection.row { outOfSight = isOutOfSight(selected) }
      guard moved || outOfSight else { return }
    }
    // Rows that keep changing what was measured (more than a screenful of heights that each
    // differ from their estimates) leave the last window; it is measured for painting.
    TablePainter.measureWindow(&layout, scrollOffset: offsetFromAnchor(), size: size)
  }

  /// Whether the row at `indexPath` could show a line on screen and does not: a row of no
  /// line, or a screen with no room below its headers, cannot.
  private mutating func isOutOfSight(_ indexPath: IndexPath) -> Bool {
    let covered =
      geometry(at: offsetFromAnchor()).clipTop + pinnedHeaderHeight(inSection: indexPath.section)
    let height = layout.knownHeight(ofPosition: layout.position(of: .row(indexPath)))
    return covered < tableHeight && height > 0 && !isOnScreen(indexPath)
  }

  /// The most rounds ``layWindowOut()`` measures in.
  static let layoutRounds = 8

  /// Makes the state fit the screen before drawing: a waiting `scrollToRow`, a selection that
  /// can still be selected at this width, the selection on screen, and a first selection.
  mutating func settle() {
    applyPendingScroll()
    guard contentLines > 0 else { return }
    // A row chosen at another width (before a resize, or before a pushed screen's first
    // frame) may take no line at this one: the nearest that does is selected instead.
    if let current = selection.row, !isSelectable(current) {
      selection.row = validSelection(near: current)
    }
    if let current = selection.row {
      if scroll.followsSelection {
        setOffset(offset(toShow: current, at: .none))
      } else if !isOnScreen(current) {
        selection.row = firstVisibleSelectableRow()
        scroll.followsSelection = true
      }
    }
    if selection.row == nil && selection.selectsFirstRow {
      selection.row = firstVisibleSelectableRow()
    }
  }
}
