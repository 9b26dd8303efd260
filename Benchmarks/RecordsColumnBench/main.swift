import Foundation
import Glibc
import TermElements
import TermElementsRecords

/// `records-column-bench`: what → (the column cursor) costs on the records screen against ↓,
/// once the screen holds as many records as it keeps.
///
/// A `RecordsScreen` over a `MemoryRecordSource` of RECORDS records (default 10,000) of COLUMNS
/// columns (default 40: a key, then text), pages of 200, is drawn headless at 80x24 and paged
/// down until it holds its ``RecordsScreen/loadedRecordLimit`` of records (2,000). Then, with
/// the middle record selected:
///
/// - `records_down_ms`: one ↓ and its frame (`handle(.key(.down))`, `render(into:)`);
/// - `records_redraw_ms`: a frame that draws every line on screen again, nothing changed
///   (`redrawRows()`, `render(into:)`): the least → can cost, since it moves every column;
/// - `records_right_ms`: one → or ← and its frame, the cursor going to the last column and
///   back, the columns scrolling as it goes.
///
/// Each figure is the median CPU time (`CLOCK_PROCESS_CPUTIME_ID`) of its presses, in
/// milliseconds, printed as a JSON line whose `rows` is the number of records held, then
/// `records_right_down_ratio`. The screen is checked after the presses: the header shows the
/// column under the cursor, and the record lines its cells.
///
/// ```sh
/// records-column-bench            # 10,000 records of 40 columns
/// records-column-bench 20000 60
/// ```
@MainActor
func run(records count: Int, columns: Int) async throws {
  let names = ["id"] + (1..<columns).map { "column \($0)" }
  let records = (0..<count).map { row in
    [CellValue.integer(Int64(row))] + (1..<columns).map { CellValue.text("r\(row)c\($0)") }
  }
  let source = MemoryRecordSource(
    name: "bench", columns: names, records: records, keyColumns: [0])
  let screen = try await RecordsScreen.open(source, count: .exact(count))
  var frame = Screen(width: 80, height: 24)
  screen.render(into: &frame)
  // Page down until the screen holds as many records as it keeps.
  var presses = 0
  while heldRows(screen) < min(count, screen.loadedRecordLimit), presses < 10_000 {
    screen.handle(.key(.pageDown))
    screen.render(into: &frame)
    await screen.waitUntilIdle()
    screen.render(into: &frame)
    presses += 1
  }
  let held = heldRows(screen)
  screen.select(IndexPath(row: held / 2, section: 0))
  screen.render(into: &frame)

  var down: [Double] = []
  for _ in 0..<40 {
    down.append(
      cpuMilliseconds {
        screen.handle(.key(.down))
        screen.render(into: &frame)
      })
  }
  var redraw: [Double] = []
  for _ in 0..<40 {
    redraw.append(
      cpuMilliseconds {
        screen.redrawRows()
        screen.render(into: &frame)
      })
  }
  var right: [Double] = []
  for key in Array(repeating: Key.right, count: columns - 1)
    + Array(repeating: Key.left, count: columns - 1)
  {
    right.append(
      cpuMilliseconds {
        screen.handle(.key(key))
        screen.render(into: &frame)
      })
  }
  // The cursor went right and back: check that the screen follows it, at the last column.
  for _ in 1..<columns { screen.handle(.key(.right)) }
  screen.render(into: &frame)
  let selected = screen.selection.map { screen.row(at: $0).id?.number } ?? nil
  guard screen.columns.cursor == columns - 1,
    frame.lines.contains(where: { $0.contains("column \(columns - 1)") }),
    let selected, frame.lines.contains(where: { $0.contains("r\(selected)c\(columns - 1)") })
  else {
    throw BenchFailure(
      what: "the screen does not show column \(columns - 1):\n"
        + frame.lines.joined(separator: "\n"))
  }
  report("records_down_ms", median(down), rows: held)
  report("records_redraw_ms", median(redraw), rows: held)
  report("records_right_ms", median(right), rows: held)
  report("records_right_down_ratio", median(right) / median(down), rows: held)
  say(
    "\(held) records of \(columns) columns held: ↓ "
      + String(format: "%.3f", median(down)) + " ms, every line drawn again "
      + String(format: "%.3f", median(redraw)) + " ms, → or ← "
      + String(format: "%.3f", median(right)) + " ms of CPU (medians)")
}

/// The rows of `screen`'s table.
@MainActor
func heldRows(_ screen: RecordsScreen) -> Int {
  screen.table.sections.reduce(0) { $0 + $1.rows.count }
}

/// The CPU time of the process that `body` takes, in milliseconds.
@MainActor
func cpuMilliseconds(_ body: () -> Void) -> Double {
  var start = timespec()
  var end = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start)
  body()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end)
  return Double(end.tv_sec - start.tv_sec) * 1e3 + Double(end.tv_nsec - start.tv_nsec) / 1e6
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

/// Prints one figure as a JSON line.
func report(_ name: String, _ value: Double, rows: Int) {
  let text = String(format: "%.4f", value)
  print(#"{"name":"\#(name)","impl":"termelements","rows":\#(rows),"value":\#(text)}"#)
}

/// Says something on standard error.
func say(_ text: String) {
  FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
}

/// A figure that could not be measured.
struct BenchFailure: Error, CustomStringConvertible {
  /// What went wrong.
  let what: String
  var description: String { "records-column-bench: \(what)" }
}

let arguments = CommandLine.arguments.dropFirst().map { Int($0) }
guard arguments.count <= 2, arguments.allSatisfy({ $0 != nil }) else {
  FileHandle.standardError.write(Data("usage: records-column-bench [RECORDS [COLUMNS]]\n".utf8))
  exit(2)
}
let recordCount = max(100, arguments.first.flatMap { $0 } ?? 10_000)
let columnCount = max(2, arguments.dropFirst().first.flatMap { $0 } ?? 40)
try await run(records: recordCount, columns: columnCount)
