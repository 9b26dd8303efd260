import TermElementsTestSupport
import Testing

@testable import TermElements

/// Estimates items by a repeating pattern of heights, zeros included.
private struct CyclicEstimate: HeightEstimating, Sendable {
  /// The heights, repeated: item `i` has `pattern[i % pattern.count]`.
  let pattern: [Int]

  /// The pattern's height for item `index`.
  func estimatedHeight(of index: Int) -> Int { pattern[index % pattern.count] }

  /// The pattern's heights over `range`, added up in O(pattern).
  func estimatedHeight(in range: Range<Int>) -> Int {
    before(range.upperBound) - before(range.lowerBound)
  }

  /// The one height of a pattern of one, so that the index divides rather than searches.
  var uniformHeight: Int? { pattern.count == 1 && pattern[0] > 0 ? pattern[0] : nil }

  /// The heights of items `0..<index`, added up.
  private func before(_ index: Int) -> Int {
    index / pattern.count * pattern.reduce(0, +) + pattern[0..<(index % pattern.count)].reduce(0, +)
  }
}

/// The plain answer for a few items set over estimates: each offset adds the differences of
/// the items set before it one by one, which any count, even a billion, allows.
private struct SparseHeightModel<Estimates: HeightEstimating & Sendable> {
  /// The number of items.
  let count: Int
  /// The heights of the items not set.
  let estimates: Estimates
  /// The items measured, and their heights.
  private(set) var heights: [Int: Int] = [:]
  /// The items off their estimates, in order, with their differences.
  private(set) var differences: [(item: Int, delta: Int)] = []

  /// `count` items at their estimates.
  init(count: Int, estimates: Estimates) {
    self.count = count
    self.estimates = estimates
  }

  /// Records the height of `item`.
  mutating func setHeight(_ height: Int, of item: Int) {
    heights[item] = height
    differences = heights.map { ($0.key, $0.value - estimates.estimatedHeight(of: $0.key)) }
      .filter { $0.delta != 0 }.sorted { $0.item < $1.item }
  }

  /// The height set for `item`, or its estimate.
  func height(of item: Int) -> Int { heights[item] ?? estimates.estimatedHeight(of: item) }

  /// The line `item` starts at: the estimates before it, and each difference before it.
  func offset(of item: Int) -> Int {
    differences.reduce(estimates.estimatedHeight(in: 0..<item)) {
      $1.item < item ? $0 + $1.delta : $0
    }
  }

  /// Lines of all items.
  var totalHeight: Int { offset(of: count) }

  /// The blocks and the runs a compact index needs: touching items of one block that are off
  /// by the same amount make one run.
  var storage: (blocks: Int, runs: Int) {
    let size = HeightIndex<Estimates>.blockSize
    var blocks = 0
    var runs = 0
    var previous: (item: Int, delta: Int)?
    for difference in differences {
      let sameBlock = previous.map { $0.item / size == difference.item / size } ?? false
      if !sameBlock { blocks += 1 }
      if !(sameBlock && previous!.item == difference.item - 1
        && previous!.delta == difference.delta)
      {
        runs += 1
      }
      previous = difference
    }
    return (blocks, runs)
  }
}

/// A table of `sections` lazy sections of `rows` rows each, with headers and footers on some,
/// and a table header: the shape a real table's estimates follow.
private func hugeTable(sections: Int, rows: Int) -> Table {
  var table = Table(
    sections: (0..<sections).map { section in
      Section(
        id: "s\(section)", count: rows + section,
        header: section % 2 == 0 ? SectionHeader(ElementOfLabel(props: "H")) : nil,
        footer: section % 3 == 0 ? SectionFooter(ElementOfLabel(props: "F")) : nil
      ) { Row(ElementOfLabel(props: "r \($0)")) }
    })
  table.tableHeaderView = TableHeaderView(ElementOfLabel(props: "Top"))
  return table
}

