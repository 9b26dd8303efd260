/// Page loading with ``TailLoader`` and ``HeadLoader``: prefetching, the spinner and error
/// rows, retrying, jumping.
extension TableModelController {
  /// The tag of the spinner row shown while a page loads.
  package static let loadingRowTag = "TermElements.loading"
  /// The tag of the row shown when a page failed to load.
  package static let loadErrorRowTag = "TermElements.loadError"

  /// Whether a page is loading.
  public var isFetchingPage: Bool { state.loading.isFetching }

  /// Whether a page failed to load, its error row shown until ``retryFailedLoads()``.
  package var hasFailedLoads: Bool { state.loading.hasFailed }

  /// Whether the table may grow at its end: the last section has a loader that is loading or
  /// has not said it reached the end of its data.
  package var loadsMoreAtEnd: Bool { state.loadsMore(at: .tail) }

  /// Waits until no page is loading, for tests and scripts.
  ///
  /// ```swift
  /// let controller = TableModelController()
  /// var screen = Screen(width: 20, height: 3)
  /// controller.render(into: &screen)  // starts the first load, if the table has a loader
  /// await controller.waitForLoads()
  /// ```
  public func waitForLoads() async {
    while true {
      let running = Array(loadTasks.values)
      guard !running.isEmpty else { return }
      for task in running { await task.value }
    }
  }

  /// Tries every failed load again, and asks again every loader whose last page was empty.
  package func retryFailedLoads() {
    guard state.loading.retry() else { return }
    tableChanged = true
    applyTableChange()
    startDueLoads(force: true)
  }

  /// The table as shown: the app's table with a spinner or error row at the tail of each
  /// section whose tail loader is loading or failed, and at the head of each whose head loader
  /// is; with the sections that have loaders, so that each frame looks at those sections
  /// only, and where the added rows are.
  func presented(_ table: Table) -> PresentedTable {
    var shown = table
    var addedAtHead: Set<Int> = []
    var addedAtTail: [Int: Int] = [:]
    for index in shown.sections.indices {
      guard let stream = shown.sections[index].stream else { continue }
      shown.sections[index] = presentingStream(of: shown.sections[index])
      if live.streamFailures[stream.id] != nil { addedAtTail[index, default: 0] += 1 }
    }
    if table.tailLoader != nil && shown.sections.isEmpty {
      shown.sections.append(Section(rows: []))
    }
    let loaderSections = shown.sections.indices.filter {
      state.loader(ofSection: $0, in: shown) != nil || shown.sections[$0].headLoader != nil
    }
    for index in loaderSections {
      if let loader = state.loader(ofSection: index, in: shown),
        let phase = state.loading.phases[.tail(loader.id)],
        let row = statusRow(for: phase, loader: .tail(loader.id))
      {
        shown.sections[index].rows.append(row)
        addedAtTail[index, default: 0] += 1
      }
      if let loader = shown.sections[index].headLoader,
        let phase = state.loading.phases[.head(loader.id)],
        let row = statusRow(for: phase, loader: .head(loader.id))
      {
        shown.sections[index].rows.insert(row, at: 0)
        addedAtHead.insert(index)
      }
    }
    var addedRows: [IndexPath] = []
    for index in shown.sections.indices {
      if addedAtHead.contains(index) { addedRows.append(IndexPath(row: 0, section: index)) }
      let count = shown.sections[index].rows.count
      for row in (count - (addedAtTail[index] ?? 0))..<count {
        addedRows.append(IndexPath(row: row, section: index))
      }
    }
    return PresentedTable(table: shown, loaderSections: loaderSections, addedRows: addedRows)
  }

  /// The row that shows a loader's state: a spinner while loading, the error when it failed.
  private func statusRow(for phase: LoaderPhase, loader: LoaderID) -> Row? {
    switch phase {
    case .loading:
      return Row(
        ElementOfActivityIndicator(props: true), id: RowID("\(Self.loadingRowTag).\(loader)"),
        tag: Self.loadingRowTag, separatorStyle: .none, selectionStyle: .none,
        isUserInteractionEnabled: false)
    case .failed(let message):
      let retry = Action { [weak self] in self?.retryFailedLoads() }
      let what = loader.end == .head ? "earlier rows" : "more"
      return Row(
        ElementOfLabel(props: "⚠ Could not load \(what): \(message) — r retries").styles {
          $0.style = Style(foreground: .red, monochrome: .bold)
        },
        id: RowID("\(Self.loadErrorRowTag).\(loader)"), tag: Self.loadErrorRowTag,
        separatorStyle: .none, didSelect: retry)
    case .parked, .finished, .caughtUp:
      return nil
    }
  }

