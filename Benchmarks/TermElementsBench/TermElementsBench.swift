import Glibc
import TermElements
import TermElementsCurses

/// `termelements-bench`: the TermElements side of `make bench`.
///
/// It runs the C baseline's workload (`Benchmarks/Baseline/baseline.c`) through the real
/// stack: a ``Table`` of one lazy section, a ``TableModelController`` drawing frames into a
/// ``Screen``, and a ``CursesScreen`` copying them into ncurses, whose output goes to a
/// temporary file so that its bytes can be counted.
///
/// ```sh
/// termelements-bench 1000000          # 2,000 one-row steps, 500 page steps
/// termelements-bench 1000000 100 20   # fewer steps
/// ```
///
/// Each step, on both sides:
///
/// - First frame: the top row is 0 and row 0 is selected. Time to first frame is wall-clock
///   time (`CLOCK_MONOTONIC`) from `main()` entry, building the table included, to the end of
///   the first `CursesScreen.draw`, which ends with `doupdate()`.
/// - Setup: 23 `.down` keys move the selection, without scrolling, to the bottom line.
/// - One-row scroll step: `controller.handle(.key(.down))` with the selection on the bottom
///   line, so the selection moves to the next row and the table scrolls by exactly one line
///   (checked: `scrollOffset` grows by 1); then `render(into:)` and `draw`. The C side moves
///   its top row and its reverse-video selected row down by one and draws. After 200 warm-up
///   steps, 2,000 are measured.
/// - Page step: `controller.handle(.key(.pageDown))` with the selection on the bottom line:
///   the table scrolls 23 lines and the selection moves 23 rows, staying on the bottom line
///   (checked); then `render(into:)` and `draw`. After 50 warm-up steps, 500 are measured.
/// - Whenever the next step would run past the last row, the list is reset, unmeasured:
///   `.home`, then 23 `.down` keys, each with a frame.
/// - TermElements only, after the steps: 20 End presses alternating with 20
///   `scrollToRow(at:position: .top)` jumps to rows around the middle, each with its frame
///   (see `Jumps.swift`).
///
/// A measured step is the event, the frame and the `doupdate()`. Its CPU time is
/// `CLOCK_PROCESS_CPUTIME_ID` before and after; its bytes are the growth of the output file
/// (`fflush`, then `ftell`). Figures are medians, printed as JSON lines. Besides the peak RSS
/// of the whole run, the peak RSS right after the first frame is printed, so that a run of
/// many one-row steps shows what visiting rows costs.
@main
enum TermElementsBench {
  /// Runs the benchmark for the row count on the command line and prints its figures.
  @MainActor
  static func main() {
    let start = Measure.seconds(CLOCK_MONOTONIC)
    let arguments = CommandLine.arguments
    guard arguments.count >= 2, let rowCount = Int(arguments[1]),
      rowCount >= Workload.height + Workload.page
    else {
      fail("usage: termelements-bench ROWS [SCROLL_STEPS [PAGE_STEPS]], ROWS at least 47")
    }
    // `termelements-bench ROWS eager`: the peak RSS of an eager table of that many rows, shown.
    if arguments.count > 2 && arguments[2] == "eager" {
      let run = Run(rowCount: rowCount, eager: true)
      run.frame()
      let milliseconds = (Measure.seconds(CLOCK_MONOTONIC) - start) * 1e3
      run.check()
      Measure.print("eager_first_frame_ms", rows: rowCount, value: milliseconds, digits: 2)
      Measure.print(
        "eager_peak_rss_kib", rows: rowCount, value: Double(Measure.peakResidentKiB()), digits: 0)
      run.finish()
      return
    }
    let scrollSteps = arguments.count > 2 ? Int(arguments[2]) ?? 0 : Workload.scrollSteps
    let pageSteps = arguments.count > 3 ? Int(arguments[3]) ?? 0 : Workload.pageSteps
    guard scrollSteps > 0, pageSteps > 0 else { fail("the step counts must be positive") }

    let run = Run(rowCount: rowCount)
    run.frame()
    let firstFrameMilliseconds = (Measure.seconds(CLOCK_MONOTONIC) - start) * 1e3
    let firstScreenKiB = Measure.peakResidentKiB()
    run.check()

    run.moveSelectionToBottom()
    let scroll = run.measureSteps(
      lines: 1, warmup: Workload.scrollWarmup, count: scrollSteps)
    let page = run.measureSteps(
      lines: Workload.page, warmup: Workload.pageWarmup, count: pageSteps)
    let jumps = run.measureJumps()
    run.finish()

    Measure.print("scroll_step_cpu_us", rows: rowCount, value: scroll.cpuMicroseconds, digits: 2)
    Measure.print("page_step_cpu_us", rows: rowCount, value: page.cpuMicroseconds, digits: 2)
    Measure.print("scroll_step_bytes", rows: rowCount, value: scroll.bytes, digits: 1)
    Measure.print("page_step_bytes", rows: rowCount, value: page.bytes, digits: 1)
    Measure.print("first_frame_ms", rows: rowCount, value: firstFrameMilliseconds, digits: 2)
    Measure.print("end_jump_cpu_us", rows: rowCount, value: jumps.end, digits: 2)
    Measure.print("row_jump_cpu_us", rows: rowCount, value: jumps.middle, digits: 2)
    Measure.print("first_screen_rss_kib", rows: rowCount, value: Double(firstScreenKiB), digits: 0)
    Measure.print(
      "peak_rss_kib", rows: rowCount, value: Double(Measure.peakResidentKiB()), digits: 0)
  }
}

