/// The median of many measurements kept as counts of values rounded to a resolution, so that
/// memory follows how spread out they are rather than how many there are: a run of a million
/// steps must not add megabytes of samples to the peak RSS it reports.
///
/// ```swift
/// var counts = MedianCounts(resolution: 0.01)
/// for value in [3.0, 1.0, 2.0] { counts.add(value) }
/// counts.median  // 2.0
/// ```
struct MedianCounts {
  /// The unit values are rounded to: the last digit the figure prints, which rounding can
  /// move by one at most.
  let resolution: Double
  /// How many values fell on each multiple of the resolution.
  private var counts: [Int: Int] = [:]
  /// How many values were added.
  private(set) var total = 0

  /// No values yet, to be rounded to multiples of `resolution`.
  init(resolution: Double) {
    self.resolution = resolution
  }

  /// Counts `value`.
  mutating func add(_ value: Double) {
    counts[Int((value / resolution).rounded()), default: 0] += 1
    total += 1
  }

  /// The middle value, or the mean of the middle two; 0 when nothing was added.
  var median: Double {
    guard total > 0 else { return 0 }
    var seen = 0
    var lower: Int?
    for key in counts.keys.sorted() {
      seen += counts[key]!
      // Ranks `(total - 1) / 2` and `total / 2`, from 0, are the middle ones.
      if lower == nil && seen > (total - 1) / 2 { lower = key }
      if seen > total / 2 { return Double(lower! + key) / 2 * resolution }
    }
    return 0
  }
}
