/// A seed whose fuzz run failed, with its events shrunk to those the failure needs: what a
/// fuzz test's report is made from.
///
/// ```swift
/// "seed \(failure.seed): \(failure.failure); replay with FUZZ_SEED=\(failure.seed)"
/// ```
public struct FuzzFailure<Event> {
  /// The seed that failed.
  public let seed: UInt64
  /// What broke first.
  public let failure: String
  /// Every event of the run, up to the failure.
  public let events: [Event]
  /// The fewest events found that still fail (all of them when the test gives no replay).
  public let shrunk: [Event]
  /// What the shrunk events break, or a note that the run does not fail again.
  public let shrunkFailure: String

  /// A failure of `seed`.
  public init(
    seed: UInt64, failure: String, events: [Event], shrunk: [Event], shrunkFailure: String
  ) {
    self.seed = seed
    self.failure = failure
    self.events = events
    self.shrunk = shrunk
    self.shrunkFailure = shrunkFailure
  }
}
