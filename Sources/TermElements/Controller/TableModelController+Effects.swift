/// Actions and effects: what the user and the app do goes to the state as a ``TableAction``,
/// and what the state asks for in return (``TableEffect``) is run here, in one place.
extension TableModelController {
  /// Applies `action` to the state and runs the effects it returns.
  func perform(_ action: TableAction) {
    run(state.apply(action))
  }

  /// Runs `effects` in order: the app's closures, loads, streams and frames.
  func run(_ effects: [TableEffect]) {
    for effect in effects {
      switch effect {
      case .willDisplay(let row, let indexPath):
        willDisplay(row: row, at: indexPath)
      case .choose(let row, let indexPath):
        row.onSelect?.run(SelectionContext(screen: self, indexPath: indexPath))
        row.element.performing?.perform()
        onSelect?(row, indexPath)
      case .editChanged(let field, let text):
        field.textDidChange(to: text)
      case .editCommitted(let field, let text):
        field.textDidCommit(text: text)
      case .startLoads(let force):
        startDueLoads(force: force)
      case .dropDistantRows:
        dropDistantRows()
      case .startStreams:
        startDueStreams()
      case .takeWaitingMoves:
        takeWaitingMoves()
      case .display:
        setNeedsDisplay()
      }
    }
  }

  /// What runs after every frame, once the rows it brought on screen were told of: the
  /// streams of a changed table start, rows far away go, loads that are due start, and moves
  /// that waited for rows go on.
  static let effectsAfterFrame: [TableEffect] = [
    .startStreams, .dropDistantRows, .startLoads(force: false), .takeWaitingMoves,
  ]

  /// Moves the selection to the next selectable row down (1) or up (-1).
  func moveSelection(by step: Int) { perform(.step(step)) }

  /// Scrolls a page down (1) or up (-1) and moves the selection as far.
  func page(by direction: Int) { perform(.page(direction)) }

  /// Goes to the first row with the table at its top, or the last row with it at its end.
  func jump(toEnd: Bool, rearming: Bool = true) {
    perform(.jump(toEnd: toEnd, rearming: rearming))
  }

  /// Scrolls by `lines`, down when positive; the selection follows the screen.
  func scroll(by lines: Int) { perform(.scroll(by: lines)) }

  /// Chooses the selected row.
  func activateSelection() { perform(.choose) }

  /// Ends editing, telling the field the final text when `commit` is set.
  func endEditing(commit: Bool) {
    state.endEditing(commit: commit)
    run(state.takeEffects())
  }

  /// Whether a text field is being edited, for a status line that says which keys do what.
  ///
  /// ```swift
  /// let form = TableModelController()
  /// form.status = { [weak form] in form?.isEditing == true ? "Enter saves" : "Enter edits" }
  /// ```
  public var isEditing: Bool { state.selection.editing != nil }

  /// Carries out the moves that waited for rows, once no page is loading at their end, on
  /// the table as it is now.
  func takeWaitingMoves() {
    guard let waiting = state.scroll.waitingMoves, !state.isLoading(at: waiting.end) else {
      return
    }
    applyTableChange()
    perform(.takeWaitingMoves)
  }

  /// Carries out the moves waiting at the end `loader` fills, now that its page came, with
  /// rows (`added`) or none; a page at the other end leaves them waiting.
  func takeWaitingMoves(after loader: LoaderID, added: Bool) {
    guard state.noteRowsArrived(from: loader, added: added) else { return }
    takeWaitingMoves()
  }
}