/// Prints `message` on standard error and exits with status 1.
func fail(_ message: String) -> Never {
  var text = "termelements-bench: \(message)\n"
  text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  exit(1)
}

/// One benchmark run: the controller, the terminal, and the state the steps should reach.
@MainActor
final class Run {
  /// Rows in the table.
  let rowCount: Int
  /// The controller under test.
  let controller: TableModelController
  /// The ncurses terminal, writing to `output`.
  let terminal: CursesScreen
  /// The temporary file ncurses writes to.
  let output: UnsafeMutablePointer<FILE>
  /// The frame the controller draws into.
  var screen: Screen
  /// The row that should be on line 0.
  var top = 0
  /// The row that should be selected.
  var selected = 0
  /// Frames drawn, to check the screen's text every so often.
  var frames = 0

  /// Builds the table and the controller, then takes over an `xterm-256color` terminal whose
  /// output is a temporary file and whose input is `/dev/null`.
  init(rowCount: Int, eager: Bool = false) {
    self.rowCount = rowCount
    controller = TableModelController(
      table: eager
        ? Workload.eagerTable(rowCount: rowCount) : Workload.table(rowCount: rowCount))
    controller.showsStatusLine = false
    guard let output = tmpfile() else { fail("cannot make a temporary file") }
    let input = open("/dev/null", O_RDONLY)
    guard input >= 0 else { fail("cannot open /dev/null") }
    do {
      terminal = try CursesScreen(terminalType: "xterm-256color", output: output, input: input)
    } catch {
      fail("cannot start ncurses: \(error)")
    }
    close(input)
    self.output = output
    let size = terminal.size
    guard size == Size(width: Workload.width, height: Workload.height) else {
      terminal.restore()
      fail("the screen is \(size.width)x\(size.height), not 80x24; unset LINES and COLUMNS")
    }
    screen = Screen(width: size.width, height: size.height)
  }

  /// Draws a frame: the controller renders into the screen, which ncurses then shows.
  func frame() {
    controller.render(into: &screen)
    terminal.draw(screen)
    frames += 1
  }

  /// Presses `key` and draws a frame.
  func press(_ key: Key) {
    controller.handle(.key(key))
    frame()
  }

