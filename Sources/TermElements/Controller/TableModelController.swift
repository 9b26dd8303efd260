/// A screen that shows a ``Table``: scrolling, selection, sticky headers, editing, tail loading
/// and the `willDisplay` hook — ViewElements' `TableModelViewController` for the terminal.
///
/// The controller is pure: it takes ``InputEvent``s and draws frames into a ``Screen``, so a
/// test can drive it with scripted keys. `TermElementsCurses` runs it on a real terminal, in a
/// ``NavigationStack`` so that it can push other screens.
///
/// Subclass it and set the table in ``setupTable()``:
///
/// ```swift
/// final class Inbox: TableModelController {
///   override func setupTable() {
///     table = Table(rows: ["Welcome", "Your invoice"].map { Row(ElementOfLabel(props: $0)) })
///   }
/// }
/// ```
///
/// or give it a closure that builds the table, which ``reload()`` calls again, and closures
/// for what overrides would do:
///
/// ```swift
/// let inbox = TableModelController(title: "Inbox") {
///   Table(rows: ["Welcome", "Your invoice"].map { Row(ElementOfLabel(props: $0)) })
/// }
/// inbox.onSelect = { row, indexPath in print("chose row \(indexPath.row)") }
/// inbox.status = { "2 messages" }
/// ```
///
/// Rows with ids keep their selection, scroll position, measured heights and edits when the
/// table changes around them; see ``table``.
@MainActor
open class TableModelController {
  /// The table shown.
  ///
  /// A new table is applied at the next frame as a change by row identity: the selected row
  /// stays selected and the row at the top of the screen (the first seen below the headers)
  /// stays on its line when rows are inserted, deleted or moved around them (see ``Row/id``).
  /// Setting it asks for a frame; many changes in one turn make one frame.
  public var table: Table {
    didSet {
      tableChanged = true
      setNeedsDisplay()
    }
  }
  /// The screen's title, shown in the title line of a ``NavigationStack``.
  public var title: String {
    didSet { host?.setNeedsDisplay() }
  }
  /// Which keys do what; ``KeyMap/standard`` to begin with.
  public var keyMap = KeyMap.standard
  /// Whether the bottom line shows the status text and the position.
  public var showsStatusLine: Bool {
    get { state.showsStatusLine }
    set { state.showsStatusLine = newValue }
  }
  /// The marks to draw with; `.ascii` for terminals without Unicode.
  public var glyphs: GlyphSet = .unicode
  /// Called when any row of the screen is chosen, after the row's own ``Row/onSelect``: the
  /// same as giving every row that ``Row/onSelect``, for a screen whose rows all lead the same
  /// way.
  public var onSelect: (@MainActor (Row, IndexPath) -> Void)?
  /// Called with each key before the key map; return `true` to consume the key.
  public var onKey: (@MainActor (Key) -> Bool)?
  /// Gives the text at the left of the status line, when ``statusText()`` is not overridden.
  public var status: (@MainActor () -> String)?
  /// Gives the position at the right of the status line from the selected row's number (from
  /// 1, `nil` for none) and the number of rows, instead of `row/count`; for a screen that
  /// knows more rows exist than it has loaded, say.
  public var positionText: (@MainActor (_ row: Int?, _ count: Int) -> String)?
  /// Called each time the screen appears: it is shown first, pushed, or uncovered by a pop.
  public var onAppear: (@MainActor () -> Void)?
  /// Called each time the screen disappears: covered by a push, popped, or the program ends.
  public var onDisappear: (@MainActor () -> Void)?
  /// Called when something other than input needs a new frame, such as a finished load.
  package var onNeedsDisplay: (@MainActor () -> Void)?

