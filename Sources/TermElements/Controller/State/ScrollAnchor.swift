/// What the top of a controller's scroll window is pinned to: the item on the first line the
/// user sees, below the headers, and where the window's top is from it.
enum ScrollAnchor: Equatable, Sendable {
  /// An offset within the stretchy header's resting height, above all content.
  case header(offset: Int)
  /// A line within an item: the content line at the top of the scroll window is `delta` lines
  /// into the item at `position`, or `-delta` lines above it when what is at the top is under
  /// a header: the item is the one on the first line the user sees, which stays on its line
  /// when what is above it changes.
  case content(position: Int, delta: Int)
}
