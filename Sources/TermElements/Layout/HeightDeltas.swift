/// How far measured heights are off their estimates, kept only for the blocks of items that
/// have such a difference, so that memory follows the differing items measured rather than
/// the items that exist.
///
/// Items are grouped in blocks of ``blockSize``. The blocks with a difference are kept in
/// order, each with its ``DeltaRuns``, and a Fenwick tree over their totals adds up the
/// differences before any item in O(log blocks kept).
///
/// ```swift
/// var deltas = HeightDeltas()
/// deltas.set(3, of: 1_000_000)
/// deltas.deltaBefore(1_000_001)  // 3
/// ```
struct HeightDeltas: Equatable, Sendable {
  /// Items in a block.
  static var blockSize: Int { DeltaRuns.slotLimit }

  /// The blocks holding a difference, ascending.
  private(set) var blocks: [Int] = []
  /// Each kept block's differences, in the order of `blocks`.
  private var runs: [DeltaRuns] = []
  /// Fenwick tree over the kept blocks' totals, 1-based by place in `blocks`; entry 0 unused.
  private var tree = [0]
  /// Every difference added up.
  private(set) var total = 0

  /// Runs kept in all blocks, for tests that check that memory follows the differences.
  var runCount: Int { runs.reduce(0) { $0 + $1.runs.count } }

  /// How far item `item` is off its estimate.
  func delta(of item: Int) -> Int {
    guard !blocks.isEmpty else { return 0 }
    let block = item / Self.blockSize
    let place = place(ofBlock: block)
    guard place < blocks.count && blocks[place] == block else { return 0 }
    return runs[place].delta(at: item - block * Self.blockSize)
  }

  /// How far items `0..<item` are off their estimates together.
  func deltaBefore(_ item: Int) -> Int {
    guard !blocks.isEmpty else { return 0 }
    let block = item / Self.blockSize
    let place = place(ofBlock: block)
    let before = prefix(place)
    guard place < blocks.count && blocks[place] == block else { return before }
    return before + runs[place].deltaBefore(item - block * Self.blockSize)
  }

  /// Records that item `item` is `delta` lines off its estimate; a block is kept only while
  /// some item in it is off.
  mutating func set(_ delta: Int, of item: Int) {
    let block = item / Self.blockSize
    let slot = item - block * Self.blockSize
    let place = place(ofBlock: block)
    guard place < blocks.count && blocks[place] == block else {
      guard delta != 0 else { return }
      var new = DeltaRuns()
      new.set(delta, at: slot)
      insert(block, runs: new, at: place)
      return
    }
    let before = runs[place].total
    runs[place].set(delta, at: slot)
    let change = runs[place].total - before
    guard change != 0 else { return }
    total += change
    if runs[place].isEmpty {
      blocks.remove(at: place)
      runs.remove(at: place)
      rebuildTree()
    } else {
      var position = place + 1
      while position < tree.count {
        tree[position] += change
        position += position & -position
      }
    }
  }

  /// The number of kept blocks, counted from the first, whose last item ends at or before a
  /// line, and their differences added up; `endsAtOrBefore(block, deltaThrough)` says whether
  /// kept block `block` does when the kept blocks up to it are off by `deltaThrough`, and must
  /// hold for a prefix of the kept blocks. O(log blocks kept) calls.
  func leadingBlocks(
    where endsAtOrBefore: (_ block: Int, _ deltaThrough: Int) -> Bool
  ) -> (count: Int, delta: Int) {
    var position = 0
    var sum = 0
    var step = 1
    while step * 2 <= blocks.count { step *= 2 }
    while step > 0 && !blocks.isEmpty {
      let next = position + step
      if next <= blocks.count && endsAtOrBefore(blocks[next - 1], sum + tree[next]) {
        position = next
        sum += tree[next]
      }
      step /= 2
    }
    return (position, sum)
  }

  /// The differences of kept block number `place` (counting kept blocks only).
  func runs(atPlace place: Int) -> DeltaRuns { runs[place] }

  /// Calls `body` with each item off its estimate and by how much, in order.
  func forEachDifference(_ body: (_ item: Int, _ delta: Int) -> Void) {
    for (block, runs) in zip(blocks, runs) {
      runs.forEachDifference { slot, delta in body(block * Self.blockSize + slot, delta) }
    }
  }

  /// The place of `block` among the kept blocks, or where it would go.
  private func place(ofBlock block: Int) -> Int {
    (0..<blocks.count).partitionPoint { blocks[$0] >= block }
  }

  /// The differences of the first `places` kept blocks added up.
  private func prefix(_ places: Int) -> Int {
    var sum = 0
    var position = places
    while position > 0 {
      sum += tree[position]
      position -= position & -position
    }
    return sum
  }

  /// Keeps `block` with its differences at `place`: at the end, as scrolling down adds them,
  /// in O(log blocks kept); elsewhere by rebuilding the tree, in O(blocks kept), which happens
  /// once per block that comes to hold a difference.
  private mutating func insert(_ block: Int, runs new: DeltaRuns, at place: Int) {
    total += new.total
    blocks.insert(block, at: place)
    runs.insert(new, at: place)
    guard place == blocks.count - 1 else { return rebuildTree() }
    // The new node covers the kept blocks after `position - lowbit(position)`, itself included.
    let position = blocks.count
    tree.append(new.total + prefix(position - 1) - prefix(position - (position & -position)))
  }

  /// Builds the Fenwick tree over the kept blocks' totals in O(blocks kept).
  private mutating func rebuildTree() {
    tree = [0] + runs.map(\.total)
    for position in tree.indices.dropFirst() {
      let parent = position + (position & -position)
      if parent < tree.count { tree[parent] += tree[position] }
    }
  }
}
