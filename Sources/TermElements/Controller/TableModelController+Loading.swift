/// Tail loading with ``TailLoader``: prefetching, the spinner and error rows, retrying.
extension TableModelController {
  /// The tag of the spinner row shown while a page loads.
  public static let loadingRowTag = "TermElements.loading"
  /// The tag of the row shown when a page failed to load.
  public static let loadErrorRowTag = "TermElements.loadError"

  /// Whether a page is loading.
  public var isFetchingPage: Bool {
    loads.values.contains {
      if case .loading = $0 { return true }
      return false
    }
  }

  /// Whether the table may grow at its end: the last section has a loader that is loading or
  /// has not said it reached the end of its data.
  public var loadsMoreAtEnd: Bool {
    let shown = layout.table
    guard !shown.sections.isEmpty,
      let loader = loader(ofSection: shown.sections.count - 1, in: shown)
    else { return false }
    switch loads[loader.id] {
    case nil, .loading?: return true
    case .failed?, .finished?: return false
    }
  }

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
      let running = loads.values.compactMap { state -> Task<Void, Never>? in
        if case .loading(let task) = state { return task }
        return nil
      }
      guard !running.isEmpty else { return }
      for task in running { await task.value }
    }
  }

  /// Tries every failed load again.
  public func retryFailedLoads() {
    var retried = false
    for (id, state) in loads {
      if case .failed = state {
        loads[id] = nil
        retried = true
      }
    }
    guard retried else { return }
    tableChanged = true
    applyTableChange()
    startDueLoads(force: true)
  }

  /// The table as shown: the app's table with a spinner or error row at the tail of each
  /// section whose loader is loading or failed. It also notes which sections have loaders, so
  /// that each frame looks at those sections only.
  func presented(_ table: Table) -> Table {
    var shown = table
    sectionsWithAddedRow = []
    for index in shown.sections.indices {
      guard let stream = shown.sections[index].stream else { continue }
      shown.sections[index] = presentingStream(of: shown.sections[index])
      if live.streamFailures[stream.id] != nil { sectionsWithAddedRow.append(index) }
    }
    if table.tailLoader != nil && shown.sections.isEmpty {
      shown.sections.append(Section(rows: []))
    }
    loaderSections = shown.sections.indices.filter { loader(ofSection: $0, in: shown) != nil }
    for index in loaderSections {
      guard let loader = loader(ofSection: index, in: shown), let state = loads[loader.id],
        let row = statusRow(for: state, loaderID: loader.id)
      else { continue }
      shown.sections[index].rows.append(row)
      sectionsWithAddedRow.append(index)
    }
    return shown
  }

  /// The row that shows a loader's state at its section's tail: a spinner while loading, the
  /// error when it failed.
  private func statusRow(for state: LoadState, loaderID: String) -> Row? {
    switch state {
    case .loading:
      return Row(
        ElementOfActivityIndicator(props: true), id: RowID("\(Self.loadingRowTag).\(loaderID)"),
        tag: Self.loadingRowTag, separatorStyle: .none, selectionStyle: .none,
        isUserInteractionEnabled: false)
    case .failed(let message):
      let retry = Action { [weak self] in self?.retryFailedLoads() }
      return Row(
        ElementOfLabel(props: "⚠ Could not load more: \(message) — r retries").styles {
          $0.style = Style(foreground: .red, monochrome: .bold)
        },
        id: RowID("\(Self.loadErrorRowTag).\(loaderID)"), tag: Self.loadErrorRowTag,
        separatorStyle: .none, didSelect: retry)
    case .finished:
      return nil
    }
  }

  /// The loader of section `index`: its own; for the last section, the table's once the
  /// section's own loader (if any) has reached the end of its data.
  func loader(ofSection index: Int, in table: Table) -> TailLoader? {
    let own = table.sections[index].tailLoader
    guard index == table.sections.count - 1, let tableLoader = table.tailLoader else { return own }
    guard let own else { return tableLoader }
    if case .finished? = loads[own.id] { return tableLoader }
    return own
  }

  /// Starts loading for every idle loader whose section's end is within its prefetch distance
  /// of the screen (or, with `force`, for every idle loader at all).
  func startDueLoads(force: Bool = false) {
    let shown = layout.table
    guard !isFinished, !shown.sections.isEmpty else { return }
    let geometry = geometry(at: offsetFromAnchor())
    let bottomLine = tableHeight - geometry.contentTop
    for index in loaderSections where index < shown.sections.count {
      guard let loader = loader(ofSection: index, in: shown), loads[loader.id] == nil else {
        continue
      }
      let sectionEnd =
        index + 1 < shown.sections.count
        ? layout.offset(ofPosition: layout.sectionStart(index + 1)) : layout.contentHeight
      let distance = max(0, loader.prefetchDistance ?? 2 * max(1, tableHeight))
      if force || bottomLine + distance >= sectionEnd {
        start(loader)
      }
    }
  }

  /// Fetches the next page of `loader` and appends it when it arrives.
  private func start(_ loader: TailLoader) {
    let task = Task { @MainActor [weak self, loader] in
      let result: Result<[Row]?, any Error>
      do {
        // A load cancelled before it ran, as when the program quits, asks for nothing.
        try Task.checkCancellation()
        result = .success(try await loader.loadMore())
      } catch {
        result = .failure(error)
      }
      self?.finishLoad(of: loader.id, with: result)
    }
    loads[loader.id] = .loading(task)
    tableChanged = true
    setNeedsDisplay()
  }

  /// Takes a finished fetch: appends its rows, marks the end, or shows the error.
  private func finishLoad(of id: String, with result: Result<[Row]?, any Error>) {
    guard case .loading = loads[id], !isFinished else { return }
    switch result {
    case .success(nil):
      loads[id] = .finished
    case .success(let rows?):
      loads[id] = nil
      append(rows, loaderID: id)
    case .failure(let error):
      loads[id] = Task.isCancelled ? nil : .failed(String(describing: error))
    }
    tableChanged = true
    setNeedsDisplay()
  }

  /// Appends a page to the section whose loader fetched it; a page whose loader is no longer
  /// in the table is dropped, as the app replaced what it was loading.
  private func append(_ rows: [Row], loaderID: String) {
    if let section = table.sections.indices.last(where: {
      loader(ofSection: $0, in: table)?.id == loaderID
    }) {
      table.sections[section].rows.append(contentsOf: rows)
    } else if table.tailLoader?.id == loaderID {
      table.sections.append(Section(rows: rows))
    }
  }

  /// Cancels every load in flight, as when quitting or when the screen is popped.
  func cancelLoads() {
    for (id, state) in loads {
      if case .loading(let task) = state {
        task.cancel()
        loads[id] = nil
      }
    }
  }
}
