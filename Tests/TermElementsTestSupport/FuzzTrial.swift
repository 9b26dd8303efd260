/// One seed's run of a fuzz test: the events it made, and the first thing that broke, if any.
///
/// ```swift
/// FuzzTrial(events: [.key(.down), .frame], failure: "line 3 takes 81 columns of 80")
/// ```
public struct FuzzTrial<Event> {
  /// The events, in the order they were applied.
  public var events: [Event]
  /// What broke, or `nil` when every invariant held.
  public var failure: String?

  /// A trial that applied `events` and ended with `failure` (`nil`: it passed).
  public init(events: [Event], failure: String?) {
    self.events = events
    self.failure = failure
  }
}
