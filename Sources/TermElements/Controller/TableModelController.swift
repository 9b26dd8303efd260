/// Interprets a ``Table`` on a terminal screen: scrolling, selection, sticky headers, editing,
/// and the `willDisplay` hook for tail loading — ViewElements' `TableModelViewController`.
///
/// The controller is pure: it takes ``InputEvent``s and draws frames into a ``Screen``, so a
/// test can drive it with scripted keys. `TermElementsCurses` runs it on a real terminal.
///
/// Subclass it and set the table in ``setupTable()``:
///
/// ```swift
/// final class Inbox: TableModelController {
///   override func setupTable() {
///     table = Table(rows: messages.map { Row(ElementOfLabel(props: $0.subject)) })
///   }
/// }
/// ```
///
/// or give it a closure that builds the table, which ``reload()`` calls again:
///
/// ```swift
/// let controller = TableModelController { Table(rows: currentRows()) }
/// ```
@MainActor
open class TableModelController {
  /// The table shown. A new table shows from the next frame on, keeping the scroll position
  /// and the selection, as ``reloadData()`` does.
  public var table: Table {
    didSet { tableChanged = true }
  }
  /// Where the table's parts go at the current width.
  public internal(set) var layout: TableLayout
  /// The selected row, highlighted; Enter chooses it.
  public internal(set) var selection: IndexPath?
  /// The screen size of the last frame.
  public private(set) var size = Size(width: 80, height: 24)
  /// Whether the user asked to quit.
  public private(set) var isFinished = false
  /// Whether the last frame showed something animated, such as a spinner.
  public private(set) var isAnimating = false
  /// Whether the bottom line shows ``statusText()`` and the position.
  public var showsStatusLine = true
  /// The marks to draw with; `.ascii` for terminals without Unicode.
  public var glyphs: GlyphSet = .unicode
  /// Called when something other than input needs a new frame, such as a finished load.
  public var onNeedsDisplay: (@MainActor () -> Void)?

  /// Builds the table again on ``reload()``, when the controller was made with a closure.
  private let makeTable: (@MainActor () -> Table)?
  /// Whether `table`, or what the controller adds to it, changed since the layout last saw it.
  var tableChanged = false
  /// What the top of the scroll window is pinned to, so that heights measured above it do not
  /// move what the user is looking at.
  var anchor = ScrollAnchor.header(offset: 0)
  /// A `scrollToRow` waiting for the next frame.
  var pendingScroll: (indexPath: IndexPath, position: ScrollPosition)?
  /// The rows on screen in the last frame, to call `willDisplay` only for rows that enter.
  private var displayedRows: Set<IndexPath> = []
  /// What the last frame drew, for mouse clicks.
  var visibleItems: [VisibleItem] = []
  /// The text field being edited, if any.
  var editor: LineEditor?
  /// The animation frame.
  private var tick = 0
  /// The state of each tail loader, by id; a loader not here is idle.
  var loads: [String: LoadState] = [:]
  /// The sections that have a tail loader, found when the table was last presented.
  var loaderSections: [Int] = []
  /// Pages that arrived while their loader's section was not in the table.
  var parkedPages: [String: [Row]] = [:]
  /// Whether a frame with no selection selects the first selectable row on screen; selecting
  /// `nil` turns this off.
  private var selectsFirstRow = true

  /// Makes a controller showing `table`; ``setupTable()`` runs first and may replace it.
  public init(table: Table = Table()) {
    self.table = table
    makeTable = nil
    layout = TableLayout(table: table, width: size.width)
    setupTable()
    layout = TableLayout(table: presented(self.table), width: size.width)
    tableChanged = false
  }

  /// Makes a controller whose table `makeTable` builds, now and on each ``reload()``.
  public init(makeTable: @escaping @MainActor () -> Table) {
    let table = makeTable()
    self.table = table
    self.makeTable = makeTable
    layout = TableLayout(table: table, width: size.width)
    setupTable()
    layout = TableLayout(table: presented(self.table), width: size.width)
    tableChanged = false
  }

  /// Override to set ``table`` when the controller is made.
  open func setupTable() {}

