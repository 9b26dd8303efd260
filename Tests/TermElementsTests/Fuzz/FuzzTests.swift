import TermElementsTestSupport
import Testing

@testable import TermElements

/// The seeded randomized test: random tables (tail loaders with injected faults among them),
/// random events and sizes from 0x0 to 300x120, and the invariants after every event and
/// frame. `make test` runs 30,000 events; `make fuzz` (FUZZ_EVENTS=1000000) a million.
/// FUZZ_BASE starts from another seed. A failure prints its seed and a shrunk list of events
/// to replay with FUZZ_SEED (FUZZ_TRACE=1 prints the screen after each of them).
@MainActor
@Suite("Randomized: any table, any events, any size")
struct FuzzTests {
  /// Events in one run.
  static let runLength = 200

  @Test("No crash, lines fit, selection valid and on screen, loads exactly once")
  func invariantsHold() async {
    let settings = FuzzSettings(defaultEvents: 30_000, defaultBase: 20_261_122)
    let report = await FuzzDriver(name: "fuzz", settings: settings).run(
      { seed in await Self.run(seed: seed) },
      replay: { seed, events in await Self.replay(seed: seed, events: events) },
      trace: { seed, events in _ = await Self.replay(seed: seed, events: events, tracing: true) },
      report: { failure in
        """
        Fuzz failure with seed \(failure.seed): \(failure.failure)
        Replay with FUZZ_SEED=\(failure.seed); shrunk to \(failure.shrunk.count) events \
        (\(failure.shrunkFailure)):
        \(failure.shrunk.map { "  \($0)" }.joined(separator: "\n"))
        \(Self.lastReplayScreen)
        """
      })
    if let report { Issue.record(Comment(rawValue: report)) }
  }

  /// Runs `seed`'s random events and returns them with the first failure.
  static func run(seed: UInt64) async -> FuzzTrial<FuzzEvent> {
    let run = FuzzRun(seed: seed)
    var random = SeededRandom(seed: seed ^ 0x5EED)
    var events: [FuzzEvent] = []
    if let problem = run.drawFrame().first { return FuzzTrial(events: events, failure: problem) }
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
        return FuzzTrial(events: events, failure: problem)
      }
      if run.isFinished { break }
    }
    await run.end()
    return FuzzTrial(events: events, failure: nil)
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
}
