/// Loads earlier rows when the user nears the start of a section: the mirror of
/// ``TailLoader``, as a chat loads older messages above the ones shown.
///
/// `loadBefore` is called with the section's first row (or `nil` when it has none) and no
/// page of this loader in flight; it returns the rows that come just before, in order, or `nil`
/// when there is nothing before. As for a tail loader, an empty page (`[]`) means nothing more
/// for now: no spinner, and no new request until the user comes back to the start (scrolls
/// away and back, or presses ↑, Home or turns the wheel there) or presses `r`. Prepended rows
/// keep the screen still: the rows shown stay on the same lines, by id. Give the section's rows
/// ids of their own: a row without one is known by its position, which rows arriving above
/// change. While a page loads, a spinner row shows at the section's head; if it throws, an
/// error row shows the message and `r` (or choosing the row) tries again.
///
/// ```swift
/// var section = Section(rows: newest)
/// section.headLoader = HeadLoader(id: "older") { first in
///   try await messages.page(before: first?.id?.number)?.map(\.row)
/// }
/// ```
public struct HeadLoader: Equatable, Sendable {
  /// Names the loader; loaders with the same `id` and distance are equal.
  package let id: String
  /// Lines before the start at which loading starts, or `nil` for two screens.
  public var prefetchDistance: Int?
  /// Fetches the page before the section's first row: its rows, `[]` when there is nothing
  /// more for now, or `nil` at the start.
  package let loadBefore: @Sendable (_ first: Row?) async throws -> [Row]?

  /// Makes a loader.
  public init(
    id: String, prefetchDistance: Int? = nil,
    loadBefore: @escaping @Sendable (_ first: Row?) async throws -> [Row]?
  ) {
    self.id = id
    self.prefetchDistance = prefetchDistance
    self.loadBefore = loadBefore
  }

  /// Loaders are equal when their ids and distances are.
  public static func == (lhs: HeadLoader, rhs: HeadLoader) -> Bool {
    lhs.id == rhs.id && lhs.prefetchDistance == rhs.prefetchDistance
  }
}
