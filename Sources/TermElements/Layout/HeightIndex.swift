/// Supplies the heights a ``HeightIndex`` assumes for items it has not been told about.
protocol HeightEstimating {
  /// The assumed height of item `index`.
  func estimatedHeight(of index: Int) -> Int
  /// The assumed heights of the items in `range`, added up, in about O(log n).
  func estimatedHeight(in range: Range<Int>) -> Int
}

/// Line positions of a long list of items of varying height: "which item is at line y" and
/// "at which line does item i start" both in O(log n), with memory that grows with the items
/// measured, not with the items that exist.
///
/// Items are grouped in blocks. A Fenwick tree holds each block's total height. A block keeps
/// an array of its items' heights only once one of them is measured; until then its items have
/// their estimated heights, which cost nothing to store. Ten million rows take 40,000 blocks.
struct HeightIndex<Estimates: HeightEstimating & Sendable>: Sendable {
  /// Items in a block.
  static var blockSize: Int { 256 }

  /// The number of items.
  private(set) var count: Int
  /// Where unmeasured heights come from.
  let estimates: Estimates
  /// Fenwick tree over block totals, 1-based.
  private var tree: [Int]
  /// Each block's heights, or `nil` while every item in it has its estimate.
  private var blocks: [[Int]?]

  /// An index of `count` items, all at their estimated heights.
  init(count: Int, estimates: Estimates) {
    self.count = max(0, count)
    self.estimates = estimates
    let blockCount = (self.count + Self.blockSize - 1) / Self.blockSize
    blocks = Array(repeating: nil, count: blockCount)
    tree = Array(repeating: 0, count: blockCount + 1)
    for block in 0..<blockCount {
      tree[block + 1] = estimates.estimatedHeight(in: range(ofBlock: block))
    }
    // Turn block totals into a Fenwick tree in O(blocks).
    for position in 1...max(1, blockCount) where position <= blockCount {
      let parent = position + (position & -position)
      if parent <= blockCount { tree[parent] += tree[position] }
    }
  }

  /// Total lines of all items.
  var totalHeight: Int { prefix(blocks: blocks.count) }

  /// The height of item `index`.
  func height(of index: Int) -> Int {
    let block = index / Self.blockSize
    if let heights = blocks[block] { return heights[index - block * Self.blockSize] }
    return estimates.estimatedHeight(of: index)
  }

  /// Records the measured height of item `index`.
  mutating func setHeight(_ height: Int, of index: Int) {
    let block = index / Self.blockSize
    let slot = index - block * Self.blockSize
    if blocks[block] == nil {
      blocks[block] = range(ofBlock: block).map(estimates.estimatedHeight(of:))
    }
    let delta = height - blocks[block]![slot]
    guard delta != 0 else { return }
    blocks[block]![slot] = height
    var position = block + 1
    while position < tree.count {
      tree[position] += delta
      position += position & -position
    }
  }

  /// The line at which item `index` starts; `count` gives the total height.
  func offset(of index: Int) -> Int {
    let block = index / Self.blockSize
    let blockStart = block * Self.blockSize
    guard block < blocks.count else { return totalHeight }
    let before = prefix(blocks: block)
    if let heights = blocks[block] {
      return before + heights[0..<(index - blockStart)].reduce(0, +)
    }
    return before + estimates.estimatedHeight(in: blockStart..<index)
  }

  /// The item that holds line `line`, skipping items of no height; `count` past the end.
  func index(atLine line: Int) -> Int {
    guard line >= 0 else { return 0 }
    guard line < totalHeight else { return count }
    // The last block whose start is at or before the line.
    var block = 0
    var remaining = line
    var step = 1
    while step * 2 < tree.count { step *= 2 }
    while step > 0 {
      let next = block + step
      if next < tree.count && tree[next] <= remaining {
        block = next
        remaining -= tree[next]
      }
      step /= 2
    }
    for index in range(ofBlock: block) {
      let height = height(of: index)
      if remaining < height { return index }
      remaining -= height
    }
    return count
  }

  /// The items of block `block`.
  private func range(ofBlock block: Int) -> Range<Int> {
    (block * Self.blockSize)..<min(count, (block + 1) * Self.blockSize)
  }

  /// Total lines of the first `blocks` blocks.
  private func prefix(blocks count: Int) -> Int {
    var sum = 0
    var position = count
    while position > 0 {
      sum += tree[position]
      position -= position & -position
    }
    return sum
  }

  /// The measured heights, as (item, height) pairs of every block that holds any.
  var measuredBlocks: [(range: Range<Int>, heights: [Int])] {
    blocks.indices.compactMap { block in
      blocks[block].map { (range(ofBlock: block), $0) }
    }
  }
}
