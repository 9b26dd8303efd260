/// What the top of a controller's scroll window is pinned to.
enum ScrollAnchor: Equatable, Sendable {
  /// An offset within the stretchy header's resting height, above all content.
  case header(offset: Int)
  /// A line within an item: the content line at the top of the scroll window is `delta` lines
  /// into the item at `position`.
  case content(position: Int, delta: Int)
}
