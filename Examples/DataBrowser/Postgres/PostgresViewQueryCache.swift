import Synchronization
import TermElementsRecords

/// The queries of the views a source read last, kept so that each page does not work out its
/// view's planner, key and columns again: a screen reads page after page of one view.
final class PostgresViewQueryCache: Sendable {
  /// The most views kept.
  static let limit = 8
  /// The views' queries, the last read last.
  private let queries = Mutex<[(view: RecordView, query: PostgresViewQuery)]>([])

  /// An empty cache.
  init() {}

  /// The query of `view`, made by `make` unless kept.
  func query(
    of view: RecordView, _ make: () throws(RecordSourceError) -> PostgresViewQuery
  ) throws(RecordSourceError) -> PostgresViewQuery {
    if let kept = queries.withLock({ $0.last { $0.view == view }?.query }) { return kept }
    let query = try make()
    queries.withLock { queries in
      queries.removeAll { $0.view == view }
      queries.append((view, query))
      if queries.count > Self.limit { queries.removeFirst() }
    }
    return query
  }
}
