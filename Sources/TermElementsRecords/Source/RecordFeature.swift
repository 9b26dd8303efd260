/// What a screen can ask of a ``RecordSource`` beyond its pages in the key's order: each a
/// protocol the source conforms to, which ``RecordSource/support(for:)`` says it can do.
public enum RecordFeature: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Pages in the order of any column: `s`, ``RecordSorting``.
  case sort
  /// Pages through a filter in the source's language: `f`, ``RecordFiltering``.
  case filter
  /// Searching for text: `/`, `n`, `N`, ``RecordSearching``.
  case search
  /// The record at an offset: `:N`, ``RecordJumping``; with ``RecordRanking``, numbers in the
  /// position of records found otherwise.
  case jump
  /// How many records hold each value of a column: `F`, ``RecordValueCounting``.
  case valueCounts
  /// Summing up the columns: `I`, ``RecordSummarizing``.
  case summary

  /// The feature's name for people.
  public var description: String {
    switch self {
    case .sort: "sorting"
    case .filter: "filtering"
    case .search: "searching"
    case .jump: "jumping to a record"
    case .valueCounts: "counting values"
    case .summary: "summary of the columns"
    }
  }
}

/// Whether a source can do a ``RecordFeature``, and at what cost.
///
/// ```swift
/// let support = FeatureSupport.unavailable("a log has no columns to sort by")
/// ```
public enum FeatureSupport: Hashable, Sendable {
  /// It can, and it costs about what a page does.
  case available
  /// It can, but it reads everything: the reason, for the status line while it works.
  case slow(String)
  /// It cannot: the reason, for the status line when the user asks.
  case unavailable(String)

  /// Whether the feature can be used at all.
  public var isAvailable: Bool {
    if case .unavailable = self { return false }
    return true
  }
}
