import TermElementsTestSupport
import Testing

@testable import TermElements

/// Estimates every item at the same height.
private struct UniformHeightEstimate: HeightEstimating, Sendable {
  let height: Int

  func estimatedHeight(of index: Int) -> Int { height }

  func estimatedHeight(in range: Range<Int>) -> Int { range.count * height }

  var uniformHeight: Int? { height > 0 ? height : nil }
}

/// Estimates items by a repeating pattern of heights: item `i` is `pattern[i % pattern.count]`.
private struct PatternHeightEstimate: HeightEstimating, Sendable {
  let pattern: [Int]

  func estimatedHeight(of index: Int) -> Int { pattern[index % pattern.count] }

  func estimatedHeight(in range: Range<Int>) -> Int {
    heightBefore(range.upperBound) - heightBefore(range.lowerBound)
  }

  /// The heights of items `0..<index`, added up.
  private func heightBefore(_ index: Int) -> Int {
    let cycles = index / pattern.count
    let rest = index % pattern.count
    return cycles * pattern.reduce(0, +) + pattern[0..<rest].reduce(0, +)
  }
}

/// Plain prefix sums over an array of heights, the answer a height index must agree with.
private struct HeightIndexReference {
  /// `starts[i]` is the line item `i` starts at; the last entry is the total height.
  let starts: [Int]

  init(heights: [Int]) {
    var starts = [0]
    starts.reserveCapacity(heights.count + 1)
    for height in heights { starts.append(starts.last! + height) }
    self.starts = starts
  }

  func offset(of index: Int) -> Int { starts[index] }

  var totalHeight: Int { starts.last! }

