/// How the heights of one block's items differ from their estimates, as runs of neighbouring
/// items that differ by the same amount: items at their estimate take no room, and a block
/// whose items are all off by one line takes a single run.
///
/// ```swift
/// var runs = DeltaRuns()
/// runs.set(2, at: 10)
/// runs.set(2, at: 11)  // joins the run of item 10
/// runs.deltaBefore(12)  // 4
/// ```
struct DeltaRuns: Equatable, Sendable {
  /// Items a block may hold: slots must fit in the 8 bits a run keeps for them.
  static var slotLimit: Int { 256 }

  /// Items `first...last` of the block, each `delta` lines off its estimate, packed in one
  /// word so that a run costs 8 bytes.
  struct Run: Equatable, Sendable {
    /// `delta << 16 | last << 8 | first`.
    private let bits: Int

    /// A run of the items from `first` through `last`, each off by `delta` lines.
    init(first: Int, last: Int, delta: Int) {
      precondition(0 <= first && first <= last && last < DeltaRuns.slotLimit, "Bad run slots")
      precondition(abs(delta) < 1 << 46, "A height off its estimate by more than 2^46 lines")
      bits = delta << 16 | last << 8 | first
    }

    /// The run's first item, within its block.
    var first: Int { bits & 0xFF }
    /// The run's last item, within its block.
    var last: Int { (bits >> 8) & 0xFF }
    /// Lines each item of the run has more than its estimate; negative for fewer.
    var delta: Int { bits >> 16 }
  }

  /// The runs, by their first item; they do not overlap, none is off by 0, and touching runs
  /// that are off by the same amount are one run.
  private(set) var runs: [Run] = []
  /// All the block's differences added up, which the block's total in ``HeightDeltas`` is.
  private(set) var total = 0

  /// Whether every item of the block is at its estimate.
  var isEmpty: Bool { runs.isEmpty }

  /// How far item `slot` is off its estimate.
  func delta(at slot: Int) -> Int {
    let index = firstRun(endingAtOrAfter: slot)
    return index < runs.count && runs[index].first <= slot ? runs[index].delta : 0
  }

  /// How far items `0..<slot` are off their estimates together; linear in the runs, which a
  /// block has at most 256 of and most blocks one or two.
  func deltaBefore(_ slot: Int) -> Int {
    var sum = 0
    for run in runs {
      guard run.first < slot else { break }
      sum += run.delta * (min(run.last + 1, slot) - run.first)
    }
    return sum
  }

  /// Records that item `slot` is `delta` lines off its estimate, splitting the run that held it
  /// and joining touching runs that end up off by the same amount.
  mutating func set(_ delta: Int, at slot: Int) {
    let index = firstRun(endingAtOrAfter: slot)
    let inside = index < runs.count && runs[index].first <= slot
    let old = inside ? runs[index].delta : 0
    guard old != delta else { return }
    var pieces: [Run] = []
    var lower = index
    var upper = index
    if inside {
      let run = runs[index]
      upper += 1
      if run.first < slot { pieces.append(Run(first: run.first, last: slot - 1, delta: old)) }
      if delta != 0 { pieces.append(Run(first: slot, last: slot, delta: delta)) }
      if slot < run.last { pieces.append(Run(first: slot + 1, last: run.last, delta: old)) }
    } else {
      pieces.append(Run(first: slot, last: slot, delta: delta))
    }
    // Only the new one-item run can join a neighbour: the pieces around it are off by `old`.
    if delta != 0, let new = pieces.firstIndex(where: { $0.first == slot }) {
      if new == 0, lower > 0, runs[lower - 1].last == slot - 1, runs[lower - 1].delta == delta {
        lower -= 1
        pieces[new] = Run(first: runs[lower].first, last: slot, delta: delta)
      }
      if new == pieces.count - 1, upper < runs.count, runs[upper].first == slot + 1,
        runs[upper].delta == delta
      {
        pieces[new] = Run(first: pieces[new].first, last: runs[upper].last, delta: delta)
        upper += 1
      }
    }
    runs.replaceSubrange(lower..<upper, with: pieces)
    total += delta - old
  }

  /// Calls `body` with each item off its estimate and by how much, in order.
  func forEachDifference(_ body: (_ slot: Int, _ delta: Int) -> Void) {
    for run in runs {
      for slot in run.first...run.last { body(slot, run.delta) }
    }
  }

  /// The index of the first run that ends at or after `slot`, or the number of runs.
  private func firstRun(endingAtOrAfter slot: Int) -> Int {
    (0..<runs.count).partitionPoint { runs[$0].last >= slot }
  }
}
