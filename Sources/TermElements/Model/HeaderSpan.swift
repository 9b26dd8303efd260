/// The lines a stretchy header takes at one width: at rest, and the fewest it shrinks to.
///
/// Worked out once when the table or the width changes, so that each frame reads two numbers
/// rather than copying the header and measuring its element again.
///
/// ```swift
/// // restingHeight 6, .shrinksToMinimumHeight(2)
/// let span = HeaderSpan(header, width: 80)
/// span.visibleHeight(scrollOffset: 3)  // 3
/// span.visibleHeight(scrollOffset: 10)  // 2
/// ```
struct HeaderSpan: Equatable, Sendable {
  /// Lines the header takes before any scrolling.
  let resting: Int
  /// Lines the header keeps however far the content scrolls: 0 for one that scrolls off.
  let minimum: Int

  /// The span of `header` at `width` columns.
  init(_ header: StretchyHeader, width: Int) {
    let resting = header.restingHeight(atWidth: width)
    self.resting = resting
    switch header.behavior {
    case .scrollsUpWithContent: minimum = 0
    case .shrinksToMinimumHeight(let lines): minimum = min(max(0, lines), resting)
    }
  }

  /// Lines of the screen the header covers when the content has scrolled `offset` lines.
  func visibleHeight(scrollOffset offset: Int) -> Int {
    max(minimum, max(0, resting - max(0, offset)))
  }
}