/// Expects `index` to agree with `model`: the total, heights and offsets of `items`, and the
/// item at each of `lines` and at the lines around every item set.
private func expectAgreement<Estimates>(
  _ index: HeightIndex<Estimates>, _ model: SparseHeightModel<Estimates>, items: [Int],
  lines: [Int], sourceLocation: SourceLocation = #_sourceLocation
) {
  let total = model.totalHeight
  #expect(index.totalHeight == total, sourceLocation: sourceLocation)
  for item in items {
    #expect(index.height(of: item) == model.height(of: item), "height of \(item)")
    #expect(index.offset(of: item) == model.offset(of: item), "offset of \(item)")
  }
  var probes = lines + [-1, 0, total - 1, total, total + 1]
  for item in model.heights.keys {
    let start = model.offset(of: item)
    probes += [start - 1, start, start + 1, start + model.height(of: item)]
  }
  for line in probes {
    let found = index.index(atLine: line)
    if line < 0 {
      #expect(found == 0, "item at \(line)", sourceLocation: sourceLocation)
    } else if line >= total {
      #expect(found == model.count, "item at \(line)", sourceLocation: sourceLocation)
    } else {
      // The one item that holds the line: it starts at or before it and ends after it.
      let start = model.offset(of: found)
      #expect(
        found < model.count && start <= line && line < start + model.height(of: found),
        "item at \(line) is \(found), from \(start)", sourceLocation: sourceLocation)
    }
  }
  var measured: [[Int]] = []
  index.forEachMeasured { measured.append([$0, $1]) }
  let expected = model.differences.map { [$0.item, model.height(of: $0.item)] }
  #expect(measured == expected, sourceLocation: sourceLocation)
  #expect(index.storedBlockCount == model.storage.blocks, sourceLocation: sourceLocation)
  #expect(index.storedRunCount == model.storage.runs, sourceLocation: sourceLocation)
}

@Suite("Height index: random edits against plain models, up to a billion items")
struct HeightIndexRandomTests {
  @Test(
    "Dense random heights agree with prefix sums over every item and line (from seed 6, over one estimate for all)",
    arguments: 0..<10)
  func dense(seed: UInt64) {
    var random = SeededRandom(seed: 0xDE45E + seed)
    let count = random.pick([1, 255, 256, 257, random.int(1...3_000)])
    let estimates =
      seed >= 6
      ? CyclicEstimate(pattern: [random.int(1...3)])
      : CyclicEstimate(pattern: (0..<random.int(1...7)).map { _ in random.int(0...3) })
    var index = HeightIndex(count: count, estimates: estimates)
    var heights = (0..<count).map(estimates.estimatedHeight(of:))
    for round in 0..<6 {
      for _ in 0..<random.int(0...400) {
        let item = random.int(0...(count - 1))
        // Back to the estimate now and then, so that blocks are dropped as well as kept.
        let height =
          random.chance(0.3) ? estimates.estimatedHeight(of: item) : random.small(12)
        index.setHeight(height, of: item)
        heights[item] = height
      }
      var starts = [0]
      for height in heights { starts.append(starts.last! + height) }
      #expect(index.totalHeight == starts.last!, "round \(round)")
      #expect((0...count).map(index.offset(of:)) == starts, "round \(round)")
      #expect((0..<count).map(index.height(of:)) == heights, "round \(round)")
      for line in -1...(starts.last! + 1) {
        // The last item that starts at or before the line is the one holding it.
        let expected =
          line < 0 ? 0 : line >= starts.last! ? count : starts.lastIndex { $0 <= line }!
        #expect(index.index(atLine: line) == expected, "item at \(line), round \(round)")
      }
    }
  }

  @Test(
    "A few items set among a billion agree with the differences added one by one (from seed 6, over one estimate for all)",
    arguments: 0..<10)
  func sparseBillion(seed: UInt64) {
    var random = SeededRandom(seed: 0xB111 + seed)
    let count = random.pick([1_000_000_000, 1_000_000_007, 999_999_744])
    let estimates =
      seed >= 6
      ? CyclicEstimate(pattern: [random.int(1...3)])
      : CyclicEstimate(pattern: (0..<random.int(1...5)).map { _ in random.int(0...3) })
    var index = HeightIndex(count: count, estimates: estimates)
    var model = SparseHeightModel(count: count, estimates: estimates)
    let centres = (0..<4).map { _ in random.int(0...(count - 1)) } + [0, count - 1]
    for _ in 0..<8 {
      for _ in 0..<60 {
        // Clusters around a few places, block edges and the ends, and anywhere.
        let item: Int
        switch random.int(0...3) {
        case 0: item = random.int(0...(count - 1))
        case 1:
          item = min(count - 1, max(0, random.int(0...(count / 256)) * 256 - random.int(0...1)))
        default: item = min(count - 1, max(0, random.pick(centres) + random.int(-300...300)))
        }
        let estimate = estimates.estimatedHeight(of: item)
        let height = random.pick([estimate, estimate, 0, estimate + 1, 2, random.int(0...100)])
        index.setHeight(height, of: item)
        model.setHeight(height, of: item)
      }
      let items = (0..<30).map { _ in random.int(0...count) } + model.heights.keys.map { $0 + 1 }
      let total = model.totalHeight
      let lines = (0..<30).map { _ in random.int(0...max(0, total - 1)) }
      expectAgreement(index, model, items: items, lines: lines)
    }
  }

