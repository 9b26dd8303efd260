import Observation

/// Live data: tables rebuilt when what they read changes, sections bound to streams,
/// connections to stores, refreshing, and the appearance that starts and stops them.
extension TableModelController {
  /// Builds the title and table from the closures, watching what they read: the next change
  /// to any of it rebuilds them once, however many changes follow, before the next event is
  /// handled or the next frame drawn, or else in a later turn of the main actor. The new
  /// table is applied by id.
  func rebuild() {
    guard let makeTable else { return }
    _ = live.rebuildRequest.take()
    live.tableBuilds += 1
    let request = live.rebuildRequest
    let (title, table) = withObservationTracking {
      (makeTitle?(), makeTable())
    } onChange: { [weak self] in
      // Called as the change is being made, before the new value is stored: the rebuild
      // comes after the code that made the change has run.
      request.request()
      Task { @MainActor in self?.rebuildIfChanged() }
    }
    if let title, title != self.title { self.title = title }
    self.table = table
  }

  /// Rebuilds when what the last build read has changed since, unless the program has ended:
  /// typed-ahead keys then act on the table the keys before them left.
  func rebuildIfChanged() {
    guard !isFinished, live.rebuildRequest.take() else { return }
    rebuild()
  }

  /// Keeps `connection` connected while the screen is shown: it connects when the screen
  /// appears and disconnects when it disappears, so that a covered screen is not rebuilt.
  ///
  /// ```swift
  /// let store = Store(state: 0) { count, step in count += step }
  /// let counter = Connection(
  ///   store: store, mapStateToProps: { $0 }, mapDispatchToActions: { dispatch in { dispatch(1) } })
  /// let screen = TableModelController(
  ///   title: { "Count \(counter.props)" }, makeTable: { Table() })
  /// screen.connect(counter)
  /// ```
  public func connect(_ connection: some Connectable) {
    live.connections.append(connection)
    if isVisible { connection.connect() }
  }

  /// Runs `handler` when the user asks to refresh (Ctrl-R or R), and, with `initialRefresh`,
  /// when the screen first appears: RxSwiftWidgets' `onRefresh`. While it runs, a spinner
  /// shows in the title line; an error it throws is shown in the status line until the next
  /// refresh, and the rows stay as they were.
  ///
  /// ```swift
  /// let screen = TableModelController(title: "Users")
  /// screen.onRefresh(initialRefresh: true) { try await Task.sleep(for: .milliseconds(10)) }
  /// ```
  public func onRefresh(
    initialRefresh: Bool = false, _ handler: @escaping @MainActor () async throws -> Void
  ) {
    live.refresh = (handler, initialRefresh)
    keyMap.bind(.control("r"), .character("R"), to: .refresh)
    if initialRefresh && live.hasAppeared { startRefresh() }
  }

  /// Whether a refresh is running.
  package var isRefreshing: Bool { live.refreshTask != nil }

  /// Starts the refresh, unless one is running.
  func startRefresh() {
    guard let refresh = live.refresh, live.refreshTask == nil, !isFinished else { return }
    live.refreshFailure = nil
    live.refreshTask = Task { @MainActor [weak self] in
      var failure: String?
      do {
        try await refresh.handler()
      } catch is CancellationError {
      } catch {
        failure = String(describing: error)
      }
      guard let self else { return }
      live.refreshTask = nil
      live.refreshFailure = failure
      setNeedsDisplay()
      host?.setNeedsDisplay()
    }
    setNeedsDisplay()
    host?.setNeedsDisplay()
  }

  /// The screen is shown: streams start, connections connect, the first refresh runs, and
  /// ``didAppear()`` is called.
  func appear() {
    guard !isVisible, !isFinished else { return }
    isVisible = true
    let first = !live.hasAppeared
    live.hasAppeared = true
    startStreams()
    for connection in live.connections { connection.connect() }
    if first, live.refresh?.initial == true { startRefresh() }
    didAppear()
  }

  /// The screen is no longer shown: streams stop, connections disconnect, and
  /// ``didDisappear()`` is called.
  func disappear() {
    guard isVisible else { return }
    isVisible = false
    stopStreams()
    for connection in live.connections { connection.disconnect() }
    didDisappear()
  }

  /// Starts the streams of a table that changed since they were last started, while the
  /// screen is shown.
  func startDueStreams() {
    guard live.streamsDue, isVisible else { return }
    startStreams()
  }

  /// Starts iterating each stream of the table that is not running yet, and stops those the
  /// table no longer has.
  func startStreams() {
    live.streamsDue = false
    let streams = table.sections.compactMap(\.stream)
    let ids = Set(streams.map(\.id))
    for (id, task) in live.streamTasks where !ids.contains(id) {
      task.cancel()
      live.streamTasks[id] = nil
    }
    for stream in streams where live.streamTasks[stream.id] == nil {
      let id = stream.id
      live.streamFailures[id] = nil
      live.streamTasks[id] = Task { @MainActor [weak self] in
        do {
          try await stream.iterate { [weak self] rows in
            guard let self, !Task.isCancelled else { return }
            self.live.streamRows[id] = rows
            self.tableChanged = true
            self.setNeedsDisplay()
          }
        } catch {
          guard let self, !Task.isCancelled else { return }
          live.streamFailures[id] = String(describing: error)
          tableChanged = true
          setNeedsDisplay()
        }
      }
    }
  }

  /// Cancels every stream's iteration.
  func stopStreams() {
    for task in live.streamTasks.values { task.cancel() }
    live.streamTasks = [:]
  }

  /// The section with its stream's latest rows, and an error row if the stream failed.
  func presentingStream(of section: Section) -> Section {
    guard let stream = section.stream else { return section }
    var shown = section
    if let rows = live.streamRows[stream.id] { shown.rows = Rows(rows) }
    if let failure = live.streamFailures[stream.id] {
      shown.rows.append(
        Row(
          ElementOfLabel(props: "⚠ \(failure)").styles {
            $0.style = Style(foreground: .red, monochrome: .bold)
          },
          id: RowID("TermElements.streamError.\(stream.id)"), tag: Self.loadErrorRowTag,
          separatorStyle: .none, isUserInteractionEnabled: false))
    }
    return shown
  }
}

extension KeyCommand {
  /// Runs the screen's refresh.
  public static let refresh = KeyCommand("Refresh") { $0.startRefresh() }
}
