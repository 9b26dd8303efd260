/// A header above the table that shrinks as the content scrolls up.
///
/// It rests at ``restingHeight`` lines, or at its element's height when that is `nil`.
///
/// ```swift
/// // Shrinks with the content, then scrolls off.
/// var banner = StretchyHeader(
///   behavior: .scrollsUpWithContent, element: ElementOfLabel(props: "News"))
/// banner.restingHeight = 6
///
/// // Shrinks to one line and stays there.
/// let bar = StretchyHeader(
///   behavior: .shrinksToMinimumHeight(1), element: ElementOfLabel(props: "Inbox"))
/// ```
public struct StretchyHeader: Equatable, Sendable {
  /// How the header reacts to scrolling.
  public enum Behavior: Equatable, Sendable {
    /// The header shrinks as the content scrolls up, then scrolls off with it.
    case scrollsUpWithContent
    /// The header shrinks as the content scrolls up, down to this many lines, and stays.
    case shrinksToMinimumHeight(Int)
  }

  /// How the header reacts to scrolling.
  public var behavior: Behavior
  /// What the header shows.
  public var element: Element
  /// Lines the header takes before any scrolling, or `nil` for its element's height.
  public var restingHeight: Int?
  /// Blank cells between the header's edges and its element.
  public var layoutMargins: LayoutMargins
  /// The colours and attributes of the whole header.
  public var style: Style

  /// Makes a stretchy header.
  public init(
    behavior: Behavior,
    element: some ElementRepresentable,
    restingHeight: Int? = nil,
    layoutMargins: LayoutMargins = .default,
    style: Style = .plain
  ) {
    self.behavior = behavior
    self.element = Element(element)
    self.restingHeight = restingHeight
    self.layoutMargins = layoutMargins
    self.style = style
  }

  /// The height of the element and margins at `width`: below it the header scrolls off.
  package func naturalHeight(atWidth width: Int) -> Int {
    ContentBox.height(of: element, rowHeight: .automatic, margins: layoutMargins, width: width)
  }

  /// Lines the header takes before any scrolling, at `width`.
  package func restingHeight(atWidth width: Int) -> Int {
    max(0, restingHeight ?? naturalHeight(atWidth: width))
  }

  /// Lines of the screen the header covers when the content has scrolled `offset` lines.
  ///
  /// ```swift
  /// // restingHeight 6, .shrinksToMinimumHeight(2)
  /// header.visibleHeight(atWidth: 80, scrollOffset: 3)  // 3
  /// header.visibleHeight(atWidth: 80, scrollOffset: 10)  // 2
  /// ```
  package func visibleHeight(atWidth width: Int, scrollOffset offset: Int) -> Int {
    HeaderSpan(self, width: width).visibleHeight(scrollOffset: offset)
  }
}
