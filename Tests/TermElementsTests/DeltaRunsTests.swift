import TermElementsTestSupport
import Testing

@testable import TermElements

@Suite("Runs of height differences in a block")
struct DeltaRunsTests {
  /// The runs as `[first, last, delta]` triples, to compare in one expectation.
  func triples(_ runs: DeltaRuns) -> [[Int]] {
    runs.runs.map { [$0.first, $0.last, $0.delta] }
  }

  @Test("Neighbours off by the same amount share a run; a different one in the middle splits it")
  func joinAndSplit() {
    var runs = DeltaRuns()
    for slot in 10...20 { runs.set(2, at: slot) }
    #expect(triples(runs) == [[10, 20, 2]])
    runs.set(-1, at: 15)
    #expect(triples(runs) == [[10, 14, 2], [15, 15, -1], [16, 20, 2]])
    runs.set(2, at: 15)
    #expect(triples(runs) == [[10, 20, 2]])
    runs.set(0, at: 10)
    runs.set(0, at: 20)
    runs.set(0, at: 12)
    #expect(triples(runs) == [[11, 11, 2], [13, 19, 2]])
    #expect(runs.total == 16)
    runs.set(2, at: 12)
    #expect(triples(runs) == [[11, 19, 2]])
  }

  @Test("A whole block off by one line is one run; back at its estimates it keeps nothing")
  func wholeBlock() {
    var runs = DeltaRuns()
    for slot in 0..<DeltaRuns.slotLimit { runs.set(1, at: slot) }
    #expect(triples(runs) == [[0, 255, 1]])
    #expect(runs.deltaBefore(256) == 256)
    for slot in (0..<DeltaRuns.slotLimit).reversed() { runs.set(0, at: slot) }
    #expect(runs.isEmpty)
    #expect(runs.total == 0)
  }

  @Test("Large differences, both ways, survive packing")
  func largeDeltas() {
    var runs = DeltaRuns()
    runs.set(1 << 40, at: 0)
    runs.set(-(1 << 40), at: 255)
    #expect(runs.delta(at: 0) == 1 << 40)
    #expect(runs.delta(at: 255) == -(1 << 40))
    #expect(runs.delta(at: 128) == 0)
    #expect(runs.total == 0)
  }

  @Test("Random edits agree with an array of 256 differences", arguments: 0..<8)
  func againstArray(seed: UInt64) {
    var random = SeededRandom(seed: 0xD1FF + seed)
    var runs = DeltaRuns()
    var model = Array(repeating: 0, count: DeltaRuns.slotLimit)
    for _ in 0..<2_000 {
      // Few distinct differences, clustered slots: runs form, split and join.
      let slot = random.chance(0.5) ? random.int(100...140) : random.int(0...255)
      let delta = random.pick([0, 0, 1, 1, -1, 2, random.int(-50...50)])
      runs.set(delta, at: slot)
      model[slot] = delta
      #expect(runs.delta(at: slot) == delta)
    }
    for slot in 0...DeltaRuns.slotLimit {
      #expect(runs.deltaBefore(slot) == model[0..<slot].reduce(0, +), "before \(slot)")
    }
    #expect(runs.total == model.reduce(0, +))
    var expected: [[Int]] = []
    for (slot, delta) in model.enumerated() where delta != 0 {
      if let last = expected.last, last[1] == slot - 1, last[2] == delta {
        expected[expected.count - 1][1] = slot
      } else {
        expected.append([slot, slot, delta])
      }
    }
    #expect(triples(runs) == expected)
  }
}
