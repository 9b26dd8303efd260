/// Moving the selection: by a row, by a page, to either end; and choosing the selected row.
extension TableModelController {
  /// Lines a page moves: the screen below the smallest stretchy header, less one line kept
  /// for context.
  var pageHeight: Int {
    max(1, tableHeight - minimumHeaderHeight - 1)
  }

  /// Moves the selection to the next selectable row down (1) or up (-1); past the last or
  /// first row it scrolls to the end instead. Past the rows loaded, while a loader brings more
  /// at that end, the step waits for them, and so do the moves typed after it.
  func moveSelection(by step: Int) {
    guard !joinWaitingMoves(.step(step)) else { return }
    take(.step(step), waiting: true)
  }

  /// Scrolls a page down (1) or up (-1) and moves the selection as far; past either end it
  /// goes to the last or first row. A page that runs past the rows loaded so far, while a
  /// loader brings more at that end, goes on when they arrive.
  func page(by direction: Int) {
    let move = WaitingMoves.Move.lines(direction * pageHeight)
    guard !joinWaitingMoves(move) else { return }
    take(move, waiting: true)
  }

  /// Puts `move` after the moves that wait for rows, if any do: it acts on where they lead.
  private func joinWaitingMoves(_ move: WaitingMoves.Move) -> Bool {
    guard waitingMoves != nil else { return false }
    waitingMoves?.moves.append(move)
    return true
  }

  /// Carries out `move` on the rows loaded; with `waiting`, a move that runs past them while a
  /// loader brings more at that end waits for them, for what it has still to go.
  private func take(_ move: WaitingMoves.Move, waiting: Bool) {
    switch move {
    case .step(let step): self.step(by: step, waiting: waiting)
    case .lines(let lines): self.move(by: lines, waiting: waiting)
    }
  }

  /// Moves the selection to the next selectable row in the direction of `step`.
  private func step(by step: Int, waiting: Bool) {
    endEditing(commit: true)
    scrollsToSelection = true
    pendingScroll = nil
    guard let current = selectedRow else {
      selectedRow = firstVisibleSelectableRow() ?? firstSelectableRow(from: 0, step: 1)
      return
    }
    let from = layout.position(of: .row(current)) + step
    if let next = firstSelectableRow(from: from, step: step) {
      selectedRow = next
      return
    }
    setOffset(step > 0 ? Int.max : 0)
    // A key pushed against the end asks a loader that had nothing more again; a move that
    // waited, and found nothing more, does not.
    guard waiting else { return }
    rearmCaughtUpLoaders(at: step > 0 ? .tail : .head)
    if loadsMore(at: step > 0 ? .tail : .head) {
      waitingMoves = WaitingMoves(moves: [.step(step)], from: layout.table.key(at: current))
    }
  }

  /// Scrolls `distance` lines and moves the selection as far.
  private func move(by distance: Int, waiting: Bool) {
    endEditing(commit: true)
    applyPendingScroll()
    let before = offsetFromAnchor()
    guard let current = selectedRow else {
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
      if waiting, loadsMore(at: end), let edge = selectedRow {
        // What is left of the page, from the edge: measured between the two rows, since the
        // jump may measure rows above them, which moves both.
        let crossed = layout.offset(of: .row(edge)) - layout.offset(of: .row(current))
        let remaining = distance - crossed
        if remaining != 0 && (remaining > 0) == (end == .tail) {
          waitingMoves = WaitingMoves(moves: [.lines(remaining)], from: layout.table.key(at: edge))
        }
      }
      return
    }
    let target = ahead ?? firstSelectableRow(from: position, step: -direction)
    setOffset(before + distance)
    if let target { selectedRow = target }
    scrollsToSelection = true
  }

  /// Measures the items that a move of `distance` lines from the top of the item at `position`
  /// crosses (a page: a screenful at most): that item and those below it going down, those
  /// above it going up.
  private func measureLines(_ distance: Int, from position: Int) {
    let step = distance > 0 ? 1 : -1
    var position = distance > 0 ? position : position - 1
    var covered = 0
    while position >= 0 && position < layout.itemCount && covered <= abs(distance) {
      covered += layout.height(ofPosition: position)
      position += step
    }
  }

  /// Whether the table may grow at `end`.
  private func loadsMore(at end: LoaderID.End) -> Bool {
    end == .tail ? loadsMoreAtEnd : loadsMoreAtStart
  }

  /// Carries out the moves that waited for rows, in order, once no page is loading at their
  /// end: they go as far as the rows now go, and what runs past that end again waits again
  /// only if rows came meanwhile (moves towards the other end wait as typed ones do). The
  /// moves are dropped when another row was selected meanwhile.
  func takeWaitingMoves() {
    guard let waiting = waitingMoves, !isLoading(at: waiting.end) else { return }
    waitingMoves = nil
    applyTableChange()
    guard let selectedRow, layout.table.contains(selectedRow),
      layout.table.key(at: selectedRow) == waiting.from
    else { return }
    for (index, move) in waiting.moves.enumerated() {
      take(move, waiting: waiting.rowsArrived || move.end != waiting.end)
      if waitingMoves != nil {
        waitingMoves?.moves += waiting.moves[(index + 1)...]
        break
      }
    }
    setNeedsDisplay()
  }

  /// Carries out the moves waiting at the end `loader` fills, now that its page came, with
  /// rows (`added`) or none; a page at the other end leaves them waiting.
  func takeWaitingMoves(after loader: LoaderID, added: Bool) {
    guard let waiting = waitingMoves, self.loader(at: waiting.end) == loader else { return }
    if added { waitingMoves?.rowsArrived = true }
    takeWaitingMoves()
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
  private func isLoading(at end: LoaderID.End) -> Bool {
    guard let loader = loader(at: end), case .loading? = loads[loader] else { return false }
    return true
  }

  /// Goes to the first row with the table at its top, or the last row with it at its end;
  /// `rearming` asks a loader at that end that had nothing more again.
  func jump(toEnd: Bool, rearming: Bool = true) {
    endEditing(commit: true)
    waitingMoves = nil
    pendingScroll = nil
    scrollsToSelection = true
    if rearming { rearmCaughtUpLoaders(at: toEnd ? .tail : .head) }
    if toEnd {
      selectedRow = firstSelectableRow(from: layout.itemCount - 1, step: -1) ?? selectedRow
      measureScreenful(endingAt: layout.itemCount - 1)
      setOffset(Int.max)
    } else {
      selectedRow = firstSelectableRow(from: 0, step: 1) ?? selectedRow
      setOffset(0)
    }
  }

  /// Chooses the selected row: a field that edits text starts editing; anything else runs
  /// the row's ``Row/onSelect`` (which ``Row/didSelect`` sets), the element's own action (a
  /// button's), and the screen's ``onSelect``.
  func activateSelection() {
    guard let indexPath = selectedRow, layout.table.contains(indexPath) else { return }
    let row = layout.row(at: indexPath)
    guard row.isEnabled else { return }
    if let field = row.element.editing {
      beginEditing(field, at: indexPath)
      return
    }
    row.onSelect?.run(SelectionContext(screen: self, indexPath: indexPath))
    row.element.performing?.perform()
    onSelect?(row, indexPath)
  }
}