  /// Called once each time a row enters the screen: the hook for tail loading.
  ///
  /// ```swift
  /// override func willDisplay(row: Row, at indexPath: IndexPath) {
  ///   if row.tag == "loading" && !isLoading { loadNextPage() }
  /// }
  /// ```
  open func willDisplay(row: Row, at indexPath: IndexPath) {}

  /// Override to handle a key before the controller does; return `true` to consume it.
  ///
  /// ```swift
  /// override func keyPressed(_ key: Key) -> Bool {
  ///   guard key == .escape else { return false }
  ///   showList()
  ///   return true
  /// }
  /// ```
  open func keyPressed(_ key: Key) -> Bool { false }

  /// Override to show text at the left of the status line.
  open func statusText() -> String { "" }

  /// Builds the table again (with the closure, if there is one), lays everything out afresh,
  /// including the table header and stretchy header, and scrolls back to the top.
  public func reload() {
    if let makeTable { table = makeTable() }
    layout = TableLayout(table: presented(table), width: layout.width)
    tableChanged = false
    anchor = .header(offset: 0)
    pendingScroll = nil
    selection = validSelection(selection)
    setNeedsDisplay()
  }

  /// Lays the rows and sections out again, keeping the scroll position and the selection; use
  /// it after appending a page.
  ///
  /// As with UITableView, the rows on screen count as displayed anew, so ``willDisplay(row:at:)``
  /// is called for them again at the next frame: the ViewElements tail-loading recipe relies on
  /// this when its loading row is still on screen after a page arrives.
  public func reloadData() {
    updateLayout()
    displayedRows = []
  }

  /// Brings the layout up to date with the table and what the controller shows with it.
  func updateLayout() {
    if !parkedPages.isEmpty { deliverParkedPages() }
    layout.update(table: presented(table))
    tableChanged = false
    selection = validSelection(selection)
    setNeedsDisplay()
  }

  /// Asks the front end for a new frame.
  public func setNeedsDisplay() {
    onNeedsDisplay?()
  }

  /// Marks the controller finished; the front end then restores the terminal and returns.
  public func finish() {
    isFinished = true
    cancelLoads()
    setNeedsDisplay()
  }

  /// The error the controller failed with, which the front end throws once the terminal is
  /// given back.
  public private(set) var failure: (any Error)?

  /// Stops with an error from your code: the front end gives the terminal back and throws it.
  ///
  /// ```swift
  /// do { try store.save() } catch { fail(with: error) }
  /// ```
  public func fail(with error: any Error) {
    failure = error
    finish()
  }

  /// The row at `indexPath`.
  public func row(at indexPath: IndexPath) -> Row {
    table[indexPath]
  }

  /// The header of section `section`, if it has one.
  public func header(inSection section: Int) -> SectionHeader? {
    table.sections[section].header
  }

  /// The footer of section `section`, if it has one.
  public func footer(inSection section: Int) -> SectionFooter? {
    table.sections[section].footer
  }

  /// Selects a row, or clears the selection with `nil`, and scrolls it into view.
  public func select(_ indexPath: IndexPath?) {
    endEditing()
    selectsFirstRow = indexPath != nil
    selection = indexPath.flatMap { validSelection($0) }
    if let selection { scrollToRow(at: selection, position: .none) }
    setNeedsDisplay()
  }

  /// Scrolls so that the row at `indexPath` is at `position`, from the next frame on.
  public func scrollToRow(at indexPath: IndexPath, position: ScrollPosition) {
    pendingScroll = (indexPath, position)
    setNeedsDisplay()
  }

  /// The scroll offset in lines: 0 at the top, with the stretchy header at rest.
  public var scrollOffset: Int { offsetFromAnchor() }

  /// Brings the layout up to date with `table` after a change.
  func applyTableChange() {
    guard tableChanged else { return }
    updateLayout()
  }

