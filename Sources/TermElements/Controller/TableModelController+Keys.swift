/// Keys and the mouse: the text field being edited first, then the screen's own handling,
/// then its key map.
extension TableModelController {
  /// Applies a key.
  func handle(_ key: Key) {
    notice = nil
    if state.selection.editing != nil {
      let used = state.editText(with: key)
      run(state.takeEffects())
      if used { return }
    }
    if keyPressed(key) { return }
    keyMap[key]?.perform(self, key)
  }

  /// Applies a mouse event: the wheel scrolls three lines, a click selects and chooses a row.
  func handle(_ mouse: MouseEvent) {
    switch mouse.kind {
    case .wheelUp: scroll(by: -3)
    case .wheelDown: scroll(by: 3)
    case .click:
      guard mouse.point.y >= 0, mouse.point.y < state.tableHeight,
        let hit = shown.rows.last(where: { $0.frame.contains(mouse.point) }),
        let indexPath = state.layout.table.indexPath(of: hit.key, near: hit.indexPath)
      else { return }
      perform(.click(indexPath))
    }
  }

  /// Shows the screen's keys on a help screen pushed on the navigation stack.
  func showHelp() {
    host?.push(HelpScreen(for: self))
  }
}
