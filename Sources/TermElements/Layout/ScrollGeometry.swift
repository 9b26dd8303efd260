/// Where a table's parts sit on screen at a scroll offset: the stretchy header, the content and
/// the scroll range.
///
/// Content line `c` is on screen line `contentTop + c`; content shows only from line
/// `clipTop` down, below the stretchy header.
///
/// ```swift
/// let geometry = ScrollGeometry(table: table, layout: layout, height: 24, scrollOffset: 40)
/// geometry.maxScrollOffset  // the furthest the table scrolls
/// ```
struct ScrollGeometry: Equatable, Sendable {
  /// Lines the stretchy header takes at rest; 0 without one.
  let restingHeaderHeight: Int
  /// Lines the stretchy header covers at this offset.
  let headerHeight: Int
  /// The screen line of content line 0; negative once the content has scrolled up.
  let contentTop: Int
  /// The first screen line content may show on.
  let clipTop: Int
  /// The scroll offset, within `0...maxScrollOffset`.
  let scrollOffset: Int
  /// The largest offset: the one that shows the content's last line on the screen's last.
  let maxScrollOffset: Int
  /// Screen lines.
  let height: Int

  /// The geometry of `table` laid out by `layout` in `height` lines, scrolled `scrollOffset`
  /// lines down (clamped to the scroll range).
  init(table: Table, layout: TableLayout, height: Int, scrollOffset: Int) {
    self.init(
      header: layout.headerSpan, centersContent: table.centersContentIfPossible,
      contentHeight: layout.contentHeight, height: height, scrollOffset: scrollOffset)
  }

  /// The geometry of content `contentHeight` lines tall under a stretchy header of `header`'s
  /// span, in `height` lines, scrolled `scrollOffset` lines down (clamped); what the
  /// controller asks for every frame, without copying its layout.
  init(
    header: HeaderSpan?, centersContent: Bool, contentHeight: Int, height: Int,
    scrollOffset: Int
  ) {
    let resting = header?.resting ?? 0
    let content = contentHeight
    let fits = resting + content <= height
    let centered = centersContent && fits
    let maxOffset = centered ? 0 : max(0, resting + content - height)
    let offset = min(max(0, scrollOffset), maxOffset)
    let visible = header?.visibleHeight(scrollOffset: offset) ?? 0
    restingHeaderHeight = resting
    headerHeight = visible
    self.scrollOffset = offset
    maxScrollOffset = maxOffset
    contentTop = resting - offset + (centered ? (height - resting - content) / 2 : 0)
    clipTop = visible
    self.height = height
  }

  /// The content lines on screen, from the first below the header to the last.
  var visibleContentLines: Range<Int> {
    (clipTop - contentTop)..<max(clipTop - contentTop, height - contentTop)
  }
}
