// The PostgreSQL figures of data-browser-bench (`--postgres URL`): the data browser on the
// `public.people` table of Scripts/postgres-sample.sql (10,000,000 rows in `make bench`),
// through `PostgresRecordSource` and the records screen, beside psql fetching the same pages
// with `OFFSET`.
import DataBrowserPostgres
import ExamplesTestSupport
import Foundation
import TermElements
import TermElementsRecords

/// The figures of the data browser on a PostgreSQL server's `public.people`, as JSON lines on
/// stdout (`impl` `data-browser-postgres`, or `psql` for the yardstick) and a summary:
/// - peak RSS after the first screen, and after 100,000 PgDn through the records screen;
/// - page fetches of 200 records at depth 0 and at 90% of the rows (9,000,000), in key order
///   and in `city` order (indexed), and a read of `SELECT 1` (the transaction around every
///   read);
/// - the time to the first frame, a new connection included, and its CPU time;
/// - End, `:N` at 90% of the rows, a search for an email 10 rows from the end started 10,000
///   records before the end, and the first page sorted by `city` (indexed) and by `name` (no
///   index), each from a records screen opened on the first record;
/// - how soon a cancelled search's query is gone from the server;
/// - psql: the same page with `OFFSET` at depth 0 and 9,000,000, and with `WHERE id >` at
///   9,000,000, as psql's `\timing` says (the time to send the query and read its rows).
@MainActor
struct PostgresFigures {
  /// The server and database, as a `postgresql://` URL that psql takes too.
  let url: String
  /// How many rows `people` holds, if the caller says (`--rows`): checked against the count.
  let expectedRows: Int?
  /// The psql the yardstick runs.
  let psql: String
  /// The figures asked for with `--only`, or `nil` for all of them.
  let only: Set<String>?

  /// The table measured.
  static let table = "public.people"
  /// The `impl` of the browser's figures.
  static let impl = "data-browser-postgres"
  /// Records in a page, as the app reads them.
  static let pageSize = 200
  /// The PgDn pressed for the memory figure.
  static let pageDowns = 100_000
  /// How many rounds compare a page here with psql's, in turn.
  static let pairedRounds = 7

  /// Whether the figures of `part` are measured.
  func wants(_ part: String) -> Bool { only?.contains(part) ?? true }

  /// The median time, in milliseconds, from cancelling a search for text no record holds
  /// until no statement of the browser runs on the server, as a second connection watching
  /// `pg_stat_activity` every millisecond sees it; 5 runs.
  func cancelSearch(_ source: PostgresRecordSource) async throws -> Double {
    let watcher = PostgresLink(settings: try settings())
    let active = PostgresStatement(
      "SELECT count(*)::text FROM pg_stat_activity WHERE application_name = 'data-browser' "
        + "AND state = 'active' AND pid <> pg_backend_pid() "
        + "AND query NOT LIKE 'SELECT pg_cancel_backend%'")
    func running() async throws -> Int { try await Self.number(active, on: watcher) }
    var times: [Double] = []
    for _ in 0..<5 {
      let search = Task {
        try await source.search(
          SearchText("no record holds this"), columns: nil, from: nil, forward: true, in: .all,
          progress: { _ in })
      }
      while try await running() == 0 { try await Task.sleep(for: .milliseconds(1)) }
      let clock = ContinuousClock()
      let started = clock.now
      search.cancel()
      while try await running() > 0 { try await Task.sleep(for: .milliseconds(1)) }
      times.append(microseconds(clock.now - started) / 1000)
      _ = try? await search.value
    }
    await watcher.close()
    return times.sorted()[times.count / 2]
  }

  /// The number the one row of `statement` holds, read on `link`.
  nonisolated static func number(_ statement: PostgresStatement, on link: PostgresLink)
    async throws -> Int
  {
    let rows = try await link.read { try await $0.rows(statement) }
    return rows.first?.first.flatMap { $0.flatMap { Int($0) } } ?? -1
  }

