/// Tail loading with ``TailLoader``: prefetching, the spinner and error rows, retrying.
extension TableModelController {
  /// The tag of the spinner row shown while a page loads.
  public static let loadingRowTag = "TermElements.loading"
  /// The tag of the row shown when a page failed to load.
  public static let loadErrorRowTag = "TermElements.loadError"

  /// Waits until no page is loading, for tests and scripts.
  ///
  /// ```swift
  /// controller.render(into: &screen)   // starts the first load
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
    for (id, state) in loads {
      if case .failed = state { loads[id] = nil }
    }
    tableChanged = true
    startDueLoads(force: true)
    setNeedsDisplay()
  }

  /// The table as shown: the app's table with a spinner or error row at the tail of each
  /// section whose loader is loading or failed. It also notes which sections have loaders, so
  /// that each frame looks at those sections only.
  func presented(_ table: Table) -> Table {
    var shown = table
    if table.tailLoader != nil && shown.sections.isEmpty {
      shown.sections.append(Section(rows: []))
    }
    loaderSections = shown.sections.indices.filter { loader(ofSection: $0, in: shown) != nil }
    for index in loaderSections {
      guard let loader = loader(ofSection: index, in: shown), let state = loads[loader.id]
      else { continue }
      switch state {
      case .loading:
        shown.sections[index].rows.append(
          Row(
            ElementOfActivityIndicator(props: true), tag: Self.loadingRowTag,
            separatorStyle: .none, selectionStyle: .none, isUserInteractionEnabled: false))
      case .failed(let message):
        let retry = Action { [weak self] in self?.retryFailedLoads() }
        shown.sections[index].rows.append(
          Row(
            ElementOfLabel(props: "⚠ Could not load more: \(message) — r retries").styles {
              $0.style = Style(foreground: .red, monochrome: .bold)
            },
            tag: Self.loadErrorRowTag, separatorStyle: .none, didSelect: retry))
      case .finished:
        break
      }
    }
    return shown
  }

  /// The loader of section `index`: its own, or the table's for the last section.
  func loader(ofSection index: Int, in table: Table) -> TailLoader? {
    if let own = table.sections[index].tailLoader { return own }
    return index == table.sections.count - 1 ? table.tailLoader : nil
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
      let distance = loader.prefetchDistance ?? 2 * max(1, tableHeight)
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
      parkedPages[id, default: []].append(contentsOf: rows)
      deliverParkedPages()
    case .failure(let error):
      loads[id] = Task.isCancelled ? nil : .failed(String(describing: error))
    }
    tableChanged = true
    setNeedsDisplay()
  }

  /// Appends pages that arrived for a loader to its section; a page whose loader is not in the
  /// table at the moment (the app is showing another table) waits until it is back, so that no
  /// page is dropped.
  func deliverParkedPages() {
    for (id, rows) in parkedPages {
      if let section = table.sections.indices.last(where: {
        loader(ofSection: $0, in: table)?.id == id
      }) {
        table.sections[section].rows.append(contentsOf: rows)
      } else if table.tailLoader?.id == id {
        table.sections.append(Section(rows: rows))
      } else {
        continue
      }
      parkedPages[id] = nil
    }
  }

  /// Cancels every load in flight, as when quitting.
  func cancelLoads() {
    for (id, state) in loads {
      if case .loading(let task) = state {
        task.cancel()
        loads[id] = nil
      }
    }
  }
}
