/// Moving the selection: by a row, by a page, to either end; and choosing the selected row.
extension TableState {
  /// Lines a page moves: the screen below the smallest stretchy header, less one line kept
  /// for context.
  var pageHeight: Int {
    max(1, tableHeight - minimumHeaderHeight - 1)
  }

  /// Moves the selection to the next selectable row down (1) or up (-1); past the last or
  /// first row it scrolls to the end instead. Past the rows loaded, while a loader brings more
  /// at that end, the step waits for them, and so do the moves typed after it.
  mutating func moveSelection(by step: Int) {
    guard !joinWaitingMoves(.step(step)) else { return }
    take(.step(step), waiting: true)
  }

  /// Scrolls a page down (1) or up (-1) and moves the selection as far; past either end it
  /// goes to the last or first row. A page that runs past the rows loaded so far, while a
  /// loader brings more at that end, goes on when they arrive.
  mutating func page(by direction: Int) {
    let move = WaitingMoves.Move.lines(direction * pageHeight)
    guard !joinWaitingMoves(move) else { return }
    take(move, waiting: true)
  }

  /// Puts `move` after the moves that wait for rows, if any do: it acts on where they lead.
  private mutating func joinWaitingMoves(_ move: WaitingMoves.Move) -> Bool {
    guard scroll.waitingMoves != nil else { return false }
    scroll.waitingMoves?.moves.append(move)
    return true
  }

  /// Carries out `move` on the rows loaded; with `waiting`, a move that runs past them while a
  /// loader brings more at that end waits for them, for what it has still to go.
  private mutating func take(_ move: WaitingMoves.Move, waiting: Bool) {
    switch move {
    case .step(let step): self.step(by: step, waiting: waiting)
    case .lines(let lines): self.move(by: lines, waiting: waiting)
    }
  }

  /// Moves the selection to the next selectable row in the direction of `step`.
  private mutating func step(by step: Int, waiting: Bool) {
    endEditing(commit: true)
    scroll.followsSelection = true
    scroll.intent = nil
    guard let current = selection.row else {
      selection.row = firstVisibleSelectableRow() ?? firstSelectableRow(from: 0, step: 1)
      return
    }
    let from = layout.position(of: .row(current)) + step
    if let next = firstSelectableRow(from: from, step: step) {
      selection.row = next
      return
    }
    setOffset(step > 0 ? Int.max : 0)
    // A key pushed against the end asks a loader that had nothing more again; a move that
    // waited, and found nothing more, does not.
    guard waiting else { return }
    loading.rearmCaughtUp(at: step > 0 ? .tail : .head)
    if loadsMore(at: step > 0 ? .tail : .head) {
      scroll.waitingMoves = WaitingMoves(moves: [.step(step)], from: layout.table.key(at: current))
    }
  }

  /// Scrolls `distance` lines and moves the selection as far.
  private mutating func move(by distance: Int, waiting: Bool) {
    endEditing(commit: true)
    applyPendingScroll()
    let before = offsetFromAnchor()
    guard let current = selection.row else {
      setOffset(before + distance)
      return
    }
    // The page goes by real lines: rows it crosses that were never drawn are measured first,
    // so it goes as far whether or not a frame showed them.
    measureLines(distance, from: layout.position(of: .row(current)))
    let line = layout.offset(of: .row(current)) + distance
    let end: LoaderID.End = distance > 0 ? .tail : .head
    let direction = distance > 0 ? 1 : -1
    let inContent = line >= 0 && line < layout.contentHeight
    let position = inContent ? layout.position(atLine: line) : 0
    let ahead = inContent ? firstSelectableRow(from: position, step: direction) : nil
    // Past the rows, or onto what a loader shows at their end (its spinner): as far as they
    // go, and while the loader brings more, the rest of the page waits for them.
    guard inContent, ahead != nil || !(waiting && loadsMore(at: end)) else {
      jump(toEnd: end == .tail, rearming: waiting)
      if waiting, loadsMore(at: end), let edge = selection.row {
        // What is left of the page, from the edge: measured between the two rows, since the
        // jump may measure rows above them, which moves both.
        let crossed = layout.offset(of: .row(edge)) - layout.offset(of: .row(current))
        let remaining = distance - crossed
        if remaining != 0 && (remaining > 0) == (end == .tail) {
          scroll.waitingMoves = WaitingMoves(
            moves: [.lines(remaining)], from: layout.table.key(at: edge))
        }
      }
      return
    }
    let target = ahead ?? firstSelectableRow(from: position, step: -direction)
    setOffset(before + distance)
    if let target { selection.row = target }
    scroll.followsSelection = true
  }

  /// Measures the items that a move of `distance` lines from the top of the item at `position`
  /// crosses (a page: a screenful at most): that item and those below it going down, those
  /// above it going up.
  private mutating func measureLines(_ distance: Int, from position: Int) {
    let step = distance > 0 ? 1 : -1
    var position = distance > 0 ? position : position - 1
    var covered = 0
    while position >= 0 && position < layout.itemCount && covered <= abs(distance) {
      covered += layout.height(ofPosition: position)
      position += step
    }
  }

