/// Keys and mouse: moving the selection, paging, choosing rows and editing text fields.
extension TableModelController {
  /// Lines a page moves: the screen below the smallest stretchy header, less one line kept
  /// for context.
  var pageHeight: Int {
    max(1, tableHeight - minimumHeaderHeight - 1)
  }

  /// Applies a key.
  func handle(_ key: Key) {
    if editor != nil, editText(with: key) { return }
    if keyPressed(key) { return }
    switch key {
    case .down, .character("j"): moveSelection(by: 1)
    case .up, .character("k"): moveSelection(by: -1)
    case .pageDown, .character(" "), .character("f"), .control("f"): page(by: 1)
    case .pageUp, .character("b"), .control("b"): page(by: -1)
    case .home, .character("g"): jump(toEnd: false)
    case .end, .character("G"): jump(toEnd: true)
    case .enter: activateSelection()
    case .character("q"), .escape, .control("c"): finish()
    case .character("r"): retryFailedLoads()
    default: break
    }
  }

  /// Applies a mouse event: the wheel scrolls three lines, a click selects and chooses a row.
  func handle(_ mouse: MouseEvent) {
    switch mouse.kind {
    case .wheelUp: scroll(by: -3)
    case .wheelDown: scroll(by: 3)
    case .click:
      guard
        let hit = visibleItems.last(where: {
          $0.frame.contains(mouse.point) && mouse.point.y < tableHeight
        }), case .row(let indexPath) = hit.item, layout.table[indexPath].isUserInteractionEnabled
      else { return }
      endEditing()
      selection = indexPath
      activateSelection()
    }
  }

  /// Moves the selection to the next selectable row down (1) or up (-1); past the last or
  /// first row it scrolls to the end instead.
  func moveSelection(by step: Int) {
    endEditing()
    guard let current = selection else {
      selection = firstVisibleSelectableRow() ?? firstSelectableRow(from: 0, step: 1)
      if let selection { scrollToRow(at: selection, position: .none) }
      return
    }
    let from = layout.position(of: .row(current)) + step
    if let next = firstSelectableRow(from: from, step: step) {
      selection = next
      scrollToRow(at: next, position: .none)
    } else {
      setOffset(step > 0 ? Int.max : 0)
    }
  }

  /// Scrolls a page down (1) or up (-1) and moves the selection as far; past either end it
  /// goes to the last or first row.
  func page(by direction: Int) {
    endEditing()
    let before = offsetFromAnchor()
    let distance = direction * pageHeight
    guard let current = selection else {
      setOffset(before + distance)
      return
    }
    let line = layout.offset(of: .row(current)) + distance
    guard line >= 0, line < layout.contentHeight else {
      jump(toEnd: direction > 0)
      return
    }
    let position = layout.position(atLine: line)
    let target =
      firstSelectableRow(from: position, step: direction)
      ?? firstSelectableRow(from: position, step: -direction)
    setOffset(before + distance)
    if let target {
      selection = target
      scrollToRow(at: target, position: .none)
    }
  }

  /// Goes to the first row with the table at its top, or the last row with it at its end.
  func jump(toEnd: Bool) {
    endEditing()
    if toEnd {
      selection = firstSelectableRow(from: layout.itemCount - 1, step: -1) ?? selection
      measureScreenful(endingAt: layout.itemCount - 1)
      setOffset(Int.max)
    } else {
      selection = firstSelectableRow(from: 0, step: 1) ?? selection
      setOffset(0)
    }
    pendingScroll = nil
  }

  /// Chooses the selected row: a text field starts editing, anything else runs the row's
  /// `didSelect`, and a button's action too.
  func activateSelection() {
    guard let indexPath = selection else { return }
    let row = layout.table[indexPath]
    if let field = row.element.base as? ElementOf<TextField> {
      editor = LineEditor(text: field.props.text ?? "")
      updateEditedField()
      return
    }
    row.didSelect?()
    if let button = row.element.base as? ElementOf<Button> {
      button.props.action()
    }
  }

  /// Sends a key to the text field being edited and returns whether it used the key.
  func editText(with key: Key) -> Bool {
    switch key {
    case .enter, .escape, .tab:
      endEditing()
      return true
    case .up, .down, .pageUp, .pageDown:
      return false
    default:
      guard var editor else { return false }
      let before = editor.text
      guard editor.apply(key) else { return true }
      self.editor = editor
      updateEditedField()
      if editor.text != before, let selection,
        let field = layout.table[selection].element.base as? ElementOf<TextField>
      {
        field.props.onChange?.run(editor.text)
      }
      return true
    }
  }

  /// Ends editing and hides the cursor.
  func endEditing() {
    guard editor != nil else { return }
    editor = nil
    updateEditedField()
  }

  /// Writes the editor's text and cursor into the selected text field.
  func updateEditedField() {
    guard let selection, var field = layout.table[selection].element.base as? ElementOf<TextField>
    else { return }
    if let editor {
      field.props.text = editor.text
      field.props.cursor = editor.cursor
    } else {
      field.props.cursor = nil
    }
    table[selection].element = Element(field)
    setNeedsDisplay()
  }

  /// The screen line on which the row at `indexPath` starts at `offset`.
  func screenLine(of indexPath: IndexPath, at offset: Int) -> Int {
    geometry(at: offset).contentTop + layout.offset(of: .row(indexPath))
  }

  /// The first selectable row drawn in the last frame.
  func firstVisibleSelectableRow() -> IndexPath? {
    for visible in visibleItems where !visible.isPinned {
      if case .row(let indexPath) = visible.item, layout.table[indexPath].isUserInteractionEnabled {
        return indexPath
      }
    }
    return nil
  }
}
