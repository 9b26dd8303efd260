import TermElements

/// Where the records screen can go.
public enum RecordTarget: Equatable, Sendable {
  /// The first record.
  case first
  /// The last record.
  case last
  /// Record number N, from 1.
  case number(Int)
  /// A record found by a search.
  case record(PageRecord)
}

/// Pages in both directions, the records held and their numbers, and jumps.
extension RecordsScreen {
  /// The page after the record of row `last`, for the section of `generation`; `nil` at the
  /// end, or when the section was replaced.
  func page(after last: TermElements.Row?, generation: Int) async throws -> [TermElements.Row]? {
    // The page starts loading: the spinner turns until no page loads.
    work.spin()
    let boundary = last?.id.flatMap { held[$0] }
    guard last == nil || boundary != nil else { return nil }
    let records = try await source.page(
      after: boundary?.record.position, in: view, limit: pageSize)
    guard generation == held.generation, !records.isEmpty else { return nil }
    let first = boundary == nil ? 1 : boundary?.number.map { $0 + 1 }
    let rows = hold(records, firstNumber: first)
    // At the end of the records, or past the total known, the records are counted again:
    // something may have added some since.
    if let first, let total {
      let last = first + records.count - 1
      if records.count < pageSize || last > total {
        let counted = try await source.count(in: view)
        guard generation == held.generation else { return nil }
        count = counted.exactValue.map { .exact(max($0, last)) } ?? count
      }
    }
    return rows
  }

  /// The page before the record of row `first`, for the section of `generation`; `nil` at the
  /// start, or when the section was replaced.
  func page(before first: TermElements.Row?, generation: Int) async throws -> [TermElements.Row]? {
    work.spin()
    let boundary = first?.id.flatMap { held[$0] }
    guard first == nil || boundary != nil else { return nil }
    let records = try await source.page(
      before: boundary?.record.position, in: view, limit: pageSize)
    guard generation == held.generation, !records.isEmpty else { return nil }
    let number =
      boundary == nil
      ? total.map { $0 - records.count + 1 } : boundary?.number.map { $0 - records.count }
    return hold(records, firstNumber: number)
  }

  /// Holds `records`, numbered from `firstNumber` when it is known, and returns their rows.
  func hold(_ records: [PageRecord], firstNumber: Int?) -> [TermElements.Row] {
    forgetDroppedRecords()
    let shown = cellColumns(around: columns)
    held.noteLinesHold(shown)
    return records.enumerated().map { offset, record in
      held[rowID(of: record)] = HeldRecord(
        record: record, number: firstNumber.map { $0 + offset }, cells: shown)
      return makeRow(record, cells: shown)
    }
  }

  /// Forgets the records whose rows the table dropped, once there are many.
  func forgetDroppedRecords() {
    guard held.count > 2 * loadedRecordLimit else { return }
    let kept = Set(table.sections.flatMap { $0.rows.compactMap(\.id) })
    held.keep(only: kept)
  }

  /// Numbers the records held from the number of the record of row `id`.
  func number(from id: RowID, as number: Int) {
    guard let rows = table.sections.first?.rows,
      let index = rows.firstIndex(where: { $0.id == id })
    else { return }
    for (offset, row) in rows.enumerated() {
      guard let rowID = row.id else { continue }
      held[rowID]?.number = number + offset - index
    }
    setNeedsDisplay()
  }

  /// Numbers the records held from the rank of the selected one, when it has no number but the
  /// count is exact: records End read from the end before the source knew how many there are.
  func numberUnnumberedRecords() async {
    guard total != nil, let ranking = source.capabilities.ranking,
      let selected = selectedRecord, selected.number == nil
    else { return }
    let (view, id) = (view, rowID(of: selected.record))
    guard let rank = try? await ranking.rank(of: selected.record.position, in: view),
      view == self.view, let held = held[id], held.number == nil
    else { return }
    number(from: id, as: rank + 1)
  }

  /// Goes to `target`: reads the page there and shows it in place of the records held, then
  /// loads in both directions from it as the user moves.
  public func go(to target: RecordTarget) {
    perform(describing(target)) { [weak self] in try await self?.show(target) }
  }

  /// What going to `target` says in the status line while it takes.
  private func describing(_ target: RecordTarget) -> String {
    switch target {
    case .first: "going to the first record"
    case .last: "going to the last record"
    case .number(let number): "going to record \(CellValue.grouped(number))"
    case .record: "going to the record found"
    }
  }

