import TermElementsTestSupport

@testable import TermElements
@testable import TermElementsRecords

/// One input to the records browser under test: a key, a resize, a frame drawn, a wait until
/// the work and pages under way are done, or a few turns for the tasks in flight.
enum RecordsFuzzEvent: CustomStringConvertible {
  case key(Key)
  case resize(Size)
  case frame
  case settle
  case yield

  var description: String {
    switch self {
    case .key(let key): ".key(\(key))"
    case .resize(let size): ".resize(\(size.width)x\(size.height))"
    case .frame: ".frame"
    case .settle: ".settle"
    case .yield: ".yield"
    }
  }
}

/// One fuzz run: a browser over a random table in memory, driven by random keys, with what
/// the browser promises checked after every settled step.
@MainActor
final class RecordsFuzzRun {
  /// The table.
  let data: RecordsFuzzData
  /// The source over it.
  let source: MemoryRecordSource
  /// The browser.
  let browser: Browser
  /// The frame.
  var screen: Screen
  /// The records as the source keeps them: fitted to the columns, a repeated key dropped.
  let records: [(values: [CellValue], key: RecordKey)]
  /// Each record's values by its key.
  let valuesByKey: [RecordKey: [CellValue]]
  /// The keys of each view's records in its order, worked out here.
  private var truths: [RecordView: (keys: [RecordKey], ranks: [RecordKey: Int])] = [:]
  /// Events applied so far, to print with a failure.
  private(set) var events: [RecordsFuzzEvent] = []

  /// A run over `data`, its records in pages of `pageSize`, each page taking `slowness` turns
  /// of the executor to come (none: as soon as asked).
  init(data: RecordsFuzzData, pageSize: Int, size: Size, slowness: Int = 0) async throws {
    self.data = data
    source = MemoryRecordSource(
      name: data.name, columns: data.columns, records: data.records, keyColumns: data.keyColumns)
    let browsed: any RecordSource =
      slowness > 0 ? SlowPagesSource(base: source, turns: slowness) : source
    browser = try await Browser.open(browsed, pageSize: pageSize)
    screen = Screen(width: size.width, height: size.height)
    let width = data.columns.count
    let keyColumns = source.keyColumns
    var seen: Set<RecordKey> = []
    var kept: [(values: [CellValue], key: RecordKey)] = []
    for (index, record) in data.records.enumerated() {
      let values =
        Array(record.prefix(width))
        + Array(repeating: CellValue.null, count: max(0, width - record.count))
      let key =
        keyColumns.isEmpty
        ? RecordKey([.integer(Int64(index))]) : RecordKey(keyColumns.map { values[$0] })
      // A key the source's dictionary cannot find again (NaN) keeps no record, as there.
      guard seen.insert(key).inserted, seen.contains(key) else { continue }
      kept.append((values, key))
    }
    records = kept
    valuesByKey = Dictionary(kept.map { ($0.key, $0.values) }) { first, _ in first }
  }

  /// The records screen of the source, on top or under the record or the frequency screen
  /// (`F`, a records screen of its own) shown.
  var recordsScreen: RecordsScreen? {
    browser.stack.screens.first { $0 is RecordsScreen } as? RecordsScreen
  }

  /// The keys of `view`'s records in its order, and each one's rank: filtered by
  /// ``RecordFilter``, sorted by the column with ties by the key.
  func truth(_ view: RecordView) -> (keys: [RecordKey], ranks: [RecordKey: Int]) {
    if let known = truths[view] { return known }
    let filter = view.filter.flatMap { try? RecordFilter.parse($0, columns: source.columns) }
    var indexes = records.indices.filter { filter?.matches(records[$0].values) ?? true }
    indexes.sort { a, b in
      if let column = view.order.column {
        let (left, right) = (records[a].values[column], records[b].values[column])
        if left.precedes(right) { return true }
        if right.precedes(left) { return false }
      }
      // Keys that the order of values ties (`0` and `0.0`) are told apart by their kind.
      return CellValue.keyPrecedes(records[a].key.values, records[b].key.values)
    }
    if view.order.descending { indexes.reverse() }
    let keys = indexes.map { records[$0].key }
    let ranks = Dictionary(keys.enumerated().map { ($1, $0) }) { first, _ in first }
    truths[view] = (keys, ranks)
    return (keys, ranks)
  }

  /// Applies `event` and returns what broke.
  func apply(_ event: RecordsFuzzEvent) async -> [String] {
    events.append(event)
    switch event {
    case .key(let key):
      browser.stack.handle(.key(key))
    case .resize(let size):
      screen = Screen(width: size.width, height: size.height)
      browser.stack.handle(.resize(size))
    case .frame:
      return drawFrame()
    case .yield:
      for _ in 0..<Int(events.count % 7) { await Task.yield() }
    case .settle:
      return await settle()
    }
    return []
  }

  /// Draws a frame and checks that every line fits the width.
  func drawFrame() -> [String] {
    browser.stack.render(into: &screen)
    return ScreenChecks.lines(of: screen, wholeWideCharacters: false)
  }

  /// Waits until the work and the pages under way are done and a frame starts no more, then
  /// checks the records screen.
  func settle() async -> [String] {
    var problems: [String] = []
    for _ in 0..<50 {
      problems += drawFrame()
      let top = browser.stack.top
      if let detail = top as? DetailScreen { await detail.waitUntilRead() }
      if let frequency = top as? RecordsScreen, frequency !== recordsScreen {
        await frequency.waitUntilIdle()
      }
      if let summary = top as? SummaryScreen { await summary.waitUntilSummed() }
      guard let records = recordsScreen else { break }
      let busy = records.work.isBusy || records.isFetchingPage || top.isFetchingPage
      if !busy && !top.needsDisplay { break }
      await records.waitUntilIdle()
      await top.waitForLoads()
    }
    problems += drawFrame()
    if let records = recordsScreen, browser.stack.top === records {
      problems += check(records)
    }
    if let summary = browser.stack.top as? SummaryScreen { problems += check(summary) }
    return problems
  }