  /// What shows the screen: its ``NavigationStack`` (``navigator``), if any.
  weak var host: (any ScreenHost)?
  /// The selected row, highlighted; Enter chooses it. It is always a row of the table as
  /// shown that can be selected, or `nil`; a table just set is laid out first.
  ///
  /// Reading it, like ``position`` and ``row(at:)``, has no effect: no stream, load or task
  /// starts, no closure of the app runs and no frame is asked for. What a new table causes
  /// happens with the next frame.
  public var selection: IndexPath? {
    layOutTableChange()
    return state.selection.row
  }
  /// Whether the user asked to quit.
  public internal(set) var isFinished = false
  /// Whether the last frame showed something animated, such as a spinner.
  package internal(set) var isAnimating = false
  /// Whether the screen is on the terminal: between ``didAppear()`` and ``didDisappear()``.
  package internal(set) var isVisible = false
  /// The error the controller failed with, which the front end throws once the terminal is
  /// given back.
  package internal(set) var failure: (any Error)?

  /// The screen as a value: layout, size, scroll, selection and loaders.
  var state: TableState
  /// Builds the table again on ``reload()`` and whenever what it read changes, when the
  /// controller was made with a closure.
  let makeTable: (@MainActor () -> Table)?
  /// Gives the title, when the controller was made with a closure for it.
  let makeTitle: (@MainActor () -> String)?
  /// What follows live data: streams, connections, the refresh.
  var live = LiveState()
  /// Whether `table`, or what the controller adds to it, changed since the layout last saw it.
  var tableChanged = false
  /// Whether a frame was asked for and not drawn yet.
  var needsDisplay = false
  /// What the last frame drew: for mouse clicks, and for telling the rows the next frame
  /// brings on screen.
  var shown = ShownRowsHistory()
  /// What should happen because of the last frame, run after it.
  var effects: [TableEffect] = []
  /// The animation frame.
  var tick = 0
  /// The task of each page load under way.
  var loadTasks: [LoaderID: Task<Void, Never>] = [:]
  /// What debug builds say in the status line about duplicate row ids in the table.
  var duplicateIDReport: String?
  /// A word for the user shown in place of the status text until the next key, such as
  /// ``quitNotice`` after Esc on the first screen.
  package internal(set) var notice: String?

  /// What the status line says when Esc is pressed with nothing to go back to.
  package static let quitNotice = "q quits"

  /// Makes a controller showing `table`; ``setupTable()`` runs first and may replace it.
  public init(title: String = "", table: Table = Table()) {
    self.table = table
    self.title = title
    makeTable = nil
    makeTitle = nil
    state = TableState(table: table)
    setupTable()
    layOutAfresh()
  }

  /// Makes a controller whose table `makeTable` builds: now, on each ``reload()``, and
  /// whenever an `@Observable` property it read changes (see <doc:LiveData>).
  ///
  /// ```swift
  /// @MainActor
  /// @Observable
  /// final class Mailbox {
  ///   var subjects = ["Welcome"]
  /// }
  /// let inbox = Mailbox()
  /// let screen = TableModelController(title: "Inbox") {
  ///   Table { Section { ForEach(inbox.subjects, id: \.self) { Row(ElementOfLabel(props: $0)) } } }
  /// }
  /// ```
  public convenience init(title: String = "", makeTable: @escaping @MainActor () -> Table) {
    self.init(makeTitle: nil, title: title, makeTable: makeTable)
  }

  /// Makes a controller whose title and table the closures build, now and whenever an
  /// `@Observable` property they read changes: a title that counts what the table shows.
  ///
  /// ```swift
  /// @MainActor
  /// @Observable
  /// final class Chores {
  ///   var open = 3
  /// }
  /// let todos = Chores()
  /// let screen = TableModelController(
  ///   title: { "To-do (\(todos.open) open)" }, makeTable: { Table() })
  /// ```
  public convenience init(
    title makeTitle: @escaping @MainActor () -> String,
    makeTable: @escaping @MainActor () -> Table
  ) {
    self.init(makeTitle: makeTitle, title: "", makeTable: makeTable)
  }