  /// Where to connect.
  func settings() throws -> PostgresSettings {
    try PostgresSettings(url)
  }

  /// A browser of `people` on `link` (a new link when `nil`), opened as the app opens it, its
  /// first screen drawn and its records counted.
  func peopleBrowser(_ screen: inout Screen, link: PostgresLink? = nil) async throws -> (
    PostgresLink, Browser, RecordsScreen
  ) {
    let link = try link ?? PostgresLink(settings: settings())
    try await link.check()
    let browser = try await Browser.open(
      PostgresCatalog(link: link), table: Self.table, pageSize: Self.pageSize)
    let records = try require(browser.records, "the records screen")
    await draw(browser, &screen)
    await browser.waitUntilIdle()
    return (link, browser, records)
  }

  /// The medians of `runs` timings of `body`, wall-clock and the process's CPU (every
  /// thread's), in microseconds; `body` runs on the main actor, as the records screen's
  /// reads start.
  func medianMicroseconds(
    runs: Int, _ body: @MainActor () async throws -> Void
  ) async rethrows -> (wall: Double, cpu: Double) {
    var times: [Double] = []
    var cpuTimes: [Double] = []
    for _ in 0..<runs {
      let start = ContinuousClock.now
      let cpu = processCPUMicroseconds()
      try await body()
      times.append(microseconds(ContinuousClock.now - start))
      cpuTimes.append(processCPUMicroseconds() - cpu)
    }
    return (times.sorted()[runs / 2], cpuTimes.sorted()[runs / 2])
  }

