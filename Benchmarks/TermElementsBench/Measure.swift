import Glibc

/// Clocks, medians and figures, measured as the C baseline measures them.
///
/// ```swift
/// let start = Measure.seconds(CLOCK_MONOTONIC)
/// Measure.median([3, 1, 2])  // 2
/// Measure.print("peak_rss_kib", rows: 1_000, value: 2_048, digits: 0)
/// ```
enum Measure {
  /// Seconds on `clock`, such as `CLOCK_PROCESS_CPUTIME_ID` or `CLOCK_MONOTONIC`.
  static func seconds(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }

  /// Bytes written to `file` so far: it is flushed first, as the C side does.
  static func bytesWritten(to file: UnsafeMutablePointer<FILE>) -> Int {
    fflush(file)
    return ftell(file)
  }

  /// The peak resident set size of the process, in KiB.
  static func peakResidentKiB() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
  }

  /// The median of `values`: the middle one, or the mean of the middle two.
  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// `value` with exactly `digits` decimals, as C's `%.*f` prints it for the figures here.
  static func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(scaled) }
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    let padding = String(repeating: "0", count: digits - fraction.count)
    return "\(sign)\(whole).\(padding)\(fraction)"
  }

  /// Prints one figure as a JSON line, for the `termelements` implementation.
  static func print(_ name: String, rows: Int, value: Double, digits: Int) {
    let line =
      "{\"name\":\"\(name)\",\"impl\":\"termelements\",\"rows\":\(rows),"
      + "\"value\":\(fixed(value, digits: digits))}"
    Swift.print(line)
  }
}

/// The medians of one kind of step.
struct StepFigures {
  /// CPU time per step, in microseconds.
  var cpuMicroseconds = 0.0
  /// Bytes ncurses emitted per step.
  var bytes = 0.0
}
