import TermElementsTestSupport
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

  /// One seed's records, pages, start and screen, and the burst of keys pressed.
  struct Scenario {
    let count: Int
    let pageSize: Int
    let start: Int
    let size: Size
    let burst: [Key]

    /// The scenario of `seed`.
    init(seed: UInt64) {
      var random = SeededRandom(seed: seed)
      count = random.int(1...3_000)
      pageSize = random.int(1...60)
      start = random.int(1...count)
      size = Size(width: random.int(4...40), height: random.int(3...30))
      burst = (0..<random.int(1...150)).map { _ -> Key in
        random.pick([.down, .down, .down, .up, .pageDown, .pageDown, .pageUp])
      }
    }

    /// Where `keys` pressed in one burst and typed one by one part, or `nil` when they agree.
    func difference(_ keys: [Key]) async -> String? {
      let (burstEnd, typedEnd) = await BurstFuzzTests.outcomes(
        keys, count: count, pageSize: pageSize, start: start, size: size)
      guard burstEnd != typedEnd else { return nil }
      return "the burst selects \(String(describing: burstEnd)), one by one "
        + "\(String(describing: typedEnd))"
    }
  }

  @Test("Bursts of ↓ ↑ PgDn PgUp land where the keys typed one by one do")
  func bursts() async {
    var settings = FuzzSettings(defaultEvents: 100_000, defaultBase: 20_261_126)
    settings.events /= 20
    let report = await FuzzDriver(name: "burst fuzz", settings: settings).run(
      { seed in
        let scenario = Scenario(seed: seed)
        return FuzzTrial(events: scenario.burst, failure: await scenario.difference(scenario.burst))
      },
      replay: { seed, keys in await Scenario(seed: seed).difference(keys) },
      report: { failure in
        let scenario = Scenario(seed: failure.seed)
        return """
          seed \(failure.seed): \(scenario.count) records, pages of \(scenario.pageSize), from \
          \(scenario.start), \(scenario.size.width)x\(scenario.size.height): \(failure.failure); \
          shrunk to \(failure.shrunk.map { "\($0)" }); replay with FUZZ_SEED=\(failure.seed)
          """
      })
    if let report { Issue.record(Comment(rawValue: report)) }
  }
}
