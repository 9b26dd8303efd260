// data-browser-bench: the data browser on the 1M-row sample, as JSON lines on stdout and a
// summary on stderr:
// - page fetch time at depth 0 and depth 900,000, in key order and in an indexed column's order;
// - the time to the first frame, and the CPU time it takes;
// - peak RSS after the first screen and after paging through every record;
// - the time to show the last record after End, record 900,000 after `:900000`, a search for a
//   value near the end, and the first page sorted by an indexed and an unindexed column;
// - searches that read every record: in an order no index gives, and for text outside ASCII;
// - `e` of every person to CSV, from Enter to the file renamed, and the peak RSS after it
//   against before it;
// - on a table of nine TEXT columns and 1M rows (made once in the cache folder), one plain
//   `LIKE` scan of those columns, and a search that reads every row to find a value near the end.
//
// Usage: data-browser-bench [DATABASE] [--only export,memory,page,frame,keys,search,frequency,summary,wide]
// (default: the cached sample, made if missing, and every figure)
//
// With `--postgres URL`, the figures of a PostgreSQL server's `public.people` instead
// (PostgresFigures.swift), beside psql's for the same pages; `make bench` loads 10,000,000 rows
// into a throwaway server for them (Scripts/bench-postgres.sh):
//
//   data-browser-bench --postgres URL [--rows N] [--psql PSQL]
//     [--only memory,page,frame,keys,search,cancel,sort,frequency,psql]
import DataBrowserCore
import Foundation
import GRDB
import TermElements
import TermElementsRecords