  /// Makes a controller built by closures.
  private init(
    makeTitle: (@MainActor () -> String)?, title: String,
    makeTable: @escaping @MainActor () -> Table
  ) {
    self.table = Table()
    self.title = title
    self.makeTable = makeTable
    self.makeTitle = makeTitle
    state = TableState(table: table)
    rebuild()
    setupTable()
    layOutAfresh()
  }

  /// Override to set ``table`` when the controller is made.
  open func setupTable() {}

  /// Called once each time a row enters the screen, after the frame that shows it: the hook
  /// for tail loading.
  ///
  /// ```swift
  /// override func willDisplay(row: Row, at indexPath: IndexPath) {
  ///   if row.tag == "loading" { print("time to load the next page") }
  /// }
  /// ```
  open func willDisplay(row: Row, at indexPath: IndexPath) {}

  /// Override to handle a key before the key map does; return `true` to consume it.
  ///
  /// ```swift
  /// override func keyPressed(_ key: Key) -> Bool {
  ///   guard key == .character("x") else { return false }
  ///   finish()
  ///   return true
  /// }
  /// ```
  open func keyPressed(_ key: Key) -> Bool { onKey?(key) ?? false }

  /// Override to show text at the left of the status line; by default ``status`` gives it.
  open func statusText() -> String { status?() ?? "" }

  /// Called each time the screen appears; call `super` when you override it.
  open func didAppear() { onAppear?() }

  /// Called each time the screen disappears; call `super` when you override it.
  open func didDisappear() { onDisappear?() }

  /// Builds the table again (with the closure, if there is one), lays everything out afresh,
  /// including the table header and stretchy header, and goes back to the top, selecting the
  /// first row there.
  public func reload() {
    rebuild()
    layOutAfresh()
    state.scroll = ScrollState()
    state.selection = SelectionState()
    shown.showsAnew = true
    setNeedsDisplay()
  }

  /// Lays the table out from scratch, measuring nothing yet.
  private func layOutAfresh() {
    let shown = presented(table)
    reportDuplicateIDs(in: shown.table)
    state.layout = TableLayout(table: shown.table, width: state.size.width)
    state.loading.loaderSections = shown.loaderSections
    state.loading.addedRows = shown.addedRows
    tableChanged = false
  }

  /// Lays the rows and sections out again, keeping the scroll position and the selection; use
  /// it after appending a page.
  ///
  /// As with UITableView, the rows on screen count as displayed anew, so ``willDisplay(row:at:)``
  /// is called for them again after the next frame: the ViewElements tail-loading recipe relies
  /// on this when its loading row is still on screen after a page arrives.
  public func reloadData() {
    tableChanged = true
    applyTableChange()
    shown.showsAnew = true
  }

  /// Asks for a new frame; asking again before it is drawn changes nothing.
  public func setNeedsDisplay() {
    guard !needsDisplay else { return }
    needsDisplay = true
    onNeedsDisplay?()
  }

  /// Paints every row anew at the next frame, rather than copying the rows shown before from
  /// the frames that painted them, and asks for that frame.
  ///
  /// A row shown again unchanged is copied from the last frame. Call this when what rows draw
  /// changed outside the table: their elements read something shared as they are drawn, such
  /// as where a screen's columns are scrolled, and it changed. It costs the rows on screen,
  /// however many the table holds. The heights measured stay: what changed must not change
  /// any row's height; to change heights, set ``table``.
  ///
  /// ```swift
  /// let screen = TableModelController()
  /// screen.redrawRows()
  /// ```
  public func redrawRows() {
    state.layout.painted.removeAll()
    setNeedsDisplay()
  }

  /// Shows `text` in the status line, in place of the status text, until the next key.
  ///
  /// ```swift
  /// let screen = TableModelController()
  /// screen.showNotice("Saved")
  /// ```
  public func showNotice(_ text: String) {
    notice = text
    setNeedsDisplay()
  }