  /// Reads the page at `target` and shows it.
  func show(_ target: RecordTarget) async throws {
    let (source, view, pageSize) = (source, view, pageSize)
    var records: [PageRecord]
    var firstNumber: Int?
    var selected = 0
    var position = ScrollPosition.top
    switch target {
    case .first:
      records = try await source.page(after: nil, in: view, limit: pageSize)
      firstNumber = 1
    case .last:
      // The last page and the count together, so that they agree however the records grow.
      let last = try await source.capabilities.lastPage(in: view, limit: pageSize)
      try Task.checkCancellation()
      records = last.records
      count = last.count
      // A count made while the source still counted in the background (a CSV file's index)
      // may be out of date already: once it is done, the exact count numbers the records.
      if total == nil, source.capabilities.activity == nil { try await recount() }
      firstNumber = total.map { $0 - records.count + 1 }
      selected = records.count - 1
      position = .bottom
    case .number(let wanted):
      let jumping = try source.capabilities.jumping()
      // Past the total known, the records are counted again: there may be more now.
      if total.map({ wanted > $0 }) ?? true { try await recount() }
      var number = max(1, min(wanted, total ?? wanted))
      var found = try await jumping.position(atOffset: number - 1, in: view)
      if found == nil {
        // Records went away meanwhile: the last one there is now.
        try await recount()
        number = max(1, min(wanted, total ?? wanted))
        found = try await jumping.position(atOffset: number - 1, in: view)
      }
      guard let found else {
        message = "No record \(CellValue.grouped(wanted))"
        return
      }
      // The record at the position is the one before those after it (the last, when none is).
      let after = try await source.page(after: found, in: view, limit: pageSize)
      let at = try await source.page(before: after.first?.position, in: view, limit: 1)
      records = Array((at + after).prefix(pageSize))
      firstNumber = number
    case .record(let record):
      let after = try await source.page(after: record.position, in: view, limit: pageSize - 1)
      records = [record] + (pageSize > 1 ? after : [])
    }
    try Task.checkCancellation()
    let short = records.count < pageSize
    replaceRecords(
      with: records, firstNumber: firstNumber, selecting: selected, at: position,
      reachesStart: target == .first || (target == .last && short),
      reachesEnd: target == .last || (target != .last && short))
    if case .record(let record) = target, !records.isEmpty,
      let ranking = source.capabilities.ranking
    {
      let rank = try await ranking.rank(of: record.position, in: view)
      number(from: rowID(of: record), as: rank + 1)
    }
  }

  /// Counts the records shown again.
  func recount() async throws {
    let counted = try await source.count(in: view)
    try Task.checkCancellation()
    count = counted
  }

  /// Shows `records` in place of those held, numbered from `firstNumber` when known, with
  /// record `selected` selected at `position`; the loaders start afresh from them, but for
  /// those at an end the records reach.
  func replaceRecords(
    with records: [PageRecord], firstNumber: Int?, selecting selected: Int,
    at position: ScrollPosition, reachesStart: Bool = false, reachesEnd: Bool = false
  ) {
    held.removeAll()
    let rows = records.isEmpty ? [noRecordsRow()] : hold(records, firstNumber: firstNumber)
    var table = table
    table.sections = [section()]
    self.table = table
    reset(
      section: 0, rows: rows,
      selecting: records.isEmpty ? nil : max(0, min(selected, rows.count - 1)),
      at: position, reachesStart: reachesStart || records.isEmpty,
      reachesEnd: reachesEnd || records.isEmpty)
  }

  /// The line shown in place of the records when there are none, dimmed and never selected:
  /// no record passes the filter, or there are none at all.
  func noRecordsRow() -> TermElements.Row {
    let text = view.filter.map { "No records match \($0)" } ?? "No records in \(source.name)"
    return Row(
      ElementOfLabel(props: text), id: "no-records", separatorStyle: .none,
      isUserInteractionEnabled: false)
  }

  /// Runs `body` as the screen's work, saying `description` in the status line until it ends;
  /// Esc cancels it. An error it throws is shown in the status line.
  ///
  /// Work that changes the view to `newView` (a sort or a filter, which builds on the one
  /// being applied, ``RecordViews/pending``) replaces the work under way. Other work (a jump, a
  /// search) waits for the work under way and runs after it, on the records it leaves, in the
  /// order asked for; an error or Esc drops what waits.
  func perform(
    _ description: String, changing newView: RecordView? = nil,
    _ body: @escaping @MainActor () async throws -> Void
  ) {
    let changesView = newView != nil
    if !changesView, work.isBusy {
      work.later { [weak self] in self?.perform(description, body) }
      return
    }
    views.pending = newView
    message = nil
    failedWork = nil
    work.start(.init(description: description, changesView: changesView), body) {
      [weak self] error in
      guard let self else { return }
      // Done or failed, the view shown is the one asked for.
      if changesView { self.views.pending = nil }
      switch error {
      case nil:
        break
      case is CancellationError:
        self.message = "Cancelled"
      case let error as RecordSourceError:
        // Trying again may go otherwise, but not for what the source refused.
        guard case .failed = error else {
          self.message = "⚠ \(error)"
          break
        }
        self.message = "⚠ \(error) — r retries"
        self.failedWork = (description, newView, body)
      case let error?:
        self.message = "⚠ \(error) — r retries"
        self.failedWork = (description, newView, body)
      }
    }
  }

  /// Tries again what failed: the pages whose error rows show, or else the last jump, search,
  /// sort or filter, when it failed (a connection lost, a server restarted).
  public func retry() {
    if hasFailedLoads {
      retryFailedLoads()
    } else if let failed = failedWork {
      perform(failed.description, changing: failed.view, failed.body)
    }
  }

  /// Stops the work under way, if any: the source stops the request it runs when its task is
  /// cancelled. A sort or filter being applied is dropped, and so is a jump or search waiting
  /// for it.
  func cancelWork() {
    views.pending = nil
    work.cancel()
  }

  /// Waits until the count of the records, the work under way and the pages loading are done,
  /// for tests and scripts.
  public func waitUntilIdle() async {
    await work.waitUntilIdle()
  }
}
