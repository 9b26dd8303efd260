import Foundation
import TermElements

/// Search, sort and filter, and the line typed for them.
extension RecordsScreen {
  /// Finds the next record after the selected one (the previous one, with `forward` false)
  /// whose text contains `text`, ignoring case, in a column shown, and goes to it; the status
  /// line says so when there is none, or when every column is hidden. The text is highlighted
  /// in the cells.
  public func search(_ text: String, forward: Bool = true) {
    guard !text.isEmpty else { return }
    guard available(.search) else { return }
    searchText = text
    // The search holds the screen while it runs, to show its progress.
    let progress: @Sendable (Int) -> Void = { [self] read in
      Task { @MainActor in self.work.note(read: read) }
    }
    perform("searching for “\(text)”") { [weak self] in
      // The view, the record to search from and the columns shown are read as the search
      // starts: one that waited for a sort or filter searches the records that brought.
      guard
        let (source, view, from, shown) = self.map({
          ($0.source, $0.view, $0.selectedRecord, $0.searchedColumns)
        })
      else { return }
      guard shown?.isEmpty != true else {
        self?.message = "Every column is hidden: nothing to search (+ shows them)"
        return
      }
      let found = try await source.capabilities.searching().search(
        SearchText(text), columns: shown, from: from?.record.position, forward: forward,
        in: view, progress: progress)
      guard let self else { return }
      guard let found else {
        self.message = "“\(text)” not found" + (forward ? " after this record" : " before it")
        return
      }
      if !self.select(rowWithID: self.rowID(of: found), at: .middle) {
        try await self.show(.record(found))
      }
      self.showColumn(matching: SearchText(text), in: found)
    }
  }

  /// The columns a search looks in: those shown, or `nil` (every column) when none is hidden.
  var searchedColumns: Set<Int>? {
    columns.hidden.isEmpty ? nil : Set(shownColumns)
  }

  /// Puts the column cursor on a column of `record` that `text` matches, and scrolls the
  /// columns to show it: the cursor's own column when it matches, else the first that does in
  /// the cursor's order. When none does as far as the record holds (the match is beyond the
  /// text a page keeps), the cursor stays.
  func showColumn(matching text: SearchText, in record: PageRecord) {
    let values = record.values
    if let cursor = columns.cursor, cursor < values.count, text.matches(values[cursor]) {
      return
    }
    let order = ColumnViewport.order(
      columns: source.columns.count, keys: columns.keys, hidden: columns.hidden)
    guard let column = order.first(where: { $0 < values.count && text.matches(values[$0]) })
    else { return }
    var moved = columns
    moved.cursor = column
    moved.moveCursor(by: 0, widths: measures.widths, width: lineWidth)
    show(moved)
  }

  /// Sorts by the column under the cursor: ascending first, then each time the other way.
  /// Pressed while a filter (or another sort) is being applied, it sorts what that brings.
  public func sortByCursorColumn() {
    guard let column = columns.cursor, column < source.columns.count, available(.sort) else {
      return
    }
    let name = source.columns[column].name
    var sorted = views.asked
    sorted.order = RecordOrder(
      column: column, descending: sorted.order.column == column && !sorted.order.descending)
    let direction = sorted.order.descending ? "descending" : "ascending"
    apply(sorted, saying: "sorting by \(name), \(direction)")
  }

  /// Shows only the records that pass `expression`, a filter in the source's language (see
  /// ``RecordFiltering/filterLanguage``); an empty expression shows them all. An expression the
  /// source rejects leaves the records as they were and shows its message. Typed while a sort
  /// is being applied, it filters in that order.
  public func filter(_ expression: String) {
    let trimmed = expression.trimmingCharacters(in: .whitespacesAndNewlines)
    let normalized = trimmed.isEmpty ? nil : trimmed
    guard normalized == nil || available(.filter) else { return }
    var filtered = views.asked
    filtered.filter = normalized
    apply(filtered, saying: normalized == nil ? "showing every record" : "filtering")
  }

  /// Shows the records of `newView` from the first, saying `description` meanwhile, and then
  /// counts them if the filter changed or they were not counted yet; the title says the filter.
  func apply(_ newView: RecordView, saying description: String) {
    let (source, pageSize) = (source, pageSize)
    perform(description, changing: newView) { [weak self] in
      if let filter = newView.filter {
        try await source.capabilities.filtering().validate(filter: filter)
      }
      if let column = newView.order.column,
        case .slow(let reason) = try await source.capabilities.sorting().sortSupport(
          column: column, in: newView),
        let self
      {
        self.work.describe(description + " (\(reason))")
      }
      let first = try await source.page(after: nil, in: newView, limit: pageSize)
      try Task.checkCancellation()
      guard let self else { return }
      if newView.filter != self.view.filter {
        self.counts.reset(to: newView.filter == nil ? self.counts.unfiltered : .unknown)
      }
      self.view = newView
      self.heading = newView.filter.map { "\(source.name) where \($0)" } ?? source.name
      self.makeRoomForSortMark(of: newView.order.column)
      self.replaceRecords(
        with: first, firstNumber: 1, selecting: 0, at: .top, reachesStart: true,
        reachesEnd: first.count < self.pageSize)
      if self.total == nil {
        try await self.recount()
        self.setNeedsDisplay()
      }
    }
  }