  /// Starts loading for every idle loader whose end of its section is within its prefetch
  /// distance of the screen (or, with `force`, for every idle loader at all).
  func startDueLoads(force: Bool = false) {
    let shown = state.layout.table
    guard !isFinished, !shown.sections.isEmpty else { return }
    let geometry = state.geometry(at: state.offsetFromAnchor())
    let topLine = -geometry.contentTop
    let bottomLine = state.tableHeight - geometry.contentTop
    let screens = 2 * max(1, state.tableHeight)
    for index in state.loading.loaderSections where index < shown.sections.count {
      for id in loaderIDs(ofSection: index, in: shown) { addParkedPage(of: id) }
      if let loader = state.loader(ofSection: index, in: shown) {
        let id = LoaderID.tail(loader.id)
        let sectionEnd =
          index + 1 < shown.sections.count
          ? state.layout.offset(ofPosition: state.layout.sectionStart(index + 1))
          : state.layout.contentHeight
        let isNear = bottomLine + max(0, loader.prefetchDistance ?? screens) >= sectionEnd
        rearmIfCaughtUp(id, isNear: isNear)
        if state.loading.phases[id] == nil && (force || isNear) {
          start(id) { last in try await loader.loadAfter(last) }
        }
      }
      if let loader = shown.sections[index].headLoader {
        let id = LoaderID.head(loader.id)
        let sectionStart = state.layout.offset(ofPosition: state.layout.sectionStart(index))
        let isNear = topLine - max(0, loader.prefetchDistance ?? screens) <= sectionStart
        rearmIfCaughtUp(id, isNear: isNear)
        // An empty section with both loaders fills from its tail loader first.
        if state.loading.phases[id] == nil && (force || isNear) && !waitsForTail(section: index) {
          start(id) { first in try await loader.loadBefore(first) }
        }
      }
    }
  }

  /// A loader whose last page was empty is ready to be asked again once its end of the
  /// section is no longer near the screen: when the user comes back, it is asked once more.
  private func rearmIfCaughtUp(_ loader: LoaderID, isNear: Bool) {
    guard !isNear, case .caughtUp? = state.loading.phases[loader] else { return }
    state.loading.phases[loader] = nil
  }

  /// Whether section `index` holds no rows of the app's and its own tail loader has not yet
  /// said it has nothing more: its head loader, which would fetch from the end of the data,
  /// waits.
  private func waitsForTail(section index: Int) -> Bool {
    guard index < table.sections.count, table.sections[index].rows.isEmpty,
      let tail = table.sections[index].tailLoader
    else { return false }
    switch state.loading.phases[.tail(tail.id)] {
    case .finished?, .caughtUp?: return false
    case nil, .loading?, .parked?, .failed?: return true
    }
  }

  /// The section of ``table`` that `loader` fills, if it is still there.
  private func section(of loader: LoaderID) -> Int? {
    switch loader.end {
    case .head:
      table.sections.lastIndex { $0.headLoader?.id == loader.id }
    case .tail:
      table.sections.indices.last { state.loader(ofSection: $0, in: table)?.id == loader.id }
    }
  }

  /// Fetches a page for `loader` with `fetch`, given the row it continues from, and adds it
  /// when it arrives.
  private func start(
    _ loader: LoaderID, fetch: @escaping @Sendable (Row?) async throws -> [Row]?
  ) {
    let rows = section(of: loader).map { table.sections[$0].rows }
    let boundary = loader.end == .head ? rows?.first : rows?.last
    let number = state.loading.begin(loader)
    let task = Task { @MainActor [weak self] in
      let result: Result<[Row]?, any Error>
      do {
        // A load cancelled before it ran, as when the program quits, asks for nothing.
        try Task.checkCancellation()
        result = .success(try await fetch(boundary))
      } catch {
        result = .failure(error)
      }
      self?.finishLoad(of: loader, number: number, with: result)
    }
    loadTasks[loader] = task
    // A spinner above the rows does not push them down.
    if loader.end == .head { state.loading.heldSection = section(of: loader) }
    tableChanged = true
    setNeedsDisplay()
  }

  /// Takes a finished fetch: adds its rows, marks the end, or shows the error.
  private func finishLoad(
    of loader: LoaderID, number: Int, with result: Result<[Row]?, any Error>
  ) {
    guard case .loading(number)? = state.loading.phases[loader], !isFinished else { return }
    loadTasks[loader] = nil
    if loader.end == .head { state.loading.heldSection = section(of: loader) }
    var revealsError = false
    var added = false
    switch result {
    case .success(nil):
      state.loading.phases[loader] = .finished
    case .success(let rows?) where rows.isEmpty:
      state.loading.phases[loader] = .caughtUp
    case .success(let rows?) where !isInTable(loader):
      park(rows, of: loader, number: number)
    case .success(let rows?):
      state.loading.phases[loader] = nil
      add(rows, from: loader)
      added = true
    case .failure(let error):
      guard !Task.isCancelled else {
        state.loading.phases[loader] = nil
        break
      }
      revealsError = selectionIsNext(toSpinnerOf: loader)
      state.loading.phases[loader] = .failed(String(describing: error))
    }
    tableChanged = true
    if revealsError { revealErrorRow(of: loader) }
    takeWaitingMoves(after: loader, added: added)
    setNeedsDisplay()
  }

