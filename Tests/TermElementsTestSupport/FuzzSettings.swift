/// What a fuzz run is asked for through the environment, as `make fuzz` sets it:
/// `FUZZ_EVENTS` (how many events in all), `FUZZ_SEED` (replay one seed), `FUZZ_BASE` (start
/// from another seed) and `FUZZ_TRACE` (print the state after each event of a replay).
///
/// ```swift
/// let settings = FuzzSettings(defaultEvents: 100_000, defaultBase: 20_261_122)
/// ```
public struct FuzzSettings: Sendable, Equatable {
  /// How many events to run in all, over as many seeds as it takes.
  public var events: Int
  /// The first seed.
  public var base: UInt64
  /// Whether only the first seed runs (`FUZZ_SEED` was set).
  public var replaying: Bool
  /// Whether a failure's replay prints the state after each event (`FUZZ_TRACE` was set).
  public var tracing: Bool

  /// The settings `environment` gives, with `defaultEvents` and `defaultBase` where it gives
  /// none.
  public init(
    defaultEvents: Int, defaultBase: UInt64,
    environment: [String: String] = TestEnvironment.variables
  ) {
    events = environment["FUZZ_EVENTS"].flatMap(Int.init) ?? defaultEvents
    base =
      (environment["FUZZ_SEED"] ?? environment["FUZZ_BASE"]).flatMap(UInt64.init) ?? defaultBase
    replaying = environment["FUZZ_SEED"] != nil
    tracing = environment["FUZZ_TRACE"] != nil
  }
}