  /// Widens `column`, if needed, so that its name and the ▲ or ▼ after it show whole in the
  /// header.
  func makeRoomForSortMark(of column: Int?) {
    guard let column, column < measures.widths.count, column < source.columns.count else {
      return
    }
    measures.widths[column] = max(
      measures.widths[column], source.columns[column].name.terminalWidth + 2)
  }

  /// Whether the source can do `feature`; when it cannot, the status line says why.
  func available(_ feature: RecordFeature) -> Bool {
    guard case .unavailable(let reason) = source.support(for: feature) else { return true }
    message = "No \(feature) here: \(reason)"
    setNeedsDisplay()
    return false
  }

  /// Starts typing a line of `kind` at the bottom.
  func startPrompt(_ kind: PromptLine.Kind) {
    let feature: RecordFeature? =
      switch kind {
      case .search: .search
      case .jump: .jump
      case .filter: .filter
      case .column, .export: nil
      }
    guard feature.map(available) ?? true else { return }
    let text = kind == .filter ? (views.asked.filter ?? "") : ""
    prompt = PromptLine(kind: kind, text: text, language: source.capabilities.filterLanguage)
    if kind == .column { prompt?.completions = source.columns.map(\.name) }
    if kind == .export { prompt?.folder = FileManager.default.currentDirectoryPath }
    setNeedsDisplay()
  }

  /// Applies a key to the line being typed, and carries it out on Enter.
  func handlePromptKey(_ key: Key) {
    guard var line = prompt else { return }
    if line.kind == .export, key == .tab {
      line.completions = ExportPaths.completions(of: line.text)
    }
    let outcome = line.handle(key)
    prompt = line
    switch outcome {
    case .editing:
      break
    case .cancelled:
      prompt = nil
    case .done(let text):
      prompt = nil
      carryOut(line.kind, text)
    }
    setNeedsDisplay()
  }

  /// Carries out a line typed for `kind`.
  private func carryOut(_ kind: PromptLine.Kind, _ text: String) {
    switch kind {
    case .search:
      // An empty search repeats the last, as in less.
      if let text = text.isEmpty ? searchText : text { search(text) }
    case .filter:
      filter(text)
    case .column:
      goToColumn(named: text)
    case .export:
      export(to: text)
    case .jump:
      let digits = text.filter { $0 != "," && $0 != "_" && !$0.isWhitespace }
      guard let number = Int(digits), number > 0 else {
        message = "Not a record number: \(text)"
        return
      }
      go(to: .number(number))
    }
  }

  /// Esc: stops the line being typed or the work under way, clears the filter, or goes back;
  /// on the first screen, with nothing to stop, it says that q quits.
  func escape() {
    if prompt != nil {
      prompt = nil
    } else if work.isBusy {
      cancelWork()
      message = "Cancelled"
    } else if view.filter != nil {
      filter("")
    } else if let navigator, navigator.screens.count > 1 {
      navigator.pop()
    } else {
      showNotice(Self.quitNotice)
    }
    setNeedsDisplay()
  }

  /// The records screen's keys, listed by the help screen: the standard keys with g and G
  /// going to the first and last record of all, ← and → moving between columns, and search,
  /// sort, filter and going to a record.
  func bindKeys() {
    bindColumnKeys()
    keyMap.bind(
      .home, .character("g"),
      to: KeyCommand("Go to the first record", on: RecordsScreen.self) { $0.go(to: .first) })
    keyMap.bind(
      .end, .character("G"),
      to: KeyCommand("Go to the last record", on: RecordsScreen.self) { $0.go(to: .last) })
    keyMap.bind(
      .character(":"),
      to: KeyCommand("Go to record number N (:N)", on: RecordsScreen.self) {
        $0.startPrompt(.jump)
      })
    keyMap.bind(
      .character("/"),
      to: KeyCommand("Search the text columns", on: RecordsScreen.self) {
        $0.startPrompt(.search)
      })
    keyMap.bind(
      .character("n"),
      to: KeyCommand("Next match", on: RecordsScreen.self) { screen in
        guard let text = screen.searchText else { return }
        screen.search(text, forward: true)
      })
    keyMap.bind(
      .character("N"),
      to: KeyCommand("Previous match", on: RecordsScreen.self) { screen in
        guard let text = screen.searchText else { return }
        screen.search(text, forward: false)
      })
    keyMap.bind(
      .character("s"),
      to: KeyCommand(
        "Sort by the column under the cursor; again for the other way", on: RecordsScreen.self
      ) { $0.sortByCursorColumn() })
    keyMap.bind(
      .character("f"),
      to: KeyCommand(
        "Filter with \(source.capabilities.filterLanguage ?? "the source's filter") (Esc clears it)",
        on: RecordsScreen.self
      ) { $0.startPrompt(.filter) })
    keyMap.bind(
      .escape,
      to: KeyCommand(
        "Back to the previous screen; first, Esc stops a search or clears the filter",
        on: RecordsScreen.self
      ) { $0.escape() })
    keyMap.bind(
      .character("r"),
      to: KeyCommand(
        "Retry what failed: pages, or the last search or jump", on: RecordsScreen.self
      ) { $0.retry() })
    bindCellKeys()
    bindHidingKeys()
    bindExportKey()
    bindFrequencyKey()
    bindSummaryKey()
  }
}