  /// The first item whose lines include `line`, skipping items of no height.
  func index(atLine line: Int) -> Int {
    if line < 0 { return 0 }
    // The first item that ends after the line.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high) / 2
      if starts[middle + 1] > line { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

@Suite("Height index")
struct HeightIndexTests {
  @Test("Blocks hold 256 items")
  func blockSize() {
    #expect(HeightIndex<UniformHeightEstimate>.blockSize == 256)
  }

  @Test("Uniform heights give offsets that grow by the height")
  func uniformOffsets() {
    let index = HeightIndex(count: 1_000, estimates: UniformHeightEstimate(height: 2))
    #expect(index.count == 1_000)
    #expect(index.totalHeight == 2_000)
    #expect(index.offset(of: 0) == 0)
    #expect(index.offset(of: 1) == 2)
    #expect(index.offset(of: 255) == 510)
    #expect(index.offset(of: 256) == 512)
    #expect(index.offset(of: 300) == 600)
    #expect(index.offset(of: 999) == 1_998)
    #expect(index.offset(of: 1_000) == 2_000)
    #expect(index.height(of: 777) == 2)
  }

  @Test("Uniform heights give the item at a line, and the count past the end")
  func uniformIndexAtLine() {
    let index = HeightIndex(count: 1_000, estimates: UniformHeightEstimate(height: 2))
    #expect(index.index(atLine: -5) == 0)
    #expect(index.index(atLine: 0) == 0)
    #expect(index.index(atLine: 1) == 0)
    #expect(index.index(atLine: 2) == 1)
    #expect(index.index(atLine: 511) == 255)
    #expect(index.index(atLine: 512) == 256)
    #expect(index.index(atLine: 1_999) == 999)
    #expect(index.index(atLine: 2_000) == 1_000)
    #expect(index.index(atLine: 1_000_000) == 1_000)
  }

  @Test("An empty index has no height and puts every line past the end")
  func emptyIndex() {
    let index = HeightIndex(count: 0, estimates: UniformHeightEstimate(height: 3))
    #expect(index.totalHeight == 0)
    #expect(index.offset(of: 0) == 0)
    #expect(index.index(atLine: 0) == 0)
    #expect(index.index(atLine: 10) == 0)
  }

  @Test("A count that fills whole blocks ends exactly at the total height")
  func wholeBlocks() {
    let index = HeightIndex(count: 512, estimates: UniformHeightEstimate(height: 1))
    #expect(index.totalHeight == 512)
    #expect(index.offset(of: 512) == 512)
    #expect(index.index(atLine: 511) == 511)
    #expect(index.index(atLine: 512) == 512)
  }

  @Test("Mixed estimated heights give offsets from their sums")
  func mixedOffsets() {
    let index = HeightIndex(count: 1_000, estimates: PatternHeightEstimate(pattern: [1, 3, 0, 2]))
    #expect(index.totalHeight == 1_500)
    #expect(index.offset(of: 1) == 1)
    #expect(index.offset(of: 2) == 4)
    #expect(index.offset(of: 3) == 4)
    #expect(index.offset(of: 4) == 6)
    #expect(index.offset(of: 257) == 64 * 6 + 1)
    #expect(index.offset(of: 1_000) == 1_500)
  }

  @Test("The item at a line skips items of no height")
  func zeroHeightItemsAreSkipped() {
    let index = HeightIndex(count: 8, estimates: PatternHeightEstimate(pattern: [1, 0, 0, 2]))
    // Items 0...3 start at lines 0, 1, 1, 1; items 1 and 2 take no line.
    #expect(index.index(atLine: 0) == 0)
    #expect(index.index(atLine: 1) == 3)
    #expect(index.index(atLine: 2) == 3)
    #expect(index.index(atLine: 3) == 4)
    #expect(index.index(atLine: 4) == 7)
    #expect(index.index(atLine: 5) == 7)
    #expect(index.index(atLine: 6) == 8)
  }

  @Test("Trailing items of no height are past the last line")
  func trailingZeroHeights() {
    var index = HeightIndex(count: 10, estimates: UniformHeightEstimate(height: 1))
    for item in 7..<10 { index.setHeight(0, of: item) }
    #expect(index.totalHeight == 7)
    #expect(index.index(atLine: 6) == 6)
    #expect(index.index(atLine: 7) == 10)
    #expect(index.offset(of: 9) == 7)
  }

  @Test("Measured heights move the items after them across block boundaries")
  func heightsAcrossBlocks() {
    var index = HeightIndex(count: 600, estimates: UniformHeightEstimate(height: 1))
    index.setHeight(5, of: 255)
    index.setHeight(3, of: 256)
    #expect(index.totalHeight == 600 + 4 + 2)
    #expect(index.offset(of: 255) == 255)
    #expect(index.offset(of: 256) == 260)
    #expect(index.offset(of: 257) == 263)
    #expect(index.offset(of: 512) == 518)
    #expect(index.index(atLine: 254) == 254)
    #expect(index.index(atLine: 255) == 255)
    #expect(index.index(atLine: 259) == 255)
    #expect(index.index(atLine: 260) == 256)
    #expect(index.index(atLine: 262) == 256)
    #expect(index.index(atLine: 263) == 257)
    #expect(index.index(atLine: 518) == 512)
    #expect(index.height(of: 255) == 5)
    #expect(index.height(of: 256) == 3)
    #expect(index.height(of: 257) == 1)
  }

  @Test("A whole block of items with no height is skipped")
  func emptyBlockIsSkipped() {
    var index = HeightIndex(count: 768, estimates: UniformHeightEstimate(height: 1))
    for item in 256..<512 { index.setHeight(0, of: item) }
    #expect(index.totalHeight == 512)
    #expect(index.offset(of: 256) == 256)
    #expect(index.offset(of: 511) == 256)
    #expect(index.offset(of: 512) == 256)
    #expect(index.index(atLine: 255) == 255)
    #expect(index.index(atLine: 256) == 512)
    #expect(index.index(atLine: 511) == 767)
  }

  @Test("Setting a height changes the total by the difference")
  func setHeightDeltas() {
    var index = HeightIndex(count: 1_000, estimates: UniformHeightEstimate(height: 2))
    index.setHeight(7, of: 10)
    #expect(index.totalHeight == 2_005)
    index.setHeight(7, of: 10)
    #expect(index.totalHeight == 2_005)
    index.setHeight(1, of: 10)
    #expect(index.totalHeight == 1_999)
    index.setHeight(0, of: 999)
    #expect(index.totalHeight == 1_997)
    index.setHeight(2, of: 10)
    index.setHeight(2, of: 999)
    #expect(index.totalHeight == 2_000)
    #expect(index.offset(of: 500) == 1_000)
  }

  @Test("Setting an item to its estimate leaves the offsets alone")
  func setHeightToEstimate() {
    var index = HeightIndex(count: 300, estimates: PatternHeightEstimate(pattern: [2, 1]))
    let before = (0...300).map { index.offset(of: $0) }
    index.setHeight(2, of: 0)
    index.setHeight(1, of: 299)
    #expect((0...300).map { index.offset(of: $0) } == before)
  }

  @Test("Only heights measured off their estimates are reported, with their items")
  func measuredHeights() {
    var index = HeightIndex(count: 600, estimates: UniformHeightEstimate(height: 1))
    index.setHeight(1, of: 3)
    index.setHeight(4, of: 520)
    index.setHeight(0, of: 521)
    var measured: [[Int]] = []
    index.forEachMeasured { measured.append([$0, $1]) }
    #expect(measured == [[520, 4], [521, 0]])
    #expect(index.storedBlockCount == 1)
  }

  @Test("Offsets and items at lines agree with plain prefix sums over seeded random edits")
  func crossCheckAgainstPrefixSums() {
    let count = 2_000
    let estimates = PatternHeightEstimate(pattern: [1, 2, 0, 3, 1])
    var index = HeightIndex(count: count, estimates: estimates)
    var heights = (0..<count).map(estimates.estimatedHeight(of:))
    var random = SeededRandom(seed: 0x5EED)

    func check(fully: Bool) {
      let reference = HeightIndexReference(heights: heights)
      #expect(index.totalHeight == reference.totalHeight)
      let items = fully ? Array(0...count) : (0..<8).map { _ in random.next(below: count + 1) }
      for item in items {
        #expect(index.offset(of: item) == reference.offset(of: item), "offset of \(item)")
      }
      let total = reference.totalHeight
      let lines =
        fully ? Array(-1...(total + 1)) : (0..<8).map { _ in random.next(below: total + 2) }
      for line in lines {
        #expect(index.index(atLine: line) == reference.index(atLine: line), "item at \(line)")
      }
    }

    check(fully: true)
    for edit in 1...400 {
      let item = random.next(below: count)
      // Mostly small heights, often zero, now and then a tall item.
      let height = random.next(below: 10) == 0 ? random.next(below: 40) : random.next(below: 4)
      index.setHeight(height, of: item)
      heights[item] = height
      #expect(index.height(of: item) == height)
      check(fully: edit % 100 == 0)
    }
  }

  @Test(
    "Offsets and items at lines agree with prefix sums for counts around block boundaries",
    arguments: [1, 2, 255, 256, 257, 511, 512, 513, 1_025])
  func crossCheckCounts(count: Int) {
    let estimates = PatternHeightEstimate(pattern: [2, 0, 1])
    var index = HeightIndex(count: count, estimates: estimates)
    var heights = (0..<count).map(estimates.estimatedHeight(of:))
    var random = SeededRandom(seed: UInt64(count))
    for _ in 0..<50 {
      let item = random.next(below: count)
      let height = random.next(below: 5)
      index.setHeight(height, of: item)
      heights[item] = height
    }
    let reference = HeightIndexReference(heights: heights)
    #expect(index.totalHeight == reference.totalHeight)
    #expect((0...count).map(index.offset(of:)) == (0...count).map(reference.offset(of:)))
    let lines = -1...(reference.totalHeight + 1)
    #expect(lines.map(index.index(atLine:)) == lines.map(reference.index(atLine:)))
  }
}
