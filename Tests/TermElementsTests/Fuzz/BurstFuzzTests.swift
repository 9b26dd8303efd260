import Testing

@testable import TermElements

/// The seeded randomized test of bursts: random records loaded both ways in pages of random
/// sizes, random rows of one to three lines, a random screen and a random run of ↓ ↑ PgDn
/// PgUp, pressed once in one batch (no frame, no page landing between the keys) and once one
/// key at a time with every page landing between; both must leave the same record selected.
/// `make test` runs about 5,000 keys, `make fuzz` (FUZZ_EVENTS=1000000) 50,000; a failure
/// prints its seed and the keys shrunk to those the difference needs, and
/// FUZZ_SEED replays one seed; FUZZ_BASE starts from another.
@MainActor
@Suite("Randomized: a burst of moves goes where the same keys typed one by one go")
struct BurstFuzzTests {
  /// Records 1…`count` whose rows are one to three lines tall, by their number.
  nonisolated static func row(_ number: Int) -> Row {
    let lines = 1 + (number * 7919) % 3
    let text = (1...lines).map { $0 == 1 ? "r\(number)" : "·" }.joined(separator: "\n")
    return Row(ElementOfLabel(props: text), id: RowID(number), separatorStyle: .none)
  }

  /// A controller over `count` records in pages of `pageSize`, holding the page around
  /// `start` with it selected, on a screen of `size`, its first frame drawn.
  static func window(count: Int, pageSize: Int, start: Int, size: Size) -> Harness {
    let records = NumberedRecords(count: count, pageSize: pageSize)
    var section = Section(rows: [])
    section.headLoader = HeadLoader(id: "before") { first in
      await records.page(before: first?.id?.number).map { $0.map { Self.row($0.id!.number!) } }
    }
    section.tailLoader = TailLoader(id: "after") { last in
      await records.page(after: last?.id?.number).map { $0.map { Self.row($0.id!.number!) } }
    }
    section.loadedRowLimit = max(4 * pageSize, 60)
    let controller = TableModelController(table: Table(sections: [section]))
    var harness = Harness(controller, width: size.width, height: size.height)
    let first = max(1, start - pageSize / 2)
    let rows = (first...min(count, first + pageSize - 1)).map(Self.row)
    controller.reset(section: 0, rows: rows, selecting: start - first, at: .middle)
    harness.send()
    return harness
  }

  /// The number of the selected record.
  static func selected(_ harness: Harness) -> Int? {
    harness.controller.selection.flatMap { harness.controller.row(at: $0).id?.number }
  }

  /// The records the burst and the keys typed one by one leave selected.
  static func outcomes(
    _ burst: [Key], count: Int, pageSize: Int, start: Int, size: Size
  ) async -> (Int?, Int?) {
    var together = Self.window(count: count, pageSize: pageSize, start: start, size: size)
    for key in burst { together.controller.handle(.key(key)) }
    await settleMoves(&together)
    var oneByOne = Self.window(count: count, pageSize: pageSize, start: start, size: size)
    await settleMoves(&oneByOne)
    for key in burst {
      oneByOne.controller.handle(.key(key))
      await settleMoves(&oneByOne)
    }
    return (Self.selected(together), Self.selected(oneByOne))
  }

  /// `burst` with every key taken out that the difference does not need.
  static func shrink(_ burst: [Key], count: Int, pageSize: Int, start: Int, size: Size) async
    -> [Key]
  {
    var keys = burst
    var index = keys.count - 1
    while index >= 0 {
      var fewer = keys
      fewer.remove(at: index)
      let (a, b) = await outcomes(fewer, count: count, pageSize: pageSize, start: start, size: size)
      if a != b { keys = fewer }
      index = min(index - 1, keys.count - 1)
    }
    return keys
  }

  @Test("Bursts of ↓ ↑ PgDn PgUp land where the keys typed one by one do")
  func bursts() async {
    let environment = ProcessInfoLite.environment
    let total = (environment["FUZZ_EVENTS"].flatMap(Int.init) ?? 100_000) / 20
    let base =
      (environment["FUZZ_SEED"] ?? environment["FUZZ_BASE"]).flatMap(UInt64.init) ?? 20_261_126
    let replaying = environment["FUZZ_SEED"] != nil
    var keys = 0
    var seed = base
    while replaying ? seed == base : keys < total {
      var random = FuzzRandom(seed: seed)
      let count = random.int(1...3_000)
      let pageSize = random.int(1...60)
      let start = random.int(1...count)
      let size = Size(width: random.int(4...40), height: random.int(3...30))
      let burst = (0..<random.int(1...150)).map { _ -> Key in
        random.pick([.down, .down, .down, .up, .pageDown, .pageDown, .pageUp])
      }
      keys += burst.count
      let (burstEnd, typedEnd) = await Self.outcomes(
        burst, count: count, pageSize: pageSize, start: start, size: size)
      if burstEnd == typedEnd {
        seed &+= 1
        continue
      }
      let shrunk = await Self.shrink(
        burst, count: count, pageSize: pageSize, start: start, size: size)
      Issue.record(
        """
        seed \(seed): \(count) records, pages of \(pageSize), from \(start), \
        \(size.width)x\(size.height): the burst selects \(String(describing: burstEnd)), one by \
        one \(String(describing: typedEnd)); shrunk to \(shrunk.map { "\($0)" }); replay with \
        FUZZ_SEED=\(seed)
        """)
      return
    }
  }
}
