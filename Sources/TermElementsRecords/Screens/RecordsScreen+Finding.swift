import Foundation
import TermElements

/// Search, sort and filter, and the line typed for them.
extension RecordsScreen {
  /// Finds the next record after the selected one (the previous one, with `forward` false)
  /// whose text contains `text`, ignoring case, and goes to it; the status line says so when
  /// there is none. The text is highlighted in the cells.
  public func search(_ text: String, forward: Bool = true) {
    guard !text.isEmpty else { return }
    guard available(.search) else { return }
    if searchText != text {
      searchText = text
      redrawRecords()
    }
    let from = selectedRecord?.record.position
    let (source, view) = (source, view)
    // The search holds the screen while it runs, to show its progress.
    let progress: @Sendable (Int) -> Void = { [self] read in
      Task { @MainActor in
        self.scanned = read
        self.setNeedsDisplay()
      }
    }
    perform("searching for “\(text)”") { [weak self] in
      let found = try await source.search(
        SearchText(text), from: from, forward: forward, in: view, progress: progress)
      guard let self else { return }
      guard let found else {
        self.message = "“\(text)” not found" + (forward ? " after this record" : " before it")
        return
      }
      if !self.select(rowWithID: self.rowID(of: found), at: .middle) {
        try await self.show(.record(found))
      }
    }
  }

  /// Sorts by the column under the cursor: ascending first, then each time the other way.
  public func sortByCursorColumn() {
    guard let column = columns.cursor, column < source.columns.count, available(.sort) else {
      return
    }
    let name = source.columns[column].name
    var sorted = view
    sorted.order = RecordOrder(
      column: column, descending: view.order.column == column && !view.order.descending)
    let (source, pageSize) = (source, pageSize)
    let direction = sorted.order.descending ? "descending" : "ascending"
    perform("sorting by \(name), \(direction)") { [weak self] in
      if case .slow(let reason) = try await source.sortSupport(column: column, in: sorted),
        let self, let work = self.work
      {
        self.work = ("sorting by \(name), \(direction) (\(reason))", work.task)
        self.setNeedsDisplay()
      }
      let first = try await source.page(after: nil, in: sorted, limit: pageSize)
      try Task.checkCancellation()
      guard let self else { return }
      self.view = sorted
      self.replaceRecords(
        with: first, firstNumber: 1, selecting: 0, at: .top, reachesStart: true,
        reachesEnd: first.count < self.pageSize)
    }
  }

  /// Shows only the records that pass `expression`, a filter in the source's language (see
  /// ``RecordSource/filterLanguage``); an empty expression shows them all. An expression the
  /// source rejects leaves the records as they were and shows its message.
  public func filter(_ expression: String) {
    let trimmed = expression.trimmingCharacters(in: .whitespacesAndNewlines)
    let normalized = trimmed.isEmpty ? nil : trimmed
    guard normalized == nil || available(.filter) else { return }
    var filtered = view
    filtered.filter = normalized
    let (source, pageSize, unfiltered) = (source, pageSize, unfilteredCount)
    perform(normalized == nil ? "showing every record" : "filtering") { [weak self] in
      if let normalized { try await source.validate(filter: normalized) }
      let first = try await source.page(after: nil, in: filtered, limit: pageSize)
      try Task.checkCancellation()
      guard let self else { return }
      self.view = filtered
      self.count = normalized == nil ? unfiltered : .unknown
      self.title = normalized.map { "\(source.name) where \($0)" } ?? source.name
      self.replaceRecords(
        with: first, firstNumber: 1, selecting: 0, at: .top, reachesStart: true,
        reachesEnd: first.count < self.pageSize)
      if self.total == nil {
        self.count = try await source.count(in: filtered)
        self.setNeedsDisplay()
      }
    }
  }

  /// Whether the source can do `feature`; when it cannot, the status line says why.
  func available(_ feature: RecordFeature) -> Bool {
    guard case .unavailable(let reason) = source.support(for: feature) else { return true }
    message = "No \(feature) here: \(reason)"
    setNeedsDisplay()
    return false
  }

  /// Makes the rows of the records held again, as when the highlighted text changed.
  func redrawRecords() {
    var table = table
    for section in table.sections.indices {
      let rows = table.sections[section].rows.map { row in
        row.id.flatMap { held[$0] }.map { makeRow($0.record) } ?? row
      }
      table.sections[section].rows = Rows(rows)
    }
    self.table = table
  }

  /// Starts typing a line of `kind` at the bottom.
  func startPrompt(_ kind: PromptLine.Kind) {
    let feature: RecordFeature? =
      switch kind {
      case .search: .search
      case .jump: .jump
      case .filter: .filter
      }
    guard feature.map(available) ?? true else { return }
    let text = kind == .filter ? (view.filter ?? "") : ""
    prompt = PromptLine(kind: kind, text: text, language: source.filterLanguage)
    setNeedsDisplay()
  }

  /// Applies a key to the line being typed, and carries it out on Enter.
  func handlePromptKey(_ key: Key) {
    guard var line = prompt else { return }
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
    case .jump:
      let digits = text.filter { $0 != "," && $0 != "_" && !$0.isWhitespace }
      guard let number = Int(digits), number > 0 else {
        message = "Not a record number: \(text)"
        return
      }
      go(to: .number(number))
    }
  }

  /// Esc: stops the line being typed or the work under way, clears the filter, or goes back.
  func escape() {
    if prompt != nil {
      prompt = nil
    } else if work != nil {
      cancelWork()
      message = "Cancelled"
    } else if view.filter != nil {
      filter("")
    } else if let navigator, navigator.screens.count > 1 {
      navigator.pop()
    } else {
      finish()
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
      to: KeyCommand("Go to the first record") { ($0 as? RecordsScreen)?.go(to: .first) })
    keyMap.bind(
      .end, .character("G"),
      to: KeyCommand("Go to the last record") { ($0 as? RecordsScreen)?.go(to: .last) })
    keyMap.bind(
      .character(":"),
      to: KeyCommand("Go to record number N (:N)") { ($0 as? RecordsScreen)?.startPrompt(.jump) })
    keyMap.bind(
      .character("/"),
      to: KeyCommand("Search the text columns") { ($0 as? RecordsScreen)?.startPrompt(.search) })
    keyMap.bind(
      .character("n"),
      to: KeyCommand("Next match") { screen in
        guard let screen = screen as? RecordsScreen, let text = screen.searchText else { return }
        screen.search(text, forward: true)
      })
    keyMap.bind(
      .character("N"),
      to: KeyCommand("Previous match") { screen in
        guard let screen = screen as? RecordsScreen, let text = screen.searchText else { return }
        screen.search(text, forward: false)
      })
    keyMap.bind(
      .character("s"),
      to: KeyCommand("Sort by the column under the cursor; again for the other way") {
        ($0 as? RecordsScreen)?.sortByCursorColumn()
      })
    keyMap.bind(
      .character("f"),
      to: KeyCommand("Filter with \(source.filterLanguage ?? "the source's filter") (Esc clears it)") {
        ($0 as? RecordsScreen)?.startPrompt(.filter)
      })
    keyMap.bind(
      .escape,
      to: KeyCommand(
        "Back to the previous screen; first, Esc stops a search or clears the filter"
      ) { ($0 as? RecordsScreen)?.escape() })
  }
}