  /// Marks the program finished; the front end then restores the terminal and returns.
  public func finish() {
    disappear()
    isFinished = true
    cancelLoads()
    live.refreshTask?.cancel()
    host?.finish()
    setNeedsDisplay()
  }

  /// Stops with an error from your code: the front end gives the terminal back and throws it.
  ///
  /// ```swift
  /// let screen = TableModelController()
  /// struct SaveFailed: Error {}
  /// screen.fail(with: SaveFailed())
  /// ```
  public func fail(with error: any Error) {
    failure = error
    host?.fail(with: error)
    finish()
  }

  /// The row shown at `indexPath`: a row of ``table``, or the spinner or error row the
  /// controller shows at the tail (or, for a ``HeadLoader``, the head) of a loading section.
  /// The index path must name a row, as an array index must.
  public func row(at indexPath: IndexPath) -> Row {
    layOutTableChange()
    return state.layout.table[indexPath]
  }

  /// The header of section `section`, if it has one.
  public func header(inSection section: Int) -> SectionHeader? {
    table.sections[section].header
  }

  /// The footer of section `section`, if it has one.
  public func footer(inSection section: Int) -> SectionFooter? {
    table.sections[section].footer
  }

  /// Selects a row, or clears the selection with `nil`, and scrolls it into view; a row that
  /// cannot be selected gives way to the nearest one that can.
  public func select(_ indexPath: IndexPath?) {
    applyTableChange()
    perform(.select(indexPath))
  }

  /// Selects the row with id `id` and scrolls it to `position`, wherever the table as shown
  /// has it; returns `false`, changing nothing, when no row has that id.
  ///
  /// ```swift
  /// let found = controller.select(rowWithID: RowID(42), at: .middle)
  /// ```
  @discardableResult
  public func select(rowWithID id: RowID, at position: ScrollPosition = .none) -> Bool {
    applyTableChange()
    guard let indexPath = state.layout.table.indexPath(of: .id(id)) else { return false }
    select(indexPath)
    scrollToRow(at: indexPath, position: position)
    return true
  }

  /// Scrolls so that the row at `indexPath` is at `position`, from the next frame on.
  public func scrollToRow(at indexPath: IndexPath, position: ScrollPosition) {
    perform(.scrollTo(indexPath, position))
  }

  /// The scroll offset in lines: 0 at the top, with the stretchy header at rest.
  public var scrollOffset: Int { state.offsetFromAnchor() }

  /// The number of the selected row, counting from 1 across all sections, and the number of
  /// rows; rows the controller adds, such as a loading spinner, do not count.
  public var position: (row: Int?, count: Int) {
    layOutTableChange()
    let layout = state.layout
    let addedRows = state.loading.addedRows
    let count = max(0, layout.rowCount - addedRows.count)
    guard let selected = state.selection.row, layout.table.contains(selected) else {
      return (nil, count)
    }
    // A spinner or error row the controller added has no number among the app's rows, and
    // those above do not count.
    guard !addedRows.contains(selected) else { return (nil, count) }
    let addedAbove = addedRows.count {
      $0.section < selected.section || ($0.section == selected.section && $0.row < selected.row)
    }
    return (layout.rowNumber(of: selected) + 1 - addedAbove, count)
  }

  /// Items measured since the controller was made, for benchmarks and tests that check that
  /// cost follows what changed.
  package var measurements: Int { state.layout.statistics.itemsMeasured }

  /// Whether a frame was asked for and not drawn yet, for benchmarks that wait for one.
  package var needsDisplayForBenchmark: Bool { needsDisplay }

  /// Applies one input event to the table as the events before it left it: a table that
  /// a change to what it was built from made due is rebuilt and applied first.
  public func handle(_ event: InputEvent) {
    rebuildIfChanged()
    applyTableChange()
    switch event {
    case .key(let key): handle(key)
    case .mouse(let mouse): handle(mouse)
    case .resize(let newSize): state.resize(to: newSize)
    case .tick: tick &+= 1
    }
    setNeedsDisplay()
  }
}
