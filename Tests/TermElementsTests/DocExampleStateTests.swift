import Testing

@testable import TermElements

/// The doc comment examples of the controller's state, compiled and run: the state is driven
/// with no screen, and states are compared as values.
@MainActor
@Suite("The screen's state as a value: actions in, effects out")
struct DocExampleStateTests {
  /// Rows `1`…`count`, each a label of its number.
  private static func numbered(_ count: Int) -> [Row] {
    (1...count).map { Row(ElementOfLabel(props: "\($0)"), id: RowID($0)) }
  }

  @Test("A step with nothing selected selects the first row, with no screen")
  func stepSelectsFirstRow() {
    var state = TableState(table: Table(rows: (1...3).map { Row(ElementOfLabel(props: "\($0)")) }))
    state.size = Size(width: 20, height: 4)
    _ = state.apply(.step(1))
    let selected = state.selection.row  // the first row: IndexPath(row: 0, section: 0)
    #expect(selected == IndexPath(row: 0, section: 0))
  }

  @Test("Choosing a row is an effect the controller runs, not a call the state makes")
  func chooseIsAnEffect() {
    var state = TableState(table: Table(rows: [Row(ElementOfLabel(props: "Hi"))]))
    _ = state.apply(.select(IndexPath(row: 0, section: 0)))
    let effects = state.apply(.choose)  // the row chosen: .choose(row, [0, 0])
    let chosen = effects.compactMap { effect -> IndexPath? in
      guard case .choose(_, let indexPath) = effect else { return nil }
      return indexPath
    }
    #expect(chosen == [IndexPath(row: 0, section: 0)])
  }

  @Test("A page down and a page up come back to the state they left, as values")
  func pageDownAndUpComeBack() {
    var state = TableState(table: Table(rows: Self.numbered(50)))
    state.size = Size(width: 20, height: 10)
    _ = state.apply(.step(1))
    _ = state.apply(.step(1))
    state.layWindowOut()
    let before = (state.scroll, state.selection)
    _ = state.apply(.page(1))
    state.layWindowOut()
    // Rows take two lines with their separators: 8 lines down is 4 rows down.
    #expect(state.selection.row == IndexPath(row: 5, section: 0))
    #expect(state.scroll != before.0)
    _ = state.apply(.page(-1))
    state.layWindowOut()
    #expect(state.scroll == before.0)
    #expect(state.selection == before.1)
  }

  @Test("One intent at a time: a move that waits for rows replaces a scroll, and a step both")
  func oneIntent() {
    var table = Table(rows: Self.numbered(3))
    table.tailLoader = TailLoader(id: "more") { nil }
    var state = TableState(table: table)
    state.size = Size(width: 20, height: 10)
    state.loading.phases[.tail("more")] = .loading(number: 1)
    _ = state.apply(.select(IndexPath(row: 2, section: 0)))
    var scroll = ScrollState()
    scroll.intent = .scroll(to: IndexPath(row: 40, section: 0), at: .middle)
    #expect(scroll.pendingScroll?.position == .middle)
    #expect(state.scroll.intent == .scroll(to: IndexPath(row: 2, section: 0), at: .none))
    _ = state.apply(.step(1))
    let waiting = WaitingMoves(moves: [.step(1)], from: .id(RowID(3)))
    #expect(state.scroll.intent == .moves(waiting))
    let intent = Intent.scroll(to: IndexPath(row: 3, section: 0), at: .top)
    _ = state.apply(.scrollTo(IndexPath(row: 0, section: 0), .top))
    #expect(state.scroll.intent != .moves(waiting))
    #expect(intent != state.scroll.intent)
    _ = state.apply(.step(-1))
    #expect(state.scroll.intent == nil)
    #expect(state.selection.row == IndexPath(row: 1, section: 0))
  }

  @Test("Loaders' phases are values: rearming and retrying change them, nothing else")
  func loadingPhases() {
    var loading = LoadingState()
    loading.phases[.tail("more")] = .caughtUp
    loading.rearmCaughtUp(at: .tail)  // the loader is idle again, asked at the next frame
    #expect(loading == LoadingState())
    loading.phases[.head("earlier")] = .failed("timeout")
    #expect(loading.hasFailed)
    let retried = loading.retry()
    let retriedAgain = loading.retry()
    #expect(retried && !retriedAgain)
    let number = loading.begin(.tail("more"))
    #expect(number == 1)
    #expect(loading.isFetching)
  }

  @Test("A selection and an edit are values")
  func selectionValues() {
    var selection = SelectionState()
    selection.row = IndexPath(row: 2, section: 0)
    let editing = Editing(indexPath: IndexPath(row: 0, section: 0), editor: LineEditor(text: "Ada"))
    selection.editing = editing
    #expect(selection.editing?.editor.text == "Ada")
    #expect(selection != SelectionState())
  }

  @Test("A presented table names the rows the controller added")
  func presentedTable() {
    let shown = PresentedTable(table: Table(), loaderSections: [], addedRows: [])
    #expect(shown.addedRows.isEmpty && shown.table.sections.isEmpty)
  }

  @Test("Actions change the state as the same actions one by one would")
  func pagesByAction() {
    var state = TableState(table: Table(rows: (1...50).map { Row(ElementOfLabel(props: "\($0)")) }))
    _ = state.apply(.page(1))
    var other = TableState(table: Table(rows: Self.numbered(50)))
    _ = other.apply(.scroll(by: 22))
    #expect(state.offsetFromAnchor() == other.offsetFromAnchor())
  }

  @Test("The rows a frame drew: those not drawn by the frame before arrived")
  func shownRowsHistory() {
    var history = ShownRowsHistory()
    let arrived = history.record([]) { _ in .id(RowID(1)) }  // no rows drawn: none arrived
    #expect(arrived.isEmpty)
    let first = IndexPath(row: 0, section: 0)
    let second = IndexPath(row: 1, section: 0)
    let frame = Rect(x: 0, y: 0, width: 10, height: 1)
    let drawn = [VisibleItem(item: .row(first), frame: frame, isPinned: false)]
    #expect(history.record(drawn) { .id(RowID($0.row)) } == [first])
    #expect(history.record(drawn) { .id(RowID($0.row)) } == [])
    let both = drawn + [VisibleItem(item: .row(second), frame: frame, isPinned: false)]
    #expect(history.record(both) { .id(RowID($0.row)) } == [second])
    history.showsAnew = true
    #expect(history.record(both) { .id(RowID($0.row)) } == [first, second])
    #expect(history.rows.count == 2)
  }
}