  @Test("A billion items over real item estimates: headers, footers and sections", arguments: 0..<3)
  func billionOverItemEstimates(seed: UInt64) {
    var random = SeededRandom(seed: 0x1735 + seed)
    let structure = TableStructure(hugeTable(sections: 7, rows: 142_857_142))
    #expect(structure.count > 1_000_000_000)
    let estimates = ItemEstimates(
      structure: structure, row: random.int(1...3), header: random.int(0...2),
      footer: random.int(0...2), tableHeader: random.int(0...5))
    var index = HeightIndex(count: structure.count, estimates: estimates)
    var model = SparseHeightModel(count: structure.count, estimates: estimates)
    let starts = structure.sectionStarts + [0]
    for _ in 0..<4 {
      for _ in 0..<80 {
        // Section edges, where headers and footers are, and anywhere.
        let near = random.chance(0.5) ? random.pick(starts) : random.int(0...(structure.count - 1))
        let item = min(structure.count - 1, max(0, near + random.int(-3...3)))
        let height = random.int(0...4)
        index.setHeight(height, of: item)
        model.setHeight(height, of: item)
      }
      let total = model.totalHeight
      let items =
        starts.map { min($0, structure.count) }
        + (0..<20).map { _ in
          random.int(0...structure.count)
        }
      expectAgreement(
        index, model, items: items, lines: (0..<20).map { _ in random.int(0...total) })
    }
  }

  @Test("Measuring a million items at their estimates keeps nothing; a block off keeps one run")
  func storageFollowsDifferences() {
    var index = HeightIndex(
      count: 1_000_000_000, estimates: CyclicEstimate(pattern: [1, 2]))
    for item in 0..<1_000_000 { index.setHeight(1 + item % 2, of: item) }
    #expect(index.storedBlockCount == 0)
    #expect(index.storedRunCount == 0)
    #expect(index.totalHeight == 1_500_000_000)
    // Every item of a block one line taller than estimated: one block, one run.
    for item in 512..<768 { index.setHeight(2 + item % 2, of: item) }
    #expect(index.storedBlockCount == 1)
    #expect(index.storedRunCount == 1)
    #expect(index.offset(of: 768) == 768 / 2 * 3 + 256)
    // Every other item off by one: a run each.
    for item in stride(from: 1_024, to: 1_280, by: 2) { index.setHeight(2, of: item) }
    #expect(index.storedBlockCount == 2)
    #expect(index.storedRunCount == 1 + 128)
    // Back at their estimates, the blocks are dropped.
    for item in 0..<2_048 { index.setHeight(1 + item % 2, of: item) }
    #expect(index.storedBlockCount == 0)
    #expect(index.storedRunCount == 0)
    #expect(index.totalHeight == 1_500_000_000)
  }

  @Test("Blocks kept out of order, then dropped, keep the sums before every block right")
  func blocksInAnyOrder() {
    var index = HeightIndex(count: 1_000_000, estimates: CyclicEstimate(pattern: [1]))
    var model = SparseHeightModel(count: 1_000_000, estimates: CyclicEstimate(pattern: [1]))
    // Down, then up, then in the middle: appends, inserts at the front and inside.
    let items =
      Array(stride(from: 500_000, to: 600_000, by: 997))
      + Array(stride(from: 499_000, to: 0, by: -4_999)) + [550_100, 123_457, 999_999]
    for (step, item) in items.enumerated() {
      index.setHeight(2 + step % 3, of: item)
      model.setHeight(2 + step % 3, of: item)
    }
    let probes = items.flatMap { [$0, $0 + 1] }
    expectAgreement(index, model, items: probes, lines: [])
    for item in items.enumerated().filter({ $0.offset % 2 == 0 }).map(\.element) {
      index.setHeight(1, of: item)
      model.setHeight(1, of: item)
    }
    expectAgreement(index, model, items: probes, lines: [])
  }
}
