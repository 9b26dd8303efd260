// data-browser-bench: the data browser on the 1M-row sample, as JSON lines on stdout and a
// summary on stderr:
// - page fetch time at depth 0 and depth 900,000, in key order and in an indexed column's order;
// - the time to the first frame;
// - peak RSS after the first screen and after paging through every record;
// - the time to show the last record after End, record 900,000 after `:900000`, a search for a
//   value near the end, and the first page sorted by an indexed and an unindexed column.
//
// Usage: data-browser-bench [DATABASE]  (default: the cached sample, made if missing)
import DataBrowserCore
import Foundation
import GRDB
import TermElements
import TermElementsRecords

/// Prints one figure as a JSON line like termelements-bench's.
func report(_ name: String, _ value: Double, rows: Int) {
  let text = value < 10 ? String(format: "%.3f", value) : String(format: "%.1f", value)
  print(#"{"name":"\#(name)","impl":"data-browser","rows":\#(rows),"value":\#(text)}"#)
}

/// Says something on standard error.
func say(_ text: String) {
  FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
}

/// Microseconds in a duration.
func microseconds(_ duration: Duration) -> Double {
  Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6
}

/// The median of `runs` timings of `body`, in microseconds.
func medianMicroseconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
  let clock = ContinuousClock()
  var times: [Double] = []
  for _ in 0..<runs { times.append(microseconds(try clock.measure(body))) }
  return times.sorted()[times.count / 2]
}

/// The process's peak resident set size so far, in KiB.
func peakRSS() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_maxrss
}

let path = CommandLine.arguments.dropFirst().first ?? SampleDatabase.defaultPath()
if CommandLine.arguments.count < 2 {
  let made = try SampleDatabase.ensure(at: path) { percent in
    if percent % 10 == 0 { say("sample \(percent)%") }
  }
  if made { say("made \(path)") }
}
say("data-browser on \(path)")

/// A browser of `people`, its first screen drawn.
@MainActor
func peopleBrowser(_ screen: inout Screen) async throws -> (Browser, RecordsScreen) {
  let database = try BrowserDatabase.open(path: path)
  let browser = try await Browser.open(SQLiteCatalog(database: database), table: "people")
  let records = try require(browser.records, "the records screen")
  await draw(browser, &screen)
  return (browser, records)
}

/// Draws frames until nothing is under way.
@MainActor
func draw(_ browser: Browser, _ screen: inout Screen) async {
  for _ in 0..<100 {
    browser.stack.render(into: &screen)
    if let records = browser.records { await records.waitUntilIdle() }
    browser.stack.render(into: &screen)
    guard browser.stack.top.isFetchingPage else { return }
  }
}

/// `#require` for a script.
func require<T>(_ value: T?, _ what: String) throws -> T {
  guard let value else { throw BenchFailure(what: what) }
  return value
}

/// A figure that could not be measured.
struct BenchFailure: Error, CustomStringConvertible {
  let what: String
  var description: String { "bench: \(what)" }
}

let figures = try await Task { @MainActor in try await measure() }.value
say(figures)