/// Prints one figure as a JSON line like termelements-bench's.
func report(_ name: String, _ value: Double, rows: Int, impl: String = "data-browser") {
  let text = value < 10 ? String(format: "%.3f", value) : String(format: "%.1f", value)
  print(#"{"name":"\#(name)","impl":"\#(impl)","rows":\#(rows),"value":\#(text)}"#)
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

/// The CPU time of the process so far, every thread's, in microseconds.
func processCPUMicroseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

/// The process's peak resident set size so far, in KiB.
func peakRSS() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_maxrss
}

/// The figures asked for with `--only`, or `nil` for all of them.
let only: Set<String>? = CommandLine.arguments.firstIndex(of: "--only").map { index in
  let names = CommandLine.arguments.dropFirst(index + 1).first ?? ""
  return Set(names.split(separator: ",").map(String.init))
}
/// Whether the figures of `part` are measured.
func wants(_ part: String) -> Bool { only?.contains(part) ?? true }

/// The value given after `name` on the command line, if any.
func option(_ name: String) -> String? {
  CommandLine.arguments.firstIndex(of: name).flatMap {
    CommandLine.arguments.dropFirst($0 + 1).first
  }
}

// A PostgreSQL server's figures instead of the SQLite sample's.
if let url = option("--postgres") {
  let rows = try option("--rows").map { try require(Int($0), "a number of rows after --rows") }
  let figures = PostgresFigures(
    url: url, expectedRows: rows, psql: option("--psql") ?? "psql", only: only)
  say(try await Task { @MainActor in try await figures.measure() }.value)
  exit(0)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let givenPath = arguments.first.flatMap { $0.hasPrefix("--") ? nil : $0 }
let path = givenPath ?? SampleDatabase.defaultPath()
if givenPath == nil {
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

/// Measures the figures asked for and returns the summary.
@MainActor
func measure() async throws -> String {
  var summary: [String] = []
  var counted: Int?
  // e to CSV first, while the process holds only the first screen: the time from Enter to the
  // file renamed, and the peak RSS before and after.
  if wants("export") {
    var screen = Screen(width: 80, height: 24)
    let (browser, records) = try await peopleBrowser(&screen)
    await records.waitUntilIdle()
    let rows = try require(records.total, "the count of people")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("data-browser-bench-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let before = peakRSS()
    var times: [Double] = []
    var cpuTimes: [Double] = []
    var bytes = 0
    for run in 0..<3 {
      let file = folder + "/people-\(run).csv"
      let start = ContinuousClock.now
      let cpu = processCPUMicroseconds()
      browser.stack.handle(.key(.character("e")))
      for character in file { browser.stack.handle(.key(.character(character))) }
      browser.stack.handle(.key(.enter))
      await records.waitUntilIdle()
      times.append(microseconds(ContinuousClock.now - start))
      cpuTimes.append(processCPUMicroseconds() - cpu)
      let said = records.message ?? ""
      guard said.hasPrefix("Exported \(CellValue.grouped(rows)) records") else {
        throw BenchFailure(what: "the export said “\(said)”")
      }
      bytes = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
      try FileManager.default.removeItem(atPath: file)
    }
    let after = peakRSS()
    let median = times.sorted()[times.count / 2]
    let cpu = cpuTimes.sorted()[cpuTimes.count / 2]
    report("export_csv_s", median / 1e6, rows: rows)
    report("export_csv_cpu_s", cpu / 1e6, rows: rows)
    report("export_csv_rss_ratio", Double(after) / Double(before), rows: rows)
    summary.append(
      "e to CSV: " + String(format: "%.2f", median / 1e6) + " s for \(rows) records, "
        + "\(bytes / 1_048_576) MiB (median of 3; "
        + times.map { String(format: "%.2f", $0 / 1e6) }.joined(separator: ", ")
        + " s; " + String(format: "%.2f", cpu / 1e6)
        + " s of CPU); peak RSS \(before) KiB before, \(after) KiB after (x"
        + String(format: "%.2f", Double(after) / Double(before)) + ")")
    _ = browser
  }
  // Memory first, while the process holds nothing else: the first screen, then PgDn through
  // every record.
  if wants("memory") {
    var screen = Screen(width: 80, height: 24)
    let (browser, records) = try await peopleBrowser(&screen)
    await records.waitUntilIdle()
    let rows = try require(records.total, "the count of people")
    counted = rows
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
    summary.append(
      "rss \(firstScreenRSS) KiB after the first screen, \(scrolledRSS) KiB after \(presses) "
        + "PgDn through \(rows) records (x"
        + String(format: "%.2f", Double(scrolledRSS) / Double(firstScreenRSS)) + ")")
  }

  let database = try BrowserDatabase.open(path: path)
  let schema = try database.schema(of: "people")
  let rows: Int
  if let counted {
    rows = counted
  } else {
    rows = try await database.queue.read { db in
      try RecordQuery(schema: schema, limit: 1).count(db)
    }
  }

  // Page fetches in key order and in city order (indexed), at depth 0 and 900,000.
  if wants("page") {
    let depth = min(900_000, max(0, rows - 200))
    var fetches: [String] = []
    for order in [SQLOrder.key, SQLOrder(column: "city")] {
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
    summary.append("page fetch " + fetches.joined(separator: "; "))
  }

  // The first frame: open the database, read the schema, count, fetch the first page, lay out
  // and draw 80x24.
  // The CPU time of the process is measured too: unlike the wall clock, it does not grow when
  // other work shares the machine.
  if wants("frame") {
    var cpuTimes: [Double] = []
    var frames: [Double] = []
    for _ in 0..<21 {
      let start = ContinuousClock.now
      let cpu = processCPUMicroseconds()
      let database = try BrowserDatabase.open(path: path)
      let browser = try await Browser.open(SQLiteCatalog(database: database), table: "people")
      var screen = Screen(width: 80, height: 24)
      browser.stack.render(into: &screen)
      cpuTimes.append(processCPUMicroseconds() - cpu)
      frames.append(microseconds(ContinuousClock.now - start))
      // The count that follows the first frame runs now, outside the time of the next one.
      await browser.waitUntilIdle()
    }
    let firstFrame = frames.sorted()[frames.count / 2]
    let cpu = cpuTimes.sorted()[cpuTimes.count / 2]
    report("first_frame_ms", firstFrame / 1000, rows: rows)
    report("first_frame_cpu_ms", cpu / 1000, rows: rows)
    summary.append(
      "first frame " + String(format: "%.2f", firstFrame / 1000) + " ms ("
        + String(format: "%.2f", cpu / 1000) + " ms of CPU)")
  }

  // Keys, from the first record, until the screen shows the result.
  let clock = ContinuousClock()
  // The median CPU time of the last key measured, in milliseconds.
  var keyCPU = 0.0
  func measureKey(_ runs: Int, _ act: @escaping (RecordsScreen) -> Void) async throws -> Double {
    var times: [Double] = []
    var cpuTimes: [Double] = []
    for _ in 0..<runs {
      var screen = Screen(width: 80, height: 24)
      let (browser, records) = try await peopleBrowser(&screen)
      let start = clock.now
      let cpu = processCPUMicroseconds()
      act(records)
      await draw(browser, &screen)
      times.append(microseconds(clock.now - start) / 1000)
      cpuTimes.append((processCPUMicroseconds() - cpu) / 1000)
    }
    keyCPU = cpuTimes.sorted()[runs / 2]
    return times.sorted()[runs / 2]
  }
  if wants("keys") {
    let end = try await measureKey(11) { $0.go(to: .last) }
    report("end_ms", end, rows: rows)
    let jump = try await measureKey(11) { $0.go(to: .number(900_000)) }
    report("jump_900000_ms", jump, rows: rows)
    summary.append(
      "End " + String(format: "%.1f", end) + " ms; :900000 " + String(format: "%.1f", jump)
        + " ms")
  }
  if wants("keys") || wants("search") {
    let nearEnd = try await database.queue.read { db in
      try String.fetchOne(
        db, sql: "SELECT email FROM people WHERE id > ? AND email IS NOT NULL ORDER BY id LIMIT 1",
        arguments: [rows - 10])
    }
    let needle = try require(nearEnd, "an email near the end")
    let search = try await measureKey(5) { $0.search(needle) }
    report("search_near_end_ms", search, rows: rows)
    report("search_near_end_cpu_ms", keyCPU, rows: rows)
    summary.append(
      "search " + String(format: "%.1f", search) + " ms (" + String(format: "%.1f", keyCPU)
        + " ms of CPU)")
  }
  // Searches that read every record: by `name`, which no index orders (the table is read in
  // key order), and for text outside ASCII that nothing holds (every value with a character
  // outside ASCII is a candidate that Swift checks).
  if wants("search") {
    /// The median wall-clock and CPU times of a search, in milliseconds.
    func searchAll(_ text: String, order: SQLOrder) async throws -> (
      Double, Double
    ) {
      let reader = RecordReader(
        queue: database.queue, query: RecordQuery(schema: schema, order: order, limit: 200))
      var times: [Double] = []
      var cpuTimes: [Double] = []
      for _ in 0..<3 {
        let start = ContinuousClock.now
        let cpu = processCPUMicroseconds()
        let found = try await reader.search(text, from: nil)
        times.append(microseconds(ContinuousClock.now - start) / 1000)
        cpuTimes.append((processCPUMicroseconds() - cpu) / 1000)
        if found != nil { throw BenchFailure(what: "no match for \(text)") }
      }
      return (times.sorted()[1], cpuTimes.sorted()[1])
    }
    let byName = try await searchAll(
      "no such text", order: SQLOrder(column: "name"))
    report("search_all_by_name_ms", byName.0, rows: rows)
    report("search_all_by_name_cpu_ms", byName.1, rows: rows)
    let greek = try await searchAll("ωμέγα", order: .key)
    report("search_all_non_ascii_ms", greek.0, rows: rows)
    report("search_all_non_ascii_cpu_ms", greek.1, rows: rows)
    summary.append(
      "search of every record by name (no index) " + String(format: "%.1f", byName.0) + " ms ("
        + String(format: "%.1f", byName.1) + " ms of CPU), for ωμέγα "
        + String(format: "%.1f", greek.0) + " ms (" + String(format: "%.1f", greek.1)
        + " ms of CPU)")
  }
  if wants("keys") {
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
    summary.append(
      "sort by city (indexed) " + String(format: "%.1f", sortIndexed) + " ms, by name (no index) "
        + String(format: "%.1f", sortUnindexed) + " ms")
  }
  if wants("frequency") {
    // F: the values counted by a GROUP BY, until the frequency screen shows them.
    var shown = Screen(width: 80, height: 24)
    let (browser, records) = try await peopleBrowser(&shown)
    records.moveColumnCursor(by: 3)
    records.handle(.key(.character("F")))
    await draw(browser, &shown)
    guard (browser.stack.top as? RecordsScreen)?.source.name == "city values" else {
      throw BenchFailure(what: "the frequency screen of city")
    }
    let frequencyIndexed = try await measureKey(5) { records in
      records.moveColumnCursor(by: 3)  // city
      records.handle(.key(.character("F")))
    }
    report("frequency_indexed_city_ms", frequencyIndexed, rows: rows)
    let frequencyUnindexed = try await measureKey(3) { records in
      records.moveColumnCursor(by: 1)  // name
      records.handle(.key(.character("F")))
    }
    report("frequency_unindexed_name_ms", frequencyUnindexed, rows: rows)
    // F on balance, a real of more distinct values than the screen counts one by one: the
    // most frequent counted, then the least and greatest and one GROUP BY of the ranges.
    var histogramShown = Screen(width: 80, height: 24)
    let (histogramBrowser, histogramRecords) = try await peopleBrowser(&histogramShown)
    histogramRecords.moveColumnCursor(by: 5)
    histogramRecords.handle(.key(.character("F")))
    await draw(histogramBrowser, &histogramShown)
    guard let top = histogramBrowser.stack.top as? RecordsScreen,
      top.source.columns.first?.name == "balance from"
    else {
      throw BenchFailure(what: "the ranges of balance")
    }
    let frequencyRanges = try await measureKey(3) { records in
      records.moveColumnCursor(by: 5)  // balance
      records.handle(.key(.character("F")))
    }
    report("frequency_ranges_balance_ms", frequencyRanges, rows: rows)
    summary.append(
      "F on city (indexed) " + String(format: "%.1f", frequencyIndexed) + " ms, on name (no "
        + "index) " + String(format: "%.1f", frequencyUnindexed) + " ms, on balance (ranges) "
        + String(format: "%.1f", frequencyRanges) + " ms")
  }
  // `I`: the summary of every column of people, from the key to the screen showing the last
  // column's line; then each column's statements alone.
  if wants("summary") {
    var times: [Double] = []
    var cpuTimes: [Double] = []
    for _ in 0..<3 {
      var screen = Screen(width: 80, height: 24)
      let (browser, records) = try await peopleBrowser(&screen)
      await browser.waitUntilIdle()
      let start = clock.now
      let cpu = processCPUMicroseconds()
      records.showSummary()
      await browser.waitUntilIdle()
      browser.stack.render(into: &screen)
      times.append(microseconds(clock.now - start) / 1000)
      cpuTimes.append((processCPUMicroseconds() - cpu) / 1000)
      let shown = try require(browser.stack.top as? SummaryScreen, "the summary screen")
      _ = try require(
        shown.summaries.allSatisfy { $0 != nil } ? true : nil, "a summary of every column")
    }
    let all = times.sorted()[1]
    let cpu = cpuTimes.sorted()[1]
    report("summary_all_columns_ms", all, rows: rows)
    report("summary_all_columns_cpu_ms", cpu, rows: rows)
    let reader = RecordReader(queue: database.queue, query: RecordQuery(schema: schema, limit: 1))
    var columns: [String] = []
    for name in schema.columns {
      let start = clock.now
      _ = try await reader.summary(ofColumn: name)
      let time = microseconds(clock.now - start) / 1000
      report("summary_column_\(name)_ms", time, rows: rows)
      columns.append("\(name) " + String(format: "%.0f", time))
    }
    summary.append(
      "I (summary of \(schema.columns.count) columns) " + String(format: "%.0f", all) + " ms ("
        + String(format: "%.0f", cpu) + " ms of CPU); by column, ms: "
        + columns.joined(separator: ", "))
  }
  if wants("wide") { summary.append(try await measureWide()) }
  return summary.joined(separator: "\nbench: ")
}

/// The wide table's size.
enum Wide {
  /// Its rows.
  static let rows = 1_000_000
}

/// Makes, once, a table of nine TEXT columns and a million rows in the cache folder, and
/// returns the path of its database.
func wideDatabase() throws -> String {
  let path = SampleDatabase.cacheDirectory() + "/wide-v1-\(Wide.rows).sqlite"
  if FileManager.default.fileExists(atPath: path) { return path }
  say("making \(path)")
  let partial = path + ".partial"
  try? FileManager.default.removeItem(atPath: partial)
  let queue = try DatabaseQueue(path: partial)
  try queue.write { db in
    // Nine words of 10 to 20 characters, each column its own word, none holding another's.
    let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india"]
    let columns = words.map { "\($0) TEXT" }.joined(separator: ", ")
    try db.execute(sql: "CREATE TABLE wide (id INTEGER PRIMARY KEY, \(columns))")
    let values = words.enumerated().map { index, word in
      "'\(word)-' || ((x * \(7919 + index * 104_729)) % 1000003) || '-' || x"
    }.joined(separator: ", ")
    try db.execute(
      sql: """
        WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?)
        INSERT INTO wide SELECT x, \(values) FROM n
        """, arguments: [Wide.rows])
  }
  try queue.close()
  guard rename(partial, path) == 0 else { throw BenchFailure(what: "renaming \(partial)") }
  return path
}

/// On the wide table: one plain `LIKE` scan of its nine columns, against a search for the
/// last column of a row near the end, which reads every row before it.
func measureWide() async throws -> String {
  let database = try BrowserDatabase.open(path: try wideDatabase())
  let schema = try database.schema(of: "wide")
  let textColumns = schema.columns.dropFirst()
  let needle = try require(
    try await database.queue.read { db in
      try String.fetchOne(
        db, sql: "SELECT india FROM wide WHERE id = ?", arguments: [Wide.rows - 5])
    }, "a value near the end of the wide table")
  let like = textColumns.map { "\($0) LIKE ?" }.joined(separator: " OR ")
  let reader = RecordReader(queue: database.queue, query: RecordQuery(schema: schema, limit: 200))
  // The scan and the search take turns, so that a change in the machine's load falls on both;
  // wall-clock and CPU times, in microseconds.
  var scans: [(Double, Double)] = []
  var searches: [(Double, Double)] = []
  for _ in 0..<5 {
    var start = (ContinuousClock.now, processCPUMicroseconds())
    _ = try await database.queue.read { db in
      try Int.fetchOne(
        db, sql: "SELECT count(*) FROM wide WHERE \(like)",
        arguments: StatementArguments(Array(repeating: "%\(needle)%", count: textColumns.count)))
    }
    scans.append(
      (microseconds(ContinuousClock.now - start.0), processCPUMicroseconds() - start.1))
    start = (ContinuousClock.now, processCPUMicroseconds())
    let found = try await reader.search(needle, from: nil)
    searches.append(
      (microseconds(ContinuousClock.now - start.0), processCPUMicroseconds() - start.1))
    _ = try require(found, "the wide table's match")
  }
  let median = { (times: [Double]) in times.sorted()[times.count / 2] / 1000 }
  let scan = (median(scans.map(\.0)), median(scans.map(\.1)))
  let search = (median(searches.map(\.0)), median(searches.map(\.1)))
  report("wide_like_scan_ms", scan.0, rows: Wide.rows)
  report("wide_like_scan_cpu_ms", scan.1, rows: Wide.rows)
  report("wide_search_ms", search.0, rows: Wide.rows)
  report("wide_search_cpu_ms", search.1, rows: Wide.rows)
  report("wide_search_scan_ratio", search.0 / scan.0, rows: Wide.rows)
  report("wide_search_scan_cpu_ratio", search.1 / scan.1, rows: Wide.rows)
  return "wide table: one LIKE scan " + String(format: "%.1f", scan.0) + " ms ("
    + String(format: "%.1f", scan.1) + " ms of CPU), search " + String(format: "%.1f", search.0)
    + " ms (" + String(format: "%.1f", search.1) + " ms of CPU): x"
    + String(format: "%.2f", search.0 / scan.0) + " (x" + String(format: "%.2f", search.1 / scan.1)
    + " in CPU)"
}