  /// Moves the selection from line 0 to the bottom line with 23 `.down`s, without scrolling.
  func moveSelectionToBottom() {
    for _ in 0..<Workload.page {
      press(.down)
      selected += 1
      check()
    }
  }

  /// Goes back to the top with the selection on the bottom line: `.home`, then 23 `.down`s.
  func resetToTop() {
    press(.home)
    top = 0
    selected = 0
    check()
    moveSelectionToBottom()
  }

  /// Whether a step of `lines` rows fits before the last row.
  func fits(_ lines: Int) -> Bool {
    top + lines + Workload.height <= rowCount
  }

  /// Takes one step of `lines` rows: `.down` for one, `.pageDown` for a page.
  func step(_ lines: Int) {
    press(lines == 1 ? .down : .pageDown)
    top += lines
    selected += lines
  }

  /// One measured one-row step, `step(1)`, in a function of its own that only the measured
  /// loop calls, so that `make bench-instructions` can count the instructions of exactly the
  /// measured steps with callgrind's `--toggle-collect` on its symbol,
  /// `$s17TermElementsBench3RunC18measuredScrollStepyyF` (see `Benchmarks/instructions.sh`).
  @inline(never)
  func measuredScrollStep() {
    step(1)
  }

  /// One measured page step, `step(Workload.page)`, in a function of its own for the same
  /// reason as ``measuredScrollStep()``; its symbol is
  /// `$s17TermElementsBench3RunC16measuredPageStepyyF`.
  @inline(never)
  func measuredPageStep() {
    step(Workload.page)
  }

  /// Runs `warmup` steps, then measures `count` steps of `lines` rows.
  func measureSteps(lines: Int, warmup: Int, count: Int) -> StepFigures {
    for _ in 0..<warmup {
      if !fits(lines) { resetToTop() }
      step(lines)
      check()
    }
    // Counts rather than samples, so that a million steps keep the peak RSS as it was.
    var cpu = MedianCounts(resolution: 0.01)
    var bytes = MedianCounts(resolution: 1)
    for _ in 0..<count {
      // A reset is not part of the step: it happens before the clocks start.
      if !fits(lines) { resetToTop() }
      let bytesBefore = Measure.bytesWritten(to: output)
      let before = Measure.seconds(CLOCK_PROCESS_CPUTIME_ID)
      if lines == 1 { measuredScrollStep() } else { measuredPageStep() }
      let after = Measure.seconds(CLOCK_PROCESS_CPUTIME_ID)
      cpu.add((after - before) * 1e6)
      bytes.add(Double(Measure.bytesWritten(to: output) - bytesBefore))
      check()
    }
    return StepFigures(cpuMicroseconds: cpu.median, bytes: bytes.median)
  }

  /// Stops the run if the controller is not where the C side would be: the scroll offset and
  /// the selection after every frame, and the whole screen's text and highlight every 64th
  /// frame, or this one if `fully` says so.
  func check(fully: Bool = false) {
    let selection = IndexPath(row: selected, section: 0)
    guard controller.scrollOffset == top, controller.selection == selection else {
      fail(
        "after \(frames) frames the top row is \(controller.scrollOffset), expected \(top), "
          + "and the selection \(String(describing: controller.selection)), expected row "
          + "\(selected)")
    }
    guard fully || frames % 64 == 0 || frames < 64 else { return }
    for y in 0..<Workload.height {
      let expected = Workload.expectedLine(y, top: top, rowCount: rowCount)
      guard screen.line(y) == expected else {
        fail("after \(frames) frames line \(y) reads '\(screen.line(y))', expected '\(expected)'")
      }
      let reversed = top + y == selected
      for x in 0..<Workload.width
      where screen[x, y].style != Style(attributes: reversed ? .reverse : []) {
        fail("after \(frames) frames cell \(x), \(y) has style \(screen[x, y].style)")
      }
    }
  }

  /// Gives the terminal back.
  func finish() {
    terminal.restore()
  }
}
