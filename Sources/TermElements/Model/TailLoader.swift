/// Loads more rows when the user nears the end of a section: tail loading, built in.
///
/// `loadMore` is called with no page in flight; it returns the next page of rows, or `nil` at
/// the end of the data. An empty page (`[]`) means nothing more for now, as at the end of a
/// log that is still being written: no spinner shows, and the loader is asked again only when
/// the user comes back to the end (scrolls away and back, or presses ↓, End or turns the wheel
/// there) or presses `r`, never frame after frame. A loader made with `loadAfter` is also told
/// the section's last row, so that it can fetch what follows it, as keyset paging does. While
/// it runs, a spinner row shows at the section's tail; if it throws, an error row shows the
/// message and `r` (or choosing the row) tries again. The rows already loaded stay, and the
/// scroll position and selection are kept as pages arrive.
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
///
/// With ``HeadLoader`` and ``Section/loadedRowLimit``, a section can start anywhere and load
/// in both directions:
///
/// ```swift
/// var window = Section(rows: around)
/// window.tailLoader = TailLoader(id: "newer") { last in
///   try await messages.page(after: last?.id?.number)?.map(\.row)
/// }
/// window.loadedRowLimit = 2_000
/// ```
public struct TailLoader: Equatable, Sendable {
  /// Names the loader; loaders with the same `id` and distance are equal.
  package let id: String
  /// Lines before the end at which loading starts, or `nil` for two screens.
  public var prefetchDistance: Int?
  /// Fetches the page after the section's last row (`nil` when it has none): its rows, `[]`
  /// when there is nothing more for now, or `nil` when there is no more data.
  package let loadAfter: @Sendable (_ last: Row?) async throws -> [Row]?

  /// Makes a loader that fetches the next page.
  public init(
    id: String, prefetchDistance: Int? = nil,
    loadMore: @escaping @Sendable () async throws -> [Row]?
  ) {
    self.init(id: id, prefetchDistance: prefetchDistance) { _ in try await loadMore() }
  }

  /// Makes a loader that fetches the page after the section's last row.
  public init(
    id: String, prefetchDistance: Int? = nil,
    loadAfter: @escaping @Sendable (_ last: Row?) async throws -> [Row]?
  ) {
    self.id = id
    self.prefetchDistance = prefetchDistance
    self.loadAfter = loadAfter
  }

  /// Loaders are equal when their ids and distances are.
  public static func == (lhs: TailLoader, rhs: TailLoader) -> Bool {
    lhs.id == rhs.id && lhs.prefetchDistance == rhs.prefetchDistance
  }
}