  /// The selection if it still names a row, else the nearest row that does.
  private func validSelection(_ indexPath: IndexPath?) -> IndexPath? {
    let sections = layout.table.sections
    guard let indexPath, !sections.isEmpty else { return nil }
    let section = min(indexPath.section, sections.count - 1)
    let rows = sections[section].rows.count
    if rows > 0 { return IndexPath(row: min(indexPath.row, rows - 1), section: section) }
    return firstSelectableRow(from: layout.sectionStart(section), step: 1)
      ?? firstSelectableRow(from: layout.sectionStart(section), step: -1)
  }

  /// Records which rows the last frame showed and calls ``willDisplay(row:at:)`` for the new
  /// ones, in order.
  func noteDisplayedRows() {
    var shown: Set<IndexPath> = []
    var entered: [IndexPath] = []
    for visible in visibleItems {
      guard case .row(let indexPath) = visible.item else { continue }
      shown.insert(indexPath)
      if !displayedRows.contains(indexPath) { entered.append(indexPath) }
    }
    displayedRows = shown
    for indexPath in entered {
      willDisplay(row: layout.table[indexPath], at: indexPath)
    }
  }

  /// Draws a frame of the whole screen, calling ``willDisplay(row:at:)`` for rows that enter.
  ///
  /// A table changed by `willDisplay` is laid out and drawn again before the frame is done.
  public func render(into screen: inout Screen) {
    if screen.size != size { resize(to: screen.size) }
    screen.isAnimated = false
    let area = Rect(x: 0, y: 0, width: size.width, height: tableHeight)
    for _ in 0..<3 {
      applyTableChange()
      applyPendingScroll()
      let offset = offsetFromAnchor()
      if selection == nil && selectsFirstRow {
        let top = max(0, geometry(at: offset).visibleContentLines.lowerBound)
        selection = firstSelectableRow(from: layout.position(atLine: top), step: 1, limit: 1_000)
      }
      // A field being edited shows its cursor instead of the selection's highlight.
      let highlighted = editor == nil ? selection : nil
      visibleItems = screen.draw(in: area, tick: tick, glyphs: glyphs) {
        TablePainter.paint(&layout, scrollOffset: offset, selection: highlighted, in: &$0)
      }
      setOffset(offset)
      noteDisplayedRows()
      startDueLoads()
      if !tableChanged { break }
    }
    isAnimating = screen.isAnimated
    if showsStatusLine { drawStatusLine(into: &screen) }
  }

  /// Lines the table gets: the screen less the status line.
  var tableHeight: Int { max(0, size.height - (showsStatusLine ? 1 : 0)) }

  /// Takes a new screen size, keeping the selected row in view.
  private func resize(to newSize: Size) {
    size = newSize
    layout.setWidth(newSize.width)
    if let selection, pendingScroll == nil { pendingScroll = (selection, .none) }
  }

  /// Draws the status line: the controller's text at the left, the position at the right.
  private func drawStatusLine(into screen: inout Screen) {
    let line = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
    let rows = layout.rowCount - loads.values.filter(\.showsRow).count
    let position =
      switch (rows, selection) {
      case (0, _): "empty"
      case (1, nil): "1 row"
      case (_, nil): "\(rows) rows"
      case (_, let selection?): "\(layout.rowNumber(of: selection) + 1)/\(rows)"
      }
    let text = statusText()
    screen.draw(in: line, glyphs: glyphs) { canvas in
      let style = Style(attributes: .reverse)
      canvas.fill(style: style)
      let positionWidth = DisplayText.width(of: position)
      let room = max(0, canvas.size.width - positionWidth - 2)
      let glyphs = TextLayout.truncate(
        DisplayText.singleLine(of: text, glyphs: canvas.glyphs), width: room,
        ellipsis: canvas.glyphs.ellipsis)
      canvas.write(glyphs, at: Point(x: 1, y: 0), style: style)
      canvas.write(
        position, at: Point(x: max(0, canvas.size.width - positionWidth - 1), y: 0), style: style)
    }
  }

  /// Applies one input event.
  public func handle(_ event: InputEvent) {
    applyTableChange()
    switch event {
    case .key(let key): handle(key)
    case .mouse(let mouse): handle(mouse)
    case .resize(let newSize): resize(to: newSize)
    case .tick: tick &+= 1
    }
  }
}