/// Measures everything and returns the summary.
@MainActor
func measure() async throws -> String {
  // Memory first, while the process holds nothing else: the first screen, then PgDn through
  // every record.
  var screen = Screen(width: 80, height: 24)
  let (browser, records) = try await peopleBrowser(&screen)
  let rows = try require(records.total, "the count of people")
  let firstScreenRSS = peakRSS()
  var presses = 0
  while records.selection.map({ records.row(at: $0).id?.number }) != rows, presses < 200_000 {
    browser.stack.handle(.key(.pageDown))
    browser.stack.render(into: &screen)
    if records.isFetchingPage { await draw(browser, &screen) }
    presses += 1
  }
  let scrolledRSS = peakRSS()
  report("rss_first_screen_kib", Double(firstScreenRSS), rows: rows)
  report("rss_after_all_records_kib", Double(scrolledRSS), rows: rows)
  report("rss_all_records_ratio", Double(scrolledRSS) / Double(firstScreenRSS), rows: rows)

  // Page fetches in key order and in city order (indexed), at depth 0 and 900,000.
  let database = try BrowserDatabase.open(path: path)
  let schema = try database.schema(of: "people")
  let depth = min(900_000, max(0, rows - 200))
  var fetches: [String] = []
  for order in [DataBrowserCore.RecordOrder.key, DataBrowserCore.RecordOrder(column: "city")] {
    let query = RecordQuery(schema: schema, order: order, limit: 200)
    let deep = try await database.queue.read { db in try query.position(db, atOffset: depth) }
    let first = try medianMicroseconds(runs: 101) {
      _ = try database.queue.read { try query.page($0, after: nil) }
    }
    let deepTime = try medianMicroseconds(runs: 101) {
      _ = try database.queue.read { try query.page($0, after: deep) }
    }
    let name = order.column.map { "_by_\($0)" } ?? ""
    report("page_fetch\(name)_depth0_us", first, rows: rows)
    report("page_fetch\(name)_depth\(depth)_us", deepTime, rows: rows)
    report("page_fetch\(name)_depth_ratio", deepTime / first, rows: rows)
    fetches.append(
      String(
        format: "%@ %.1f us at depth 0, %.1f us at depth %d (x%.2f)",
        order.column.map { "by \($0):" } ?? "by key:", first, deepTime, depth, deepTime / first))
  }

  // The first frame: open the database, read the schema, count, fetch the first page, lay out
  // and draw 80x24.
  var frames: [Double] = []
  for _ in 0..<11 {
    let start = ContinuousClock.now
    let database = try BrowserDatabase.open(path: path)
    let browser = try await Browser.open(SQLiteCatalog(database: database), table: "people")
    var screen = Screen(width: 80, height: 24)
    browser.stack.render(into: &screen)
    frames.append(microseconds(ContinuousClock.now - start))
  }
  let firstFrame = frames.sorted()[frames.count / 2]
  report("first_frame_ms", firstFrame / 1000, rows: rows)

  // Keys, from the first record, until the screen shows the result.
  let clock = ContinuousClock()
  func measureKey(_ runs: Int, _ act: @escaping (RecordsScreen) -> Void) async throws -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      var screen = Screen(width: 80, height: 24)
      let (browser, records) = try await peopleBrowser(&screen)
      let start = clock.now
      act(records)
      await draw(browser, &screen)
      times.append(microseconds(clock.now - start) / 1000)
    }
    return times.sorted()[times.count / 2]
  }
  let end = try await measureKey(11) { $0.go(to: .last) }
  report("end_ms", end, rows: rows)
  let jump = try await measureKey(11) { $0.go(to: .number(900_000)) }
  report("jump_900000_ms", jump, rows: rows)
  let nearEnd = try await database.queue.read { db in
    try String.fetchOne(
      db, sql: "SELECT email FROM people WHERE id > ? AND email IS NOT NULL ORDER BY id LIMIT 1",
      arguments: [rows - 10])
  }
  let needle = try require(nearEnd, "an email near the end")
  let search = try await measureKey(5) { $0.search(needle) }
  report("search_near_end_ms", search, rows: rows)
  let sortIndexed = try await measureKey(5) { records in
    records.moveColumnCursor(by: 3)  // city
    records.sortByCursorColumn()
  }
  report("sort_indexed_city_ms", sortIndexed, rows: rows)
  let sortUnindexed = try await measureKey(3) { records in
    records.moveColumnCursor(by: 1)  // name
    records.sortByCursorColumn()
  }
  report("sort_unindexed_name_ms", sortUnindexed, rows: rows)
  return """
    rss \(firstScreenRSS) KiB after the first screen, \(scrolledRSS) KiB after \(presses) PgDn \
    through \(rows) records (x\(String(format: "%.2f", Double(scrolledRSS) / Double(firstScreenRSS))))
    bench: page fetch \(fetches.joined(separator: "; "))
    bench: first frame \(String(format: "%.2f", firstFrame / 1000)) ms; End \
    \(String(format: "%.1f", end)) ms; :900000 \(String(format: "%.1f", jump)) ms; search \
    \(String(format: "%.1f", search)) ms; sort by city (indexed) \
    \(String(format: "%.1f", sortIndexed)) ms, by name (no index) \
    \(String(format: "%.1f", sortUnindexed)) ms
    """
}
