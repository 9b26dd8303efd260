/// A table screen as a value: its layout at the current size, where it is scrolled, what is
/// selected and where its loaders are. ``apply(_:)`` changes it for an action and returns
/// what the controller must do because of it; a test can drive it with no screen and
/// compare states.
///
/// ```swift
/// var state = TableState(table: Table(rows: (1...3).map { Row(ElementOfLabel(props: "\($0)")) }))
/// state.size = Size(width: 20, height: 4)
/// _ = state.apply(.step(1))
/// let selected = state.selection.row  // the first row: IndexPath(row: 0, section: 0)
/// ```
struct TableState {
  /// Where the table's parts go at the current width: the table as shown, with what the
  /// controller adds (spinners, error rows).
  var layout: TableLayout
  /// The size of the area of the last frame.
  var size = Size(width: 80, height: 24)
  /// Whether the bottom line is the status line, which the table does not take.
  var showsStatusLine = true
  /// Where the window is scrolled.
  var scroll = ScrollState()
  /// What is selected and edited.
  var selection = SelectionState()
  /// Where the page loaders are.
  var loading = LoadingState()
  /// The effects of the transition under way, which ``apply(_:)`` returns.
  var effects: [TableEffect] = []

  /// A state showing `table` at 80 × 24, scrolled to the top, with nothing selected yet.
  init(table: Table) {
    layout = TableLayout(table: table, width: size.width)
  }

  /// Lines the table gets: the area less the status line.
  var tableHeight: Int { max(0, size.height - (showsStatusLine ? 1 : 0)) }
  /// The size of the table's part of the screen: its width, and ``tableHeight``.
  var tableSize: Size { Size(width: size.width, height: tableHeight) }

  /// Applies `action` and returns what the controller must do because of it, in order.
  mutating func apply(_ action: TableAction) -> [TableEffect] {
    switch action {
    case .step(let step): moveSelection(by: step)
    case .page(let direction): page(by: direction)
    case .jump(let toEnd, let rearming): jump(toEnd: toEnd, rearming: rearming)
    case .scroll(let lines): scrollWindow(by: lines)
    case .choose: activateSelection()
    case .click(let indexPath): click(indexPath)
    case .select(let indexPath): select(indexPath)
    case .scrollTo(let indexPath, let position): scrollToRow(at: indexPath, position: position)
    case .takeWaitingMoves: takeWaitingMoves()
    }
    return takeEffects()
  }

  /// The effects collected so far, which are then forgotten.
  mutating func takeEffects() -> [TableEffect] {
    defer { effects = [] }
    return effects
  }

  /// Takes a new size, keeping the selected row in view at the next frame.
  mutating func resize(to newSize: Size) {
    let newSize = Size(width: max(0, newSize.width), height: max(0, newSize.height))
    guard newSize != size else { return }
    size = newSize
    layout.setWidth(newSize.width)
  }
}
