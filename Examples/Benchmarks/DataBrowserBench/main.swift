// data-browser-bench: page fetch time at depth 0 and depth 900,000 of the 1M-row sample, their
// ratio, and the time to the first frame of the browser on it, as JSON lines on stdout.
//
// Usage: data-browser-bench [DATABASE]  (default: the cached sample, made if missing)
import DataBrowserCore
import Foundation
import GRDB
import TermElements

/// Prints one figure as a JSON line like termelements-bench's.
func report(_ name: String, _ value: Double, rows: Int) {
  let text = value < 10 ? String(format: "%.3f", value) : String(format: "%.1f", value)
  print(#"{"name":"\#(name)","impl":"data-browser","rows":\#(rows),"value":\#(text)}"#)
}

/// The median of `runs` timings of `body`, in microseconds.
func medianMicroseconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
  let clock = ContinuousClock()
  var times: [Double] = []
  for _ in 0..<runs {
    let elapsed = try clock.measure(body)
    times.append(
      Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
  }
  return times.sorted()[times.count / 2]
}

let path = CommandLine.arguments.dropFirst().first ?? SampleDatabase.defaultPath()
if CommandLine.arguments.count < 2 {
  let made = try SampleDatabase.ensure(at: path) { percent in
    if percent % 10 == 0 {
      FileHandle.standardError.write(Data("bench: sample \(percent)%\n".utf8))
    }
  }
  if made { FileHandle.standardError.write(Data("bench: made \(path)\n".utf8)) }
}
FileHandle.standardError.write(Data("bench: data-browser on \(path)\n".utf8))
let database = try BrowserDatabase.open(path: path)
let schema = try database.schema(of: "people")
let rows = try database.queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM people") } ?? 0
let query = KeysetQuery(schema: schema, limit: 200)
let depth = min(900_000, max(0, rows - 200))
let deepKey = try database.queue.read { db in
  try query.fetch(db, after: nil).isEmpty
    ? nil
    : try depthKey(db, depth: depth)
}
let first = try medianMicroseconds(runs: 301) {
  _ = try database.queue.read { try query.fetch($0, after: nil) }
}
let deep = try medianMicroseconds(runs: 301) {
  _ = try database.queue.read { try query.fetch($0, after: deepKey) }
}
report("page_fetch_depth0_us", first, rows: rows)
report("page_fetch_depth\(depth)_us", deep, rows: rows)
report("page_fetch_depth_ratio", deep / first, rows: rows)

// Time to first frame: open the database, read the schema, fetch the first page, lay out and
// draw an 80x24 frame.
let firstFrame = try await MainActor.run {
  try medianMicroseconds(runs: 11) {
    let database = try BrowserDatabase.open(path: path)
    let browser = Browser(
      database: database, tables: nil, schema: try database.schema(of: "people"))
    var screen = Screen(width: 80, height: 24)
    browser.stack.render(into: &screen)
  }
}
report("first_frame_ms", firstFrame / 1000, rows: rows)
FileHandle.standardError.write(
  Data(
    String(
      format:
        "bench: page fetch %.1f us at depth 0, %.1f us at depth %d (x%.2f); first frame %.2f ms\n",
      first, deep, depth, deep / first, firstFrame / 1000
    ).utf8))

/// The key of the row at `depth`, found once with OFFSET (not timed).
func depthKey(_ db: GRDB.Database, depth: Int) throws -> [GRDB.DatabaseValue]? {
  try GRDB.DatabaseValue.fetchOne(
    db, sql: "SELECT id FROM people ORDER BY id LIMIT 1 OFFSET ?", arguments: [depth - 1]
  ).map { [$0] }
}