  /// Whether the table may grow at `end`: the loader there is loading or has not said it
  /// reached that end of its data.
  func loadsMore(at end: LoaderID.End) -> Bool {
    loader(at: end).map(loading.mayLoadMore) ?? false
  }

  /// Carries out the moves that waited for rows, in order, once no page is loading at their
  /// end: they go as far as the rows now go, and what runs past that end again waits again
  /// only if rows came meanwhile (moves towards the other end wait as typed ones do). The
  /// moves are dropped when another row was selected meanwhile. The layout must hold the
  /// table as it is now.
  mutating func takeWaitingMoves() {
    guard let waiting = scroll.waitingMoves, !isLoading(at: waiting.end) else { return }
    scroll.intent = nil
    guard let selected = selection.row, layout.table.contains(selected),
      layout.table.key(at: selected) == waiting.from
    else { return }
    for (index, move) in waiting.moves.enumerated() {
      take(move, waiting: waiting.rowsArrived || move.end != waiting.end)
      if scroll.waitingMoves != nil {
        scroll.waitingMoves?.moves += waiting.moves[(index + 1)...]
        break
      }
    }
    effects.append(.display)
  }

  /// Whether moves wait at the end `loader` fills; when its page brought rows (`added`), they
  /// may wait again if they run past the new rows.
  mutating func noteRowsArrived(from loader: LoaderID, added: Bool) -> Bool {
    guard let waiting = scroll.waitingMoves, self.loader(at: waiting.end) == loader else {
      return false
    }
    if added { scroll.waitingMoves?.rowsArrived = true }
    return true
  }

  /// The loader at `end` of the table as shown: the last section's tail loader, or the first
  /// section's head loader.
  func loader(at end: LoaderID.End) -> LoaderID? {
    let shown = layout.table
    switch end {
    case .tail:
      return shown.sections.indices.last
        .flatMap { loader(ofSection: $0, in: shown) }
        .map { .tail($0.id) }
    case .head:
      return shown.sections.first?.headLoader.map { .head($0.id) }
    }
  }

  /// Whether a page is loading at `end` of the table.
  func isLoading(at end: LoaderID.End) -> Bool {
    loader(at: end).map(loading.isLoading) ?? false
  }

  /// Goes to the first row with the table at its top, or the last row with it at its end;
  /// `rearming` asks a loader at that end that had nothing more again.
  mutating func jump(toEnd: Bool, rearming: Bool = true) {
    endEditing(commit: true)
    scroll.intent = nil
    scroll.followsSelection = true
    if rearming { loading.rearmCaughtUp(at: toEnd ? .tail : .head) }
    if toEnd {
      selection.row = firstSelectableRow(from: layout.itemCount - 1, step: -1) ?? selection.row
      measureScreenful(endingAt: layout.itemCount - 1)
      setOffset(Int.max)
    } else {
      selection.row = firstSelectableRow(from: 0, step: 1) ?? selection.row
      setOffset(0)
    }
  }

  /// Chooses the selected row: a field that edits text starts editing; anything else is
  /// chosen (``TableEffect/choose(_:_:)``).
  mutating func activateSelection() {
    guard let indexPath = selection.row, layout.table.contains(indexPath) else { return }
    let row = layout.row(at: indexPath)
    guard row.isEnabled else { return }
    if let field = row.element.editing {
      beginEditing(field, at: indexPath)
      return
    }
    effects.append(.choose(row, indexPath))
  }

  /// Selects the row at `indexPath`, clicked, and chooses it.
  mutating func click(_ indexPath: IndexPath) {
    guard layout.table.contains(indexPath), layout.row(at: indexPath).isEnabled else { return }
    endEditing(commit: true)
    scroll.intent = nil
    selection.row = indexPath
    scroll.followsSelection = true
    activateSelection()
  }

  /// Selects a row, or clears the selection with `nil`, and scrolls it into view; a row that
  /// cannot be selected gives way to the nearest one that can.
  mutating func select(_ indexPath: IndexPath?) {
    endEditing(commit: false)
    if scroll.waitingMoves != nil { scroll.intent = nil }
    selection.selectsFirstRow = indexPath != nil
    selection.row = indexPath.flatMap { validSelection(near: $0) }
    if let selected = selection.row { scrollToRow(at: selected, position: .none) }
    effects.append(.display)
  }

  /// Scrolls so that the row at `indexPath` is at `position`, from the next frame on.
  mutating func scrollToRow(at indexPath: IndexPath, position: ScrollPosition) {
    // Scrolling elsewhere takes the selection, and so an edit, away from its row.
    if indexPath != selection.row { endEditing(commit: true) }
    scroll.intent = .scroll(to: indexPath, at: position)
    effects.append(.display)
  }
}