  /// Measures the figures asked for and returns the summary.
  func measure() async throws -> String {
    var summary = ["PostgreSQL: \(Self.table) at \(try settings())"]
    var rows = 0
    // Memory first, while the process holds nothing else: the first screen, then PgDn
    // through the records screen, each press drawn, waiting for the pages it loads.
    if wants("memory") {
      var screen = Screen(width: 80, height: 24)
      let (link, browser, records) = try await peopleBrowser(&screen)
      rows = try require(records.total, "the count of people")
      try checkRows(rows)
      let firstScreenRSS = peakRSS()
      let start = ContinuousClock.now
      for _ in 0..<Self.pageDowns {
        browser.stack.handle(.key(.pageDown))
        browser.stack.render(into: &screen)
        if records.isFetchingPage { await draw(browser, &screen) }
      }
      let elapsed = microseconds(ContinuousClock.now - start)
      let reached = try require(
        records.selection.flatMap { records.row(at: $0).id?.number }, "the record reached")
      let scrolledRSS = peakRSS()
      await link.close()
      let ratio = Double(scrolledRSS) / Double(firstScreenRSS)
      report("rss_first_screen_kib", Double(firstScreenRSS), rows: rows, impl: Self.impl)
      report(
        "rss_after_\(Self.pageDowns)_page_downs_kib", Double(scrolledRSS), rows: rows,
        impl: Self.impl)
      report("rss_page_downs_ratio", ratio, rows: rows, impl: Self.impl)
      report("page_down_us", elapsed / Double(Self.pageDowns), rows: rows, impl: Self.impl)
      summary.append(
        "rss \(firstScreenRSS) KiB after the first screen, \(scrolledRSS) KiB after "
          + "\(Self.pageDowns) PgDn to id \(reached) (x" + String(format: "%.2f", ratio)
          + ", goal <= 1.5); " + String(format: "%.1f", elapsed / Double(Self.pageDowns))
          + " us a PgDn, pages loaded included")
    }

    let link = try PostgresLink(settings: settings())
    let source = try require(
      try await PostgresCatalog(link: link).source(named: Self.table) as? PostgresRecordSource,
      "the PostgreSQL source of \(Self.table)")
    if rows == 0 {
      rows = try require(try await source.count(in: .all).exactValue, "the count of people")
      try checkRows(rows)
    }
    let columns = source.columns.map(\.name)
    let city = try require(columns.firstIndex(of: "city"), "the column city")
    let name = try require(columns.firstIndex(of: "name"), "the column name")
    let email = try require(columns.firstIndex(of: "email"), "the column email")
    let depth = max(0, min(rows * 9 / 10, rows - Self.pageSize))

    // Page fetches in key order and in city order (indexed), at depth 0 and 90%: the position
    // at the depth is found once, outside the time.
    var keyPages: (Double, Double)?
    if wants("page") {
      var fetches: [String] = []
      for (view, runs) in [
        (RecordView.all, 101), (RecordView(order: RecordOrder(column: city)), 11),
      ] {
        let deep = try await source.position(atOffset: depth, in: view)
        let first = try await medianMicroseconds(runs: runs) {
          _ = try await source.page(after: nil, in: view, limit: Self.pageSize)
        }
        let deepTime = try await medianMicroseconds(runs: runs) {
          _ = try await source.page(after: deep, in: view, limit: Self.pageSize)
        }
        let suffix = view.order.column == nil ? "" : "_by_city"
        report("page_fetch\(suffix)_depth0_us", first.wall, rows: rows, impl: Self.impl)
        report("page_fetch\(suffix)_depth0_cpu_us", first.cpu, rows: rows, impl: Self.impl)
        report(
          "page_fetch\(suffix)_depth\(depth)_us", deepTime.wall, rows: rows, impl: Self.impl)
        report(
          "page_fetch\(suffix)_depth\(depth)_cpu_us", deepTime.cpu, rows: rows, impl: Self.impl)
        let ratio = deepTime.wall / first.wall
        report("page_fetch\(suffix)_depth_ratio", ratio, rows: rows, impl: Self.impl)
        if view.order.column == nil { keyPages = (first.wall, deepTime.wall) }
        fetches.append(
          String(
            format: "%@ %.1f us at depth 0 (%.1f us of CPU), %.1f us at depth %d (%.1f us of "
              + "CPU; x%.2f%@)",
            view.order.column == nil ? "by key:" : "by city:", first.wall, first.cpu,
            deepTime.wall, depth, deepTime.cpu, ratio,
            view.order.column == nil ? ", goal <= 1.2" : ""))
      }
      // The same deep page here and in psql (keyset, \timing), in turn, round after round: a
      // ratio per round holds when the machine's speed drifts between rounds.
      let deep = try await source.position(atOffset: depth, in: .all)
      // The statement the page sends, prepared in psql as it is here: what the server costs
      // for the text cut to 1,024 characters, apart from what the client costs.
      let query = try PostgresViewQuery(table: source.table, view: .all)
      let statement = query.page(query.segments(from: deep, forward: true)[0], limit: Self.pageSize)
      let prepare = "PREPARE page(text) AS " + statement.sql
      let execute = "EXECUTE page('\(depth)')"
      var ratios: [Double] = []
      var sameStatementRatios: [Double] = []
      for _ in 0..<Self.pairedRounds {
        let here = try await medianMicroseconds(runs: 21) {
          _ = try await source.page(after: deep, in: .all, limit: Self.pageSize)
        }
        let psql = try psqlMedianMicroseconds(keysetPage(depth), runs: 21)
        let psqlSame = try psqlMedianMicroseconds(execute, runs: 21, after: prepare)
        ratios.append(here.wall / psql)
        sameStatementRatios.append(here.wall / psqlSame)
      }
      ratios.sort()
      sameStatementRatios.sort()
      let pairedRatio = ratios[ratios.count / 2]
      let sameRatio = sameStatementRatios[ratios.count / 2]
      report("page_vs_psql_keyset_ratio", pairedRatio, rows: rows, impl: Self.impl)
      report("page_vs_psql_same_statement_ratio", sameRatio, rows: rows, impl: Self.impl)
      fetches.append(
        String(
          format: "at depth %d, x%.2f psql's keyset page (median of %d rounds in turn, "
            + "x%.2f-x%.2f; goal <= 1.5), x%.2f psql running the statement sent here, "
            + "prepared", depth, pairedRatio, ratios.count, ratios[0], ratios[ratios.count - 1],
          sameRatio))
      // What a read costs before its statement: the read-only transaction's round trips.
      let read = try await medianMicroseconds(runs: 101) { try await Self.selectOne(link) }
      report("read_select_1_us", read.wall, rows: rows, impl: Self.impl)
      report("read_select_1_cpu_us", read.cpu, rows: rows, impl: Self.impl)
      summary.append(
        "page fetch of \(Self.pageSize) " + fetches.joined(separator: "; ")
          + String(format: "; a read of SELECT 1 %.1f us (%.1f us of CPU)", read.wall, read.cpu))
    }

    // The first frame: connect, read the catalog and the table's schema, fetch the first page
    // and the last record, lay out and draw 80x24; the count that follows is not in it.
    if wants("frame") {
      var frames: [Double] = []
      var cpuTimes: [Double] = []
      for _ in 0..<11 {
        let start = ContinuousClock.now
        let cpu = processCPUMicroseconds()
        let link = try PostgresLink(settings: settings())
        try await link.check()
        let browser = try await Browser.open(
          PostgresCatalog(link: link), table: Self.table, pageSize: Self.pageSize)
        var screen = Screen(width: 80, height: 24)
        browser.stack.render(into: &screen)
        cpuTimes.append(processCPUMicroseconds() - cpu)
        frames.append(microseconds(ContinuousClock.now - start))
        await browser.waitUntilIdle()
        await link.close()
      }
      let frame = frames.sorted()[frames.count / 2] / 1000
      let cpu = cpuTimes.sorted()[cpuTimes.count / 2] / 1000
      report("first_frame_ms", frame, rows: rows, impl: Self.impl)
      report("first_frame_cpu_ms", cpu, rows: rows, impl: Self.impl)
      summary.append(
        "first frame " + String(format: "%.2f", frame) + " ms (" + String(format: "%.2f", cpu)
          + " ms of CPU), connecting included")
    }

    // Keys, from a records screen opened on the first record, or gone to record `from` (neither
    // timed), until the screen shows the result.
    let clock = ContinuousClock()
    var keyCPU = 0.0
    func measureKey(
      _ runs: Int, from origin: Int? = nil, _ act: @escaping (RecordsScreen) throws -> Void
    ) async throws -> Double {
      var times: [Double] = []
      var cpuTimes: [Double] = []
      for _ in 0..<runs {
        var screen = Screen(width: 80, height: 24)
        let (_, browser, records) = try await peopleBrowser(&screen, link: link)
        if let origin {
          records.go(to: .number(origin))
          await draw(browser, &screen)
        }
        let start = clock.now
        let cpu = processCPUMicroseconds()
        try act(records)
        await draw(browser, &screen)
        times.append(microseconds(clock.now - start) / 1000)
        cpuTimes.append((processCPUMicroseconds() - cpu) / 1000)
        if let message = records.message { throw BenchFailure(what: message) }
      }
      keyCPU = cpuTimes.sorted()[runs / 2]
      return times.sorted()[runs / 2]
    }
    if wants("keys") {
      let end = try await measureKey(5) { $0.go(to: .last) }
      report("end_ms", end, rows: rows, impl: Self.impl)
      let jump = try await measureKey(5) { $0.go(to: .number(depth)) }
      report("jump_\(depth)_ms", jump, rows: rows, impl: Self.impl)
      summary.append(
        "End " + String(format: "%.1f", end) + " ms; :\(depth) " + String(format: "%.1f", jump)
          + " ms")
    }
    if wants("search") {
      // An email 10 rows from the end, searched from the record 10,000 from the end.
      let near = try require(
        try await source.position(atOffset: max(0, rows - 10), in: .all), "a row near the end")
      let needle = try require(
        try await source.page(after: near, in: .all, limit: 10).lazy.map { $0.values[email] }
          .first { !$0.isNull }?.cellText, "an email near the end")
      let from = max(1, rows - 10_000)
      let search = try await measureKey(5, from: from) { $0.search(needle) }
      report("search_near_end_ms", search, rows: rows, impl: Self.impl)
      report("search_near_end_cpu_ms", keyCPU, rows: rows, impl: Self.impl)
      summary.append(
        "search for \(needle) from record \(from) " + String(format: "%.1f", search) + " ms ("
          + String(format: "%.1f", keyCPU) + " ms of CPU)")
      // The same email searched from the first record, beside one psql statement that finds
      // it by the same rule over the same columns: each column's text containing it, ignoring
      // case, the first in key order.
      let fromTop = try await measureKey(3) { $0.search(needle) }
      report("search_from_top_ms", fromTop, rows: rows, impl: Self.impl)
      let escaped = needle.replacing("\\", with: "\\\\").replacing("%", with: "\\%")
        .replacing("_", with: "\\_").replacing("'", with: "''")
      let searched = source.table.columns.filter(\.kind.isSearched).map { column in
        "\(column.text(of: "\"\(column.name)\"")) ILIKE '%\(escaped)%'"
      }
      let yardstick =
        try psqlMedianMicroseconds(
          "SELECT * FROM people WHERE " + searched.joined(separator: " OR ")
            + " ORDER BY id LIMIT 1", runs: 3) / 1000
      report("psql_search_from_top_ms", yardstick, rows: rows, impl: "psql")
      summary.append(
        "search for \(needle) from the first record " + String(format: "%.1f", fromTop)
          + " ms (" + String(format: "%.1f", keyCPU) + " ms of CPU); one psql statement over "
          + "the same columns " + String(format: "%.1f", yardstick) + " ms (x"
          + String(format: "%.2f", fromTop / yardstick) + ", goal <= 1.5)")
    }
    if wants("cancel") {
      let cancel = try await cancelSearch(source)
      report("cancel_search_ms", cancel, rows: rows, impl: Self.impl)
      summary.append(
        "Esc in a search: its query gone from the server after "
          + String(format: "%.1f", cancel) + " ms (median of 5; goal <= 200)")
    }
    if wants("sort") {
      func sort(by column: Int, _ runs: Int) async throws -> Double {
        try await measureKey(runs) { records in
          records.moveColumnCursor(by: column - (records.columns.cursor ?? 0))
          guard records.columns.cursor == column else {
            throw BenchFailure(what: "the column cursor on \(columns[column])")
          }
          records.sortByCursorColumn()
        }
      }
      let sortIndexed = try await sort(by: city, 5)
      report("sort_indexed_city_ms", sortIndexed, rows: rows, impl: Self.impl)
      let sortUnindexed = try await sort(by: name, 3)
      report("sort_unindexed_name_ms", sortUnindexed, rows: rows, impl: Self.impl)
      summary.append(
        "sort by city (indexed) " + String(format: "%.1f", sortIndexed)
          + " ms, by name (no index) " + String(format: "%.1f", sortUnindexed) + " ms")
    }
    if wants("frequency") {
      // F on city: one GROUP BY of the view, until the frequency screen shows it.
      let frequency = try await measureKey(3) { records in
        records.moveColumnCursor(by: city - (records.columns.cursor ?? 0))
        guard records.columns.cursor == city else {
          throw BenchFailure(what: "the column cursor on \(columns[city])")
        }
        records.handle(.key(.character("F")))
      }
      report("frequency_city_ms", frequency, rows: rows, impl: Self.impl)
      let groupBy =
        try psqlMedianMicroseconds(
          "SELECT city, count(*) FROM people GROUP BY city ORDER BY 2 DESC, 1", runs: 3) / 1000
      report("psql_group_by_city_ms", groupBy, rows: rows, impl: "psql")
      summary.append(
        "F on city " + String(format: "%.1f", frequency) + " ms (psql GROUP BY "
          + String(format: "%.1f", groupBy) + " ms)")
    }
    await link.close()

    // The yardstick: psql fetching the same 200 rows, with OFFSET and with a key condition.
    if wants("psql") {
      var offsetTimes: [Int: Double] = [:]
      for (offset, runs) in [(0, 11), (depth, 5)] {
        offsetTimes[offset] = try psqlMedianMicroseconds(
          "SELECT * FROM people ORDER BY id OFFSET \(offset) LIMIT \(Self.pageSize)", runs: runs)
        report(
          "psql_offset_page_depth\(offset)_us", offsetTimes[offset] ?? 0, rows: rows, impl: "psql")
      }
      let keyset = try psqlMedianMicroseconds(keysetPage(depth), runs: 11)
      report("psql_keyset_page_depth\(depth)_us", keyset, rows: rows, impl: "psql")
      let here = keyPages.map { [$0.0, $0.1] } ?? [.nan, .nan]
      summary.append(
        String(
          format: "a page of %d at depth 0: %.1f us here, %.1f us psql OFFSET; at depth %d: "
            + "%.1f us here, %.1f us psql OFFSET, %.1f us psql WHERE id > (psql: \\timing)",
          Self.pageSize, here[0], offsetTimes[0] ?? 0, depth, here[1], offsetTimes[depth] ?? 0,
          keyset))
    }
    return summary.joined(separator: "\nbench: ")
  }

  /// psql's statement for the page of people after id `depth`, by key.
  func keysetPage(_ depth: Int) -> String {
    "SELECT * FROM people WHERE id > \(depth) ORDER BY id LIMIT \(Self.pageSize)"
  }

  /// Reads `SELECT 1` through `link`.
  nonisolated static func selectOne(_ link: PostgresLink) async throws {
    _ = try await link.read { try await $0.rows(PostgresStatement("SELECT 1")) }
  }

  /// Fails when `--rows` said another number of rows than `people` holds.
  func checkRows(_ rows: Int) throws {
    if let expectedRows, expectedRows != rows {
      throw BenchFailure(what: "\(Self.table) holds \(rows) rows, not \(expectedRows)")
    }
  }

  /// The median time psql's `\timing` gives `sql` over `runs` runs in one session, its rows
  /// sent to /dev/null, in microseconds; `setup` runs first, untimed.
  func psqlMedianMicroseconds(_ sql: String, runs: Int, after setup: String? = nil) throws
    -> Double
  {
    let script =
      (setup.map { $0 + ";\n" } ?? "") + "\\timing on\n\\o /dev/null\n"
      + String(repeating: sql + ";\n", count: runs)
    let output = try runPsql(script)
    // Lines like `Time: 1458.761 ms (00:01.459)`.
    let times = output.split(separator: "\n").compactMap { line -> Double? in
      guard line.hasPrefix("Time: ") else { return nil }
      return line.dropFirst(6).split(separator: " ").first.flatMap { Double($0) }
    }
    guard times.count == runs else {
      throw BenchFailure(what: "psql printed \(times.count) times for \(runs) runs:\n\(output)")
    }
    return times.sorted()[runs / 2] * 1000
  }

  /// What psql prints running `script` on the database of ``url``.
  func runPsql(_ script: String) throws -> String {
    let input = FileManager.default.temporaryDirectory
      .appending(path: "te-bench-psql-\(UUID().uuidString).sql")
    try Data(script.utf8).write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    let outcome = try ExampleProcess.runBlocking(
      URL(fileURLWithPath: "/usr/bin/env"),
      [psql, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url], standardInput: input.path)
    guard outcome.exitedNormally, outcome.status == 0 else {
      throw BenchFailure(
        what: "\(psql) exited with status \(outcome.status): \(outcome.standardError)")
    }
    return outcome.standardOutput
  }
}
