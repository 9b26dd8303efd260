/// Moving the selection: by a row, by a page, to either end; and choosing the selected row.
extension TableModelController {
  /// Lines a page moves: the screen below the smallest stretchy header, less one line kept
  /// for context.
  var pageHeight: Int {
    max(1, tableHeight - minimumHeaderHeight - 1)
  }

  /// Moves the selection to the next selectable row down (1) or up (-1); past the last or
  /// first row it scrolls to the end instead.
  func moveSelection(by step: Int) {
    endEditing(commit: true)
    scrollsToSelection = true
    pendingScroll = nil
    pendingPage = nil
    pendingStep = nil
    guard let current = selectedRow else {
      selectedRow = firstVisibleSelectableRow() ?? firstSelectableRow(from: 0, step: 1)
      return
    }
    let from = layout.position(of: .row(current)) + step
    if let next = firstSelectableRow(from: from, step: step) {
      selectedRow = next
    } else {
      setOffset(step > 0 ? Int.max : 0)
      rearmCaughtUpLoaders(at: step > 0 ? .tail : .head)
      if step > 0 ? loadsMoreAtEnd : loadsMoreAtStart {
        pendingStep = (step, layout.table.key(at: current))
      }
    }
  }

  /// Scrolls a page down (1) or up (-1) and moves the selection as far; past either end it
  /// goes to the last or first row. A page down that runs past the rows loaded so far, while
  /// a tail loader is bringing more, finishes when they arrive.
  func page(by direction: Int) {
    pendingPage = nil
    pendingStep = nil
    move(by: direction * pageHeight)
  }

  /// Scrolls `distance` lines and moves the selection as far.
  private func move(by distance: Int) {
    endEditing(commit: true)
    applyPendingScroll()
    let before = offsetFromAnchor()
    guard let current = selectedRow else {
      setOffset(before + distance)
      return
    }
    let line = layout.offset(of: .row(current)) + distance
    guard line >= 0, line < layout.contentHeight else {
      jump(toEnd: distance > 0)
      if distance > 0, loadsMoreAtEnd, let last = selectedRow {
        let remaining = line - layout.offset(of: .row(last))
        if remaining > 0 { pendingPage = (remaining, position.count) }
      }
      return
    }
    let position = layout.position(atLine: line)
    let direction = distance > 0 ? 1 : -1
    let target =
      firstSelectableRow(from: position, step: direction)
      ?? firstSelectableRow(from: position, step: -direction)
    setOffset(before + distance)
    if let target { selectedRow = target }
    scrollsToSelection = true
  }

  /// Finishes a page down cut short at the end of the rows loaded, once more rows arrived or
  /// the loader stopped.
  func finishPendingPage() {
    guard let (lines, rowCount) = pendingPage, position.count != rowCount || !loadsMoreAtEnd
    else { return }
    pendingPage = nil
    if position.count != rowCount { move(by: lines) }
    setNeedsDisplay()
  }

  /// Takes a step past the end that waited for rows once the loader at that end brought some,
  /// if the row it was taken from is still selected; drops it when that loader stopped
  /// without any. Pages that arrive anywhere else leave it waiting.
  func finishPendingStep(after loader: LoaderID, added: Bool) {
    guard let (step, from) = pendingStep, (loader.end == .tail) == (step > 0) else { return }
    applyTableChange()
    let shown = layout.table
    let atEnd =
      step > 0
      ? shown.sections.indices.last.flatMap { self.loader(ofSection: $0, in: shown)?.id }
      : shown.sections.first?.headLoader?.id
    guard atEnd == loader.id else { return }
    pendingStep = nil
    guard added, let selectedRow, shown.contains(selectedRow), shown.key(at: selectedRow) == from
    else { return }
    moveSelection(by: step)
    setNeedsDisplay()
  }

  /// Goes to the first row with the table at its top, or the last row with it at its end.
  func jump(toEnd: Bool) {
    endEditing(commit: true)
    pendingPage = nil
    pendingStep = nil
    pendingScroll = nil
    scrollsToSelection = true
    rearmCaughtUpLoaders(at: toEnd ? .tail : .head)
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
  /// the row's `didSelect`, the element's action (a button's), and ``onSelect``.
  func activateSelection() {
    guard let indexPath = selectedRow, layout.table.contains(indexPath) else { return }
    let row = layout.row(at: indexPath)
    guard row.isEnabled else { return }
    if let field = row.element.editing {
      beginEditing(field, at: indexPath)
      return
    }
    row.didSelect?()
    row.onSelect?.run(SelectionContext(screen: self, indexPath: indexPath))
    row.element.performing?.perform()
    onSelect?(row, indexPath)
  }
}
