import GRDB
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
  /// The reader of the current query.
  var reader: RecordReader { RecordReader(queue: database.queue, query: query) }

  /// The page after the record of row `last`, for the section of `generation`; `nil` at the
  /// end, or when the section was replaced.
  func page(after last: TermElements.Row?, generation: Int) async throws -> [TermElements.Row]? {
    let boundary = last?.id.flatMap { held[$0] }
    guard last == nil || boundary != nil else { return nil }
    let records = try await reader.page(after: boundary?.record.position)
    guard generation == self.generation, !records.isEmpty else { return nil }
    let first = boundary == nil ? 1 : boundary?.number.map { $0 + 1 }
    return hold(records, firstNumber: first)
  }

  /// The page before the record of row `first`, for the section of `generation`; `nil` at the
  /// start, or when the section was replaced.
  func page(before first: TermElements.Row?, generation: Int) async throws -> [TermElements.Row]? {
    let boundary = first?.id.flatMap { held[$0] }
    guard first == nil || boundary != nil else { return nil }
    let records = try await reader.page(before: boundary?.record.position)
    guard generation == self.generation, !records.isEmpty else { return nil }
    let number =
      boundary == nil
      ? total.map { $0 - records.count + 1 } : boundary?.number.map { $0 - records.count }
    return hold(records, firstNumber: number)
  }

  /// Holds `records`, numbered from `firstNumber` when it is known, and returns their rows.
  func hold(_ records: [PageRecord], firstNumber: Int?) -> [TermElements.Row] {
    forgetDroppedRecords()
    return records.enumerated().map { offset, record in
      held[rowID(of: record)] = HeldRecord(record: record, number: firstNumber.map { $0 + offset })
      return makeRow(record)
    }
  }

  /// Forgets the records whose rows the table dropped, once there are many.
  func forgetDroppedRecords() {
    guard held.count > 2 * loadedRecordLimit else { return }
    let kept = Set(table.sections.flatMap { $0.rows.compactMap(\.id) })
    held = held.filter { kept.contains($0.key) }
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
    let reader = reader
    var records: [PageRecord]
    var firstNumber: Int?
    var selected = 0
    var position = ScrollPosition.top
    switch target {
    case .first:
      records = try await reader.page(after: nil)
      firstNumber = 1
    case .last:
      records = try await reader.page(before: nil)
      if total == nil { total = try await reader.count() }
      firstNumber = total.map { $0 - records.count + 1 }
      selected = records.count - 1
      position = .bottom
    case .number(let wanted):
      if total == nil { total = try await reader.count() }
      let number = max(1, min(wanted, total ?? wanted))
      guard let found = try await reader.position(atOffset: number - 1),
        let record = try await reader.record(key: found.key)
      else {
        message = "No record \(CellValue.grouped(wanted))"
        return
      }
      records = [record] + (try await reader.page(after: found)).dropLast()
      firstNumber = number
    case .record(let record):
      records = [record] + (try await reader.page(after: record.position)).dropLast()
    }
    try Task.checkCancellation()
    let short = records.count < pageSize
    replaceRecords(
      with: records, firstNumber: firstNumber, selecting: selected, at: position,
      reachesStart: target == .first || (target == .last && short),
      reachesEnd: target == .last || (target != .last && short))
    if case .record(let record) = target, !records.isEmpty {
      let rank = try await reader.rank(of: record.position)
      number(from: rowID(of: record), as: rank + 1)
    }
  }

  /// Shows `records` in place of those held, numbered from `firstNumber` when known, with
  /// record `selected` selected at `position`; the loaders start afresh from them, but for
  /// those at an end the records reach.
  func replaceRecords(
    with records: [PageRecord], firstNumber: Int?, selecting selected: Int,
    at position: ScrollPosition, reachesStart: Bool = false, reachesEnd: Bool = false
  ) {
    held = [:]
    let rows = hold(records, firstNumber: firstNumber)
    var table = table
    table.sections = [section()]
    self.table = table
    reset(
      section: 0, rows: rows, selecting: rows.isEmpty ? nil : max(0, min(selected, rows.count - 1)),
      at: position, reachesStart: reachesStart, reachesEnd: reachesEnd)
  }

  /// Runs `body` as the screen's work, saying `description` in the status line until it ends;
  /// Esc cancels it. An error it throws is shown in the status line.
  func perform(_ description: String, _ body: @escaping @MainActor () async throws -> Void) {
    cancelWork()
    scanned = 0
    message = nil
    workCount += 1
    let number = workCount
    let task = Task { @MainActor [weak self] in
      var outcome: String?
      do {
        try await body()
      } catch is CancellationError {
        outcome = "Cancelled"
      } catch let error as DatabaseError {
        // SQLite's own words, without the statement the browser made around them.
        outcome = "⚠ " + (error.message ?? "\(error.resultCode)")
      } catch {
        outcome = "⚠ \(error)"
      }
      // Work that was cancelled and replaced says nothing.
      guard let self, self.workCount == number else { return }
      if let outcome { self.message = outcome }
      self.work = nil
      self.setNeedsDisplay()
    }
    work = (description, task)
    setNeedsDisplay()
  }

  /// Stops the work under way, if any, and the statement it runs.
  func cancelWork() {
    guard let work else { return }
    work.task.cancel()
    reader.interrupt()
    self.work = nil
  }

  /// Waits until the count of the records, the work under way and the pages loading are done,
  /// for tests and scripts.
  public func waitUntilIdle() async {
    await counting?.value
    while true {
      if let work {
        await work.task.value
        continue
      }
      guard isFetchingPage else { return }
      await waitForLoads()
    }
  }
}