  /// Whether the selected row is the one next to the spinner of `loader`: the last row above a
  /// tail loader's, the first below a head loader's, where the user waits for the page.
  private func selectionIsNext(toSpinnerOf loader: LoaderID) -> Bool {
    let spinner = RowID("\(Self.loadingRowTag).\(loader)")
    guard let selected = state.selection.row,
      let path = state.layout.table.indexPath(of: .id(spinner))
    else { return false }
    let next = path.row + (loader.end == .tail ? -1 : 1)
    return selected == IndexPath(row: next, section: path.section)
  }

  /// Scrolls the error row of `loader` on screen, so that the user waiting next to it sees why
  /// nothing more came, without moving the selection.
  private func revealErrorRow(of loader: LoaderID) {
    applyTableChange()
    let id = RowID("\(Self.loadErrorRowTag).\(loader)")
    guard let errorRow = state.layout.table.indexPath(of: .id(id)) else { return }
    state.setOffset(state.offset(toShow: errorRow, at: .none))
  }

  /// Pages kept at most for loaders whose sections are out of the table.
  static let parkedPageLimit = 8

  /// Whether the section `loader` fills is in the table, for a page to be added to it.
  private func isInTable(_ loader: LoaderID) -> Bool {
    section(of: loader) != nil || (loader.end == .tail && table.tailLoader?.id == loader.id)
  }

  /// Keeps `rows`, the page of `loader` whose section is out of the table, for its return;
  /// beyond ``parkedPageLimit`` such pages, the oldest is dropped and its loader asked again.
  private func park(_ rows: [Row], of loader: LoaderID, number: Int) {
    state.loading.park(rows, of: loader, number: number, limit: Self.parkedPageLimit)
  }

  /// Adds the page kept for `loader` while its section was away, now that it is back.
  private func addParkedPage(of loader: LoaderID) {
    guard case .parked(let rows, _)? = state.loading.phases[loader], isInTable(loader) else {
      return
    }
    state.loading.phases[loader] = nil
    if loader.end == .head { state.loading.heldSection = section(of: loader) }
    add(rows, from: loader)
    tableChanged = true
    takeWaitingMoves(after: loader, added: true)
    setNeedsDisplay()
  }

  /// Adds a page to the section whose loader fetched it.
  private func add(_ rows: [Row], from loader: LoaderID) {
    if let section = section(of: loader) {
      switch loader.end {
      case .head: table.sections[section].rows.insert(contentsOf: rows, at: 0)
      case .tail: table.sections[section].rows.append(contentsOf: rows)
      }
    } else if loader.end == .tail, table.tailLoader?.id == loader.id {
      table.sections.append(Section(rows: rows))
    }
  }

  /// Replaces the rows of section `section` with `rows`, as for a jump to a new starting
  /// point: its loaders start afresh from the new rows (a page still in flight is dropped),
  /// and the row at `row` of `rows` is selected and scrolled to `position`. Say
  /// `reachesStart` or `reachesEnd` when `rows` are known to begin or end the data, so that
  /// the head or tail loader does not ask.
  ///
  /// ```swift
  /// // Jump to the end of a log: its last page, then earlier pages as the user scrolls up.
  /// controller.reset(section: 0, rows: lastPage, selecting: lastPage.count - 1, at: .bottom)
  /// ```
  public func reset(
    section: Int, rows: [Row], selecting row: Int?, at position: ScrollPosition = .none,
    reachesStart: Bool = false, reachesEnd: Bool = false
  ) {
    guard table.sections.indices.contains(section) else { return }
    for id in loaderIDs(ofSection: section, in: table) {
      loadTasks.removeValue(forKey: id)?.cancel()
      state.loading.phases[id] = nil
    }
    if reachesStart, let head = table.sections[section].headLoader {
      state.loading.phases[.head(head.id)] = .finished
    }
    if reachesEnd, let tail = table.sections[section].tailLoader {
      state.loading.phases[.tail(tail.id)] = .finished
    }
    table.sections[section].rows = Rows(rows)
    applyTableChange()
    guard let row, rows.indices.contains(row) else {
      select(nil)
      return
    }
    let shown = IndexPath(row: row, section: section)
    select(shown)
    scrollToRow(at: shown, position: position)
  }

  /// The loaders of section `index` of `table`.
  func loaderIDs(ofSection index: Int, in table: Table) -> [LoaderID] {
    var ids: [LoaderID] = []
    if let head = table.sections[index].headLoader { ids.append(.head(head.id)) }
    if let tail = table.sections[index].tailLoader { ids.append(.tail(tail.id)) }
    if index == table.sections.count - 1, let tail = table.tailLoader { ids.append(.tail(tail.id)) }
    return ids
  }

  /// Cancels every load in flight, as when quitting or when the screen is popped.
  func cancelLoads() {
    for (id, task) in loadTasks {
      task.cancel()
      state.loading.phases[id] = nil
    }
    loadTasks = [:]
  }
}
