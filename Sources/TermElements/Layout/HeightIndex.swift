/// Line positions of a long list of items of varying height: "which item is at line y" and
/// "at which line does item i start", with memory and time that follow the items measured
/// off their estimates, not the items that exist.
///
/// An item's height is its estimate plus how far it was measured off it. Estimates come from
/// ``HeightEstimating`` and are added up in about O(log n) without storing anything; the
/// differences are kept in ``HeightDeltas`` only for the blocks that have one. So making an
/// index is O(1) whatever the count, and measuring a billion items at exactly their estimate
/// stores nothing.
///
/// ```swift
/// var index = HeightIndex(count: 1_000_000_000, estimates: estimates)
/// index.setHeight(3, of: 500_000_000)
/// index.index(atLine: index.offset(of: 500_000_000))  // 500_000_000
/// ```
struct HeightIndex<Estimates: HeightEstimating & Sendable>: Sendable {
  /// Items in a block of ``HeightDeltas``.
  static var blockSize: Int { HeightDeltas.blockSize }

  /// The number of items.
  private(set) var count: Int
  /// Where the heights of items not measured off their estimates come from.
  let estimates: Estimates
  /// How far measured items are off their estimates.
  private var deltas = HeightDeltas()

  /// An index of `count` items, all at their estimated heights, in O(1).
  init(count: Int, estimates: Estimates) {
    self.count = max(0, count)
    self.estimates = estimates
  }

  /// Total lines of all items.
  var totalHeight: Int { estimates.estimatedHeight(in: 0..<count) + deltas.total }

  /// The height of item `index`.
  func height(of index: Int) -> Int {
    estimates.estimatedHeight(of: index) + deltas.delta(of: index)
  }

  /// Records the measured height of item `index`; a height equal to the estimate is stored
  /// as no difference at all.
  mutating func setHeight(_ height: Int, of index: Int) {
    deltas.set(height - estimates.estimatedHeight(of: index), of: index)
  }

  /// The line at which item `index` starts; `count` gives the total height.
  func offset(of index: Int) -> Int {
    let index = min(max(0, index), count)
    return estimates.estimatedHeight(in: 0..<index) + deltas.deltaBefore(index)
  }

  /// The item that holds line `line`, skipping items of no height; `count` past the end.
  ///
  /// The kept blocks that end at or before the line are found by descending the Fenwick tree
  /// of differences; between the last of them and the next kept block only estimates apply,
  /// so a binary search over items finishes, in O(log count) sums of estimates.
  func index(atLine line: Int) -> Int {
    guard line >= 0 else { return 0 }
    guard line < totalHeight else { return count }
    let size = Self.blockSize
    let (kept, before) = deltas.leadingBlocks { block, deltaThrough in
      estimates.estimatedHeight(in: 0..<min(count, (block + 1) * size)) + deltaThrough <= line
    }
    // The item lies after the last kept block that ends by the line, and at the latest in the
    // next kept block, whose differences count from its start.
    let low = kept > 0 ? min(count, (deltas.blocks[kept - 1] + 1) * size) : 0
    let next = kept < deltas.blocks.count ? deltas.blocks[kept] : nil
    let high = next.map { min(count, ($0 + 1) * size) } ?? count
    let nextRuns = next.map { _ in deltas.runs(atPlace: kept) }
    let nextStart = (next ?? 0) * size
    /// Where item `item` of `low...high` starts.
    func start(_ item: Int) -> Int {
      var line = estimates.estimatedHeight(in: 0..<item) + before
      if let nextRuns, item > nextStart { line += nextRuns.deltaBefore(item - nextStart) }
      return line
    }
    // The last item that starts at or before the line: `low` does, `high` does not.
    var first = low
    var last = high
    // Up to the next kept block no item differs from its estimate: with one estimate for all,
    // the item there is a division away.
    if let uniform = estimates.uniformHeight {
      let unmeasuredEnd = next == nil ? high : nextStart
      let guess = (line - before) / uniform
      if guess < unmeasuredEnd { return max(low, min(guess, high - 1)) }
      first = max(low, unmeasuredEnd)
    }
    while last - first > 1 {
      let middle = first + (last - first) / 2
      if start(middle) <= line { first = middle } else { last = middle }
    }
    return first
  }

  /// Calls `body` with each item measured off its estimate and its height, in order; items
  /// measured at exactly their estimate are not told apart from items never measured.
  func forEachMeasured(_ body: (_ index: Int, _ height: Int) -> Void) {
    deltas.forEachDifference { index, delta in
      body(index, estimates.estimatedHeight(of: index) + delta)
    }
  }

  /// Blocks that keep differences, for tests that check that memory follows them.
  var storedBlockCount: Int { deltas.blocks.count }

  /// Runs of differences kept, for tests that check that memory follows them.
  var storedRunCount: Int { deltas.runCount }
}
