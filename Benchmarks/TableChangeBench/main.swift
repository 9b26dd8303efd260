import Foundation
import Glibc
import Observation
import TermElements

/// `table-change-bench`: what it costs to apply a changed table to a screen, by row identity.
///
/// For an eager section (an array of `Row`s with ids) of each row count on the command line,
/// a `TableModelController` shows the middle of the table on an 80x24 `Screen`, headless.
/// Then, alternately, two prepared versions of the table are applied, and a frame drawn:
///
/// - `apply_change_ms`: the versions differ by the content of one row on screen;
/// - `apply_insert_ms`: the versions differ by one row inserted above the screen.
///
/// A measurement is `controller.table = next` and `render(into:)`: the diff by id, the
/// layout update, and the frame. Preparing the table is the app's work and is not timed.
///
/// - `observed_change_ms`: the screen's table is built by a closure from an `@Observable`
///   model of that many items; one item's name changes, and the time runs from the change
///   to the end of the next frame: the rebuild of the table from the model (the app's
///   closure, all of it), the diff and the frame.
/// `rows_measured` is how many rows were measured again per change (the changed row, or
/// none).
///
/// - `frame_1mb_label_ms`: one 80x24 frame, drawn afresh, of a screen whose first row is a
///   one-line label of a 1 MB string, against `frame_short_label_ms` for the same screen with
///   a 60-character label.
///
/// Figures are medians of 21 runs, printed as JSON lines.
///
/// ```sh
/// table-change-bench 100000 1000000
/// ```
@MainActor
func run(rowCount: Int) {
  let rows = (0..<rowCount).map { index in
    Row(ElementOfLabel(props: "Row \(index)"), id: RowID(index), separatorStyle: .none)
  }
  let middle = rowCount / 2
  let base = Table(rows: rows)
  var changed = base
  changed.sections[0].rows[middle - 1] = Row(
    ElementOfLabel(props: "Changed row\nof two lines"), id: RowID(middle - 1),
    separatorStyle: .none)
  var inserted = base
  inserted.sections[0].rows.insert(
    Row(ElementOfLabel(props: "New row"), id: RowID(-1), separatorStyle: .none), at: 10)

  let controller = TableModelController(table: base)
  var screen = Screen(width: 80, height: 24)
  controller.render(into: &screen)
  controller.select(IndexPath(row: middle, section: 0))
  controller.render(into: &screen)

  for (name, other) in [("apply_change_ms", changed), ("apply_insert_ms", inserted)] {
    var times: [Double] = []
    var measured: [Double] = []
    for run in 0..<21 {
      let next = run % 2 == 0 ? other : base
      let before = controller.measurements
      let start = seconds()
      controller.table = next
      controller.render(into: &screen)
      times.append((seconds() - start) * 1e3)
      measured.append(Double(controller.measurements - before))
    }
    report(name, rows: rowCount, value: median(times), format: "%.3f")
    if name == "apply_change_ms" {
      report("rows_measured", rows: rowCount, value: median(measured), format: "%.0f")
    }
  }
}

/// The items of the observed-change figure.
@MainActor
@Observable
final class Items {
  var names: [String]
  init(count: Int) { names = (0..<count).map { "Item \($0)" } }
}

/// One observed change, applied and drawn, for each of 21 runs.
@MainActor
func observedChange(rowCount: Int) async {
  let items = Items(count: rowCount)
  let controller = TableModelController {
    Table {
      Section {
        ForEach(items.names.indices, id: \.self) { index in
          Row(ElementOfLabel(props: items.names[index]), separatorStyle: .none)
        }
      }
    }
  }
  var screen = Screen(width: 80, height: 24)
  controller.render(into: &screen)
  controller.select(IndexPath(row: rowCount / 2, section: 0))
  controller.render(into: &screen)
  var times: [Double] = []
  for run in 0..<21 {
    let start = seconds()
    items.names[rowCount / 2 + 1] = "Changed \(run)"
    while controller.needsDisplayForBenchmark == false { await Task.yield() }
    controller.render(into: &screen)
    times.append((seconds() - start) * 1e3)
  }
  report("observed_change_ms", rows: rowCount, value: median(times), format: "%.3f")
}

/// Monotonic seconds.
func seconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

/// Prints one figure as a JSON line.
func report(_ name: String, rows: Int, value: Double, format: String) {
  let text = String(format: format, value)
  print("{\"name\":\"\(name)\",\"impl\":\"termelements\",\"rows\":\(rows),\"value\":\(text)}")
}

let counts = CommandLine.arguments.dropFirst().compactMap { Int($0) }
guard !counts.isEmpty, counts.allSatisfy({ $0 >= 100 }) else {
  FileHandle.standardError.write(
    Data("usage: table-change-bench ROWS..., ROWS at least 100\n".utf8))
  exit(2)
}
for count in counts {
  run(rowCount: count)
}
for count in counts where count <= 100_000 {
  await observedChange(rowCount: count)
}
longLabelFrames()

/// Times a fresh frame whose first row is a one-line label of a megabyte, and one whose first
/// row is short.
@MainActor
func longLabelFrames() {
  let piece = "Row of text, 東京 too, "
  let megabyte = String(repeating: piece, count: 1_000_000 / piece.utf8.count + 1)
  for (name, text) in [
    ("frame_1mb_label_ms", megabyte), ("frame_short_label_ms", String(megabyte.prefix(60))),
  ] {
    let rows =
      [Row(ElementOfLabel(props: text).styles { $0.numberOfLines = 1 })]
      + (1..<30).map { Row(ElementOfLabel(props: "Row \($0)")) }
    var times: [Double] = []
    for _ in 0..<21 {
      let controller = TableModelController(table: Table(rows: rows))
      var screen = Screen(width: 80, height: 24)
      let start = ContinuousClock.now
      controller.render(into: &screen)
      let elapsed = ContinuousClock.now - start
      times.append(
        Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
    }
    report(name, rows: 30, value: median(times), format: "%.3f")
  }
}
