/// The loop of every seeded randomized test: runs seed after seed from ``FuzzSettings/base``
/// until ``FuzzSettings/events`` events have run (only the first seed when replaying), and at
/// the first failure shrinks its events, traces the shrunk replay when `FUZZ_TRACE` is set,
/// and prints and returns the report. A run that passes prints how many events it ran.
///
/// ```swift
/// let driver = FuzzDriver(name: "fuzz", settings: FuzzSettings(defaultEvents: 100_000, defaultBase: 1))
/// if let report = await driver.run({ seed in await trial(seed) }, report: { "\($0.seed): \($0.failure)" }) {
///   Issue.record(Comment(rawValue: report))
/// }
/// ```
public struct FuzzDriver: Sendable {
  /// The name the summary line starts with, such as `fuzz` or `records fuzz`.
  public let name: String
  /// How many events, from which seed, and whether to replay or trace.
  public let settings: FuzzSettings

  /// A driver called `name` with `settings`.
  public init(name: String, settings: FuzzSettings) {
    self.name = name
    self.settings = settings
  }

  /// Runs `trial` for each seed in turn; returns the report of the first failure (already
  /// printed), or `nil` when every seed passed.
  ///
  /// - Parameters:
  ///   - trial: runs one seed and returns its events and first failure.
  ///   - replay: replays exactly the given events from the seed's start and returns the first
  ///     failure; given, it shrinks a failure's events (``shrink(_:isolation:failing:)``).
  ///   - trace: replays the shrunk events printing the state after each, when `FUZZ_TRACE` is
  ///     set.
  ///   - report: the text of the failure to print and return.
  public func run<Event: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    _ trial: (UInt64) async throws -> FuzzTrial<Event>,
    replay: ((UInt64, [Event]) async -> String?)? = nil,
    trace: ((UInt64, [Event]) async -> Void)? = nil,
    report: (FuzzFailure<Event>) -> String
  ) async rethrows -> String? {
    let clock = ContinuousClock()
    let start = clock.now
    var events = 0
    var runs = 0
    while settings.replaying ? runs < 1 : events < settings.events {
      let seed = settings.base &+ UInt64(runs)
      runs += 1
      let outcome = try await trial(seed)
      events += outcome.events.count
      guard let failure = outcome.failure else { continue }
      var shrunk = (events: outcome.events, failure: failure)
      if let replay {
        shrunk = await Self.shrink(outcome.events) { await replay(seed, $0) }
      }
      if settings.tracing, let trace { await trace(seed, shrunk.events) }
      let text = report(
        FuzzFailure(
          seed: seed, failure: failure, events: outcome.events, shrunk: shrunk.events,
          shrunkFailure: shrunk.failure))
      print(text)
      return text
    }
    let elapsed = clock.now - start
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      "\(name): \(events) events in \(runs) runs from seed \(settings.base), "
        + "\(Int(Double(events) / max(seconds, 0.001))) events/s")
    return nil
  }
}
