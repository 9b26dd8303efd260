/// Loads more rows when the user nears the end of a section: tail loading, built in.
///
/// `loadMore` is called with no page in flight; it returns the next page of rows, or `nil` at
/// the end of the data. While it runs, a spinner row shows at the section's tail; if it throws,
/// an error row shows the message and `r` (or choosing the row) tries again. The rows already
/// loaded stay, and the scroll position and selection are kept as pages arrive.
///
/// Loading starts `prefetchDistance` lines before the end comes into view, so that someone
/// scrolling at a normal pace never sees the spinner.
///
/// ```swift
/// let pages = PageCursor()  // an actor that remembers where the last page ended
/// var section = Section(rows: [])
/// section.tailLoader = TailLoader(id: "messages") {
///   try await pages.next()?.map { Row(ElementOfLabel(props: $0.subject)) }
/// }
/// ```
public struct TailLoader: Equatable, Sendable {
  /// Names the loader; loaders with the same `id` and distance are equal.
  public let id: String
  /// Lines before the end at which loading starts, or `nil` for two screens.
  public var prefetchDistance: Int?
  /// Fetches the next page: its rows, or `nil` when there is no more data.
  public let loadMore: @Sendable () async throws -> [Row]?

  /// Makes a loader.
  public init(
    id: String, prefetchDistance: Int? = nil,
    loadMore: @escaping @Sendable () async throws -> [Row]?
  ) {
    self.id = id
    self.prefetchDistance = prefetchDistance
    self.loadMore = loadMore
  }

  /// Loaders are equal when their ids and distances are.
  public static func == (lhs: TailLoader, rhs: TailLoader) -> Bool {
    lhs.id == rhs.id && lhs.prefetchDistance == rhs.prefetchDistance
  }
}
