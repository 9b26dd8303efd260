/// Frames: a frame is drawn from the state alone; what should happen because rows appeared
/// is collected while drawing and run afterwards, as effects.
extension TableModelController {
  /// Draws a frame of the whole screen, painted once: what the window about to be shown
  /// causes (``willDisplay(row:at:)`` for rows that come on screen, loads that are due) runs
  /// first, and when it changes the table the window is worked out again, so that the frame
  /// shows the result.
  ///
  /// ```swift
  /// let controller = TableModelController(table: Table(rows: [Row(ElementOfLabel(props: "Hi"))]))
  /// var screen = Screen(width: 20, height: 3)
  /// controller.render(into: &screen)
  /// ```
  public func render(into screen: inout Screen) {
    // Alone, with no stack to show it, the screen appears with its first frame.
    if host == nil && !live.hasAppeared { appear() }
    let prepared = settleEffects(in: screen.bounds)
    drawFrame(into: &screen, in: screen.bounds, prepared: prepared)
  }

  /// Before a frame that nothing shows in between (``render(into:)``), runs what the window
  /// about to be shown causes, ``willDisplay(row:at:)`` and loads, until it changes nothing
  /// more (three rounds at most), so that the one frame painted shows the result. Nothing is
  /// painted meanwhile. Returns whether the state was made ready for the frame
  /// (``prepareFrame(in:)``) with nothing run after: then the frame lays the window out no
  /// more.
  @discardableResult
  func settleEffects(in area: Rect) -> Bool {
    for _ in 0..<Self.effectRounds {
      prepareFrame(in: area)
      guard mayHaveFrameEffects else { return true }
      announceWindow()
      // The coming frame shows what was applied: only what the effects change asks for more.
      needsDisplay = false
      runEffects()
      guard needsDisplay else { return false }
    }
    return false
  }

  /// Whether the effects before a frame could do anything: the screen is a subclass, which
  /// may hear of rows that come on screen, or it has page loaders, streams to start, moves
  /// waiting for rows, or effects waiting. A plain list has none, and pays nothing for them.
  var mayHaveFrameEffects: Bool {
    type(of: self) != TableModelController.self || !state.loading.loaderSections.isEmpty
      || live.streamsDue || state.scroll.intent != nil || !effects.isEmpty
  }

  /// The most rounds of effects ``settleEffects(in:)`` runs before a frame.
  static let effectRounds = 3

  /// Notes the rows of the window the next frame shows, as that frame would: those that
  /// come on screen wait in ``effects`` to be told of.
  func announceWindow() {
    noteDisplayedRows(
      TablePainter.window(
        state.layout, scrollOffset: state.offsetFromAnchor(),
        size: Size(width: state.size.width, height: state.tableHeight)))
  }

  /// Makes the state ready for a frame in `area`: its size, a table rebuilt or changed, and
  /// the window measured and settled (``layWindowOut()``).
  func prepareFrame(in area: Rect) {
    state.resize(to: Size(width: max(0, area.width), height: max(0, area.height)))
    rebuildIfChanged()
    applyTableChange()
    state.layWindowOut()
  }

  /// Draws a frame into `area` of `screen` from the controller's state, with no other effect:
  /// what the frame causes waits in ``effects`` for ``runEffects()``. `prepared` says the
  /// state was just made ready for a frame in `area`, with nothing run since.
  package func drawFrame(into screen: inout Screen, in area: Rect, prepared: Bool = false) {
    // What the frame applies, it shows: asks for a frame made while drawing are met by it.
    defer { needsDisplay = false }
    let area = area.intersection(screen.bounds)
    if !prepared { prepareFrame(in: area) }
    let size = state.size
    let tableArea = Rect(x: area.x, y: area.y, width: size.width, height: state.tableHeight)
    // Measured, the window is drawn once, each row on it once, from a copy of the layout.
    let offset = state.offsetFromAnchor()
    let highlighted = state.selection.editing == nil ? state.selection.row : nil
    let replacement = state.editedRow()
    let wasAnimated = screen.isAnimated
    screen.isAnimated = false
    var painted: PaintedFrame?
    do {
      // The copy goes before the rows painted are kept, so that keeping them copies nothing.
      let snapshot = state.layout
      screen.draw(in: tableArea, tick: tick, glyphs: glyphs) { canvas in
        painted = TablePainter.paint(
          snapshot, scrollOffset: offset, selection: highlighted, replacing: replacement,
          in: &canvas)
      }
    }
    let drawn = painted?.drawn ?? []
    if let painted { state.layout.painted.take(painted) }
    isAnimating = screen.isAnimated
    screen.isAnimated = wasAnimated || isAnimating
    noteDisplayedRows(drawn)
    if showsStatusLine && size.height > 0 {
      drawStatusLine(
        into: &screen,
        line: Rect(x: area.x, y: area.y + size.height - 1, width: size.width, height: 1))
    }
  }

  /// Runs what the last frames caused: ``willDisplay(row:at:)`` for the rows that came on
  /// screen, in order, then the loads that are due, and a page down that waited for rows.
  package func runEffects() {
    let due = effects
    effects = []
    run(due)
    applyTableChange()
    run(Self.effectsAfterFrame)
  }

  /// Records the rows the frame drew, for clicks and for ``willDisplay(row:at:)``.
  private func noteDisplayedRows(_ drawn: [VisibleItem]) {
    // The base class's willDisplay(row:at:) does nothing: only a subclass can want the rows.
    let listens = type(of: self) != TableModelController.self
    let arrived: [IndexPath]
    do {
      // The table once, rather than the whole state read again for each row.
      let table = state.layout.table
      arrived = shown.record(drawn, findsArrivals: listens) { table.key(at: $0) }
    }
    guard listens else { return }
    for indexPath in arrived {
      effects.append(.willDisplay(state.layout.shownRow(at: indexPath), indexPath))
    }
  }

  /// Draws the status line: the status text at the left, cut with `…` to leave room for the
  /// position at the right.
  private func drawStatusLine(into screen: inout Screen, line: Rect) {
    let (row, count) = position
    let position =
      positionText?(row, count)
      ?? {
        switch (count, row) {
        case (0, _): "empty"
        case (1, nil): "1 row"
        case (_, nil): "\(count) rows"
        case (_, let row?): "\(row)/\(count)"
        }
      }()
    let warning = duplicateIDReport ?? live.refreshFailure.map { "refresh failed: \($0)" }
    let text = warning.map { "⚠ \($0)" } ?? notice ?? statusText()
    screen.draw(in: line, glyphs: glyphs) { canvas in
      let style = Style(attributes: .reverse)
      canvas.fill(style: style)
      let positionWidth = DisplayText.width(of: position)
      let room = canvas.size.width - positionWidth - 3
      if room > 0 {
        let glyphs = TextLayout.truncate(
          DisplayText.singleLine(of: text, glyphs: canvas.glyphs), width: room,
          ellipsis: canvas.glyphs.ellipsis)
        canvas.write(glyphs, at: Point(x: 1, y: 0), style: style)
      }
      canvas.write(
        position, at: Point(x: max(0, canvas.size.width - positionWidth - 1), y: 0),
        style: style)
    }
  }
}
