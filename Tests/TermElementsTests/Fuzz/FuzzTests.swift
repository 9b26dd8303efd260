import Testing

@testable import TermElements

/// The seeded randomized test: random tables (tail loaders with injected faults among them),
/// random events and sizes from 0x0 to 300x120, and the invariants after every event and
/// frame. `make test` runs about 100,000 events; `make fuzz` (FUZZ_EVENTS=1000000) a million.
/// FUZZ_BASE starts from another seed. A failure prints its seed and a shrunk list of events
/// to replay with FUZZ_SEED (FUZZ_TRACE=1 prints the screen after each of them).
@MainActor
@Suite("Randomized: any table, any events, any size")
struct FuzzTests {
  /// Events in one run.
  static let runLength = 200

  @Test("No crash, lines fit, selection valid and on screen, loads exactly once")
  func invariantsHold() async {
    let environment = ProcessInfoLite.environment
    let total = environment["FUZZ_EVENTS"].flatMap(Int.init) ?? 100_000
    let base =
      (environment["FUZZ_SEED"] ?? environment["FUZZ_BASE"]).flatMap(UInt64.init) ?? 20_261_122
    let replaying = environment["FUZZ_SEED"] != nil
    let clock = ContinuousClock()
    let start = clock.now
    var events = 0
    var runs = 0
    while replaying ? runs < 1 : events < total {
      let seed = base &+ UInt64(runs)
      runs += 1
      let (sequence, failure) = await Self.run(seed: seed)
      events += sequence.count
      guard let failure else { continue }
      let shrunk = await Self.shrink(seed: seed, events: sequence)
      if ProcessInfoLite.environment["FUZZ_TRACE"] != nil {
        _ = await Self.replay(seed: seed, events: shrunk.events, tracing: true)
      }
      let report = """
        Fuzz failure with seed \(seed): \(failure)
        Replay with FUZZ_SEED=\(seed); shrunk to \(shrunk.events.count) events \
        (\(shrunk.failure)):
        \(shrunk.events.map { "  \($0)" }.joined(separator: "\n"))
        \(Self.lastReplayScreen)
        """
      print(report)
      Issue.record(Comment(rawValue: report))
      return
    }
    let seconds =
      Double((clock.now - start).components.attoseconds) / 1e18
      + Double((clock.now - start).components.seconds)
    print(
      "fuzz: \(events) events in \(runs) runs from seed \(base), "
        + "\(Int(Double(events) / max(seconds, 0.001))) events/s")
  }

  /// Runs `seed`'s random events and returns them with the first failure.
  static func run(seed: UInt64) async -> ([FuzzEvent], String?) {
    let run = FuzzRun(seed: seed)
    var random = FuzzRandom(seed: seed ^ 0x5EED)
    var events: [FuzzEvent] = []
    if let problem = run.drawFrame().first { return (events, problem) }
    for step in 0..<runLength {
      let size = run.screen.size
      let event = FuzzEvent.random(&random, size: size, inStack: run.stack != nil)
      events.append(event)
      var problems = await run.apply(event)
      // Input comes in batches; a frame follows each batch.
      if problems.isEmpty && (step % 3 == 2 || random.chance(0.3)) {
        events.append(.frame)
        problems += await run.apply(.frame)
      }
      if let problem = problems.first {
        await run.end()
        return (events, problem)
      }
      if run.isFinished { break }
    }
    await run.end()
    return (events, nil)
  }

  /// Replays exactly `events` from `seed`'s first screen; returns the first failure.
  static func replay(seed: UInt64, events: [FuzzEvent], tracing: Bool = false) async -> String? {
    let run = FuzzRun(seed: seed)
    var failure = run.drawFrame().first
    for event in events where failure == nil {
      failure = await run.apply(event).first
      if tracing { print("after \(event):\n\(run.describe())") }
    }
    if let failure {
      lastReplayScreen = run.describe()
      await run.end()
      return failure
    }
    await run.end()
    return nil
  }

  /// The state after the last failing replay, to print with the shrunk events.
  static var lastReplayScreen = ""

  /// The shortest list of events, by removing chunks then single events, that still fails.
  static func shrink(seed: UInt64, events: [FuzzEvent]) async -> (
    events: [FuzzEvent], failure: String
  ) {
    guard var failure = await replay(seed: seed, events: events) else {
      return (events, "does not fail again when replayed")
    }
    var current = events
    var chunk = max(1, current.count / 2)
    while chunk >= 1 {
      var start = 0
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, current.count))
        if let stillFails = await replay(seed: seed, events: candidate) {
          current = candidate
          failure = stillFails
        } else {
          start += chunk
        }
      }
      chunk /= 2
    }
    return (current, failure)
  }
}
