extension FuzzDriver {
  /// The shortest list of `events` found, by removing chunks then single events, that still
  /// fails, with what it breaks; `events` as they are when they do not fail again.
  ///
  /// - Parameter failing: replays the events given and returns the first failure.
  public static func shrink<Event: Sendable>(
    _ events: [Event], isolation: isolated (any Actor)? = #isolation,
    failing: ([Event]) async -> String?
  ) async -> (events: [Event], failure: String) {
    guard var failure = await failing(events) else {
      return (events, "does not fail again when replayed")
    }
    var current = events
    var chunk = max(1, current.count / 2)
    while chunk >= 1 {
      var start = 0
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, current.count))
        if let stillFails = await failing(candidate) {
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