  /// What the summary screen promises once settled: a line per column shown, each column
  /// summed up over exactly the records of the view it was opened on, its NULLs those of the
  /// source's values. A summary opened on another records screen (`I` on the values of `F`)
  /// sums up that screen's records, which the fuzz does not know: only its selection is
  /// checked.
  func check(_ summary: SummaryScreen) -> [String] {
    guard summary.records === recordsScreen else { return selectionShown(summary) }
    var problems: [String] = []
    let (keys, _) = truth(summary.view)
    for (line, column) in summary.columns.enumerated() {
      guard let found = summary.summaries[line] else {
        problems.append("column \(column + 1) was not summed up")
        continue
      }
      let nulls = keys.filter { valuesByKey[$0]?[column].isNull ?? false }.count
      if found.records != keys.count || found.nulls != nulls {
        problems.append(
          "column \(column + 1) sums up \(found.records) records, \(found.nulls) NULLs; the view "
            + "\(summary.view) has \(keys.count), \(nulls) NULLs")
      }
    }
    problems += selectionShown(summary)
    return problems
  }

  /// What the records screen promises once settled: the records held are the view's, each
  /// once, in order, with honest numbers; the position counts the view; the selection shows.
  func check(_ records: RecordsScreen) -> [String] {
    var problems: [String] = []
    let view = records.view
    let (keys, ranks) = truth(view)
    if let total = records.count.exactValue, total != keys.count {
      problems.append("the count says \(total) records; the view \(view) has \(keys.count)")
    }
    if records.countGrew { problems.append("the records of memory were counted as grown") }
    // The records held, in the table's order.
    let rows = records.table.sections.first.map { Array($0.rows) } ?? []
    var previous: Int?
    var seen: Set<RecordKey> = []
    for row in rows {
      guard let id = row.id, id != "no-records" else { continue }
      guard let held = records.held[id] else {
        problems.append("row \(id) holds no record")
        continue
      }
      let key = held.record.key
      if !seen.insert(key).inserted { problems.append("record \(key) is held twice") }
      guard let rank = ranks[key] else {
        problems.append("record \(key) is held but not in the view \(view)")
        continue
      }
      if let previous, rank != previous + 1 {
        problems.append("record \(rank + 1) follows record \(previous + 1) in the view \(view)")
      }
      previous = rank
      if let number = held.number, number != rank + 1 {
        problems.append("record \(rank + 1) of the view \(view) is numbered \(number)")
      }
      if held.record.values != valuesByKey[key] {
        problems.append("record \(key) holds other values than the source's")
      }
    }
    if seen.isEmpty && !keys.isEmpty && records.prompt == nil {
      problems.append("no record shown of the \(keys.count) of the view \(view)")
    }
    if !seen.isEmpty && keys.isEmpty {
      problems.append("records shown in the view \(view), which has none")
    }
    // The position at the right of the status line.
    let position = records.recordPosition()
    let parts = position.split(separator: "/")
    let totalText = parts.last.map { $0.replacingOccurrences(of: " records", with: "") } ?? ""
    let shownTotal = Int(totalText.filter(\.isNumber))
    if let selected = records.selectedRecord {
      guard let rank = ranks[selected.record.key] else {
        problems.append("the selected record is not in the view")
        return problems
      }
      if parts.count != 2 { problems.append("the position \(position) has no number") }
      if let number = Int(parts[0].filter(\.isNumber)) {
        if number != rank + 1 {
          problems.append("the position \(position) shows record \(rank + 1) of the view")
        }
        if let shownTotal, number > shownTotal {
          problems.append("the position \(position) is past its total")
        }
      }
    }
    if let shownTotal, !totalText.contains("~"), !totalText.contains("?"),
      shownTotal != keys.count
    {
      problems.append("the position \(position) counts \(keys.count) records")
    }
    problems += selectionShown(records)
    return problems
  }

  /// The selected row is on screen, below the header pinned over it.
  func selectionShown(_ controller: TableModelController) -> [String] {
    guard let selection = controller.state.selection.row,
      controller.state.layout.table.contains(selection)
    else { return [] }
    let key = controller.state.layout.table.key(at: selection)
    let covered =
      controller.state.geometry(at: controller.scrollOffset).clipTop
      + controller.state.pinnedHeaderHeight(inSection: selection.section)
    let room = controller.state.tableHeight - covered
    let height = controller.state.layout.knownHeight(
      ofPosition: controller.state.layout.position(of: .row(selection)))
    guard room > 0 && height > 0 && controller.isVisible != false else { return [] }
    let shown = controller.shown.rows.contains { row in
      row.key == key && row.frame.y + row.frame.height > covered
        && row.frame.y < controller.state.tableHeight
    }
    return shown ? [] : ["the selection \(selection) is off screen"]
  }

  /// The screen, for a failure report.
  func describe() -> String {
    let records = recordsScreen
    let lines = screen.lines.prefix(30).map { "  │\(String($0.prefix(80)))│" }
    return """
      Screen \(screen.width)x\(screen.height), top \(type(of: browser.stack.top)), \
      view \(records.map { "\($0.view)" } ?? "-"), count \(records.map { "\($0.count)" } ?? "-"), \
      position \(records?.recordPosition() ?? "-"), status \(records?.statusText() ?? "-")
      \(lines.joined(separator: "\n"))
      """
  }

  /// Ends the run: the browser quits and its work is cancelled.
  func end() async {
    browser.stack.finish()
    for _ in 0..<10 { await Task.yield() }
  }
}
