import Glibc
import TermElements

/// Far jumps, which must cost what the first frame does however many rows the table has:
/// End to the last row, and `scrollToRow` to rows around the middle.
extension Run {
  /// Jumps measured of each kind.
  static var jumps: Int { 20 }

  /// Alternates End with `scrollToRow(at:position: .top)` to a row near the middle, each
  /// followed by its frame, and returns the median CPU time of each kind, in microseconds.
  /// The middle rows differ each time, so that every such jump meets rows never measured.
  func measureJumps() -> (end: Double, middle: Double) {
    var ends: [Double] = []
    var middles: [Double] = []
    for jump in 0..<Self.jumps {
      var before = Measure.seconds(CLOCK_PROCESS_CPUTIME_ID)
      press(.end)
      ends.append((Measure.seconds(CLOCK_PROCESS_CPUTIME_ID) - before) * 1e6)
      top = rowCount - Workload.height
      selected = rowCount - 1
      check(fully: true)

      let row = (rowCount / 2 + jump * 997) % (rowCount - Workload.height)
      before = Measure.seconds(CLOCK_PROCESS_CPUTIME_ID)
      controller.scrollToRow(at: IndexPath(row: row, section: 0), position: .top)
      frame()
      middles.append((Measure.seconds(CLOCK_PROCESS_CPUTIME_ID) - before) * 1e6)
      // The selection, left above the screen, moves to the first row on it.
      top = row
      selected = row
      check(fully: true)
    }
    return (Measure.median(ends), Measure.median(middles))
  }
}
