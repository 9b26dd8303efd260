/// A source that finds the next record containing a text: `/`, `n` and `N`.
public protocol RecordSearching: RecordSource {
  /// The next record after `start` (before it, going back) whose values contain `text` by
  /// ``SearchText``'s rule, or `nil` when none does up to the end of `view`.
  ///
  /// `progress` hears how many records were read so far, from time to time, on any thread.
  func search(
    _ text: SearchText, from start: RecordPosition?, forward: Bool, in view: RecordView,
    progress: @escaping @Sendable (Int) -> Void
  ) async throws -> PageRecord?
}
