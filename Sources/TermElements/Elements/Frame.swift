/// Where an element sits in a space larger than it needs: across (leading, centre, trailing)
/// and down (top, centre, bottom).
///
/// ```swift
/// let corner = ElementAlignment(horizontal: .trailing, vertical: .bottom)
/// let version = ElementOfLabel(props: "v1.0").aligned(corner)
/// ```
public struct ElementAlignment: Equatable, Sendable {
  /// Where across.
  public enum Horizontal: Equatable, Sendable {
    /// At the left.
    case leading
    /// In the middle, an odd column left over going to the right.
    case center
    /// At the right.
    case trailing
  }

  /// Where down.
  public enum Vertical: Equatable, Sendable {
    /// At the top.
    case top
    /// In the middle, an odd line left over going below.
    case center
    /// At the bottom.
    case bottom
  }

  /// Where across.
  public var horizontal: Horizontal
  /// Where down.
  public var vertical: Vertical

  /// Makes an alignment.
  public init(horizontal: Horizontal = .leading, vertical: Vertical = .top) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// At the top left.
  public static let leading = ElementAlignment()
  /// In the middle, across and down.
  public static let center = ElementAlignment(horizontal: .center, vertical: .center)
  /// At the top right.
  public static let trailing = ElementAlignment(horizontal: .trailing)
}

/// An element in a box of its own: a fixed width or height, padding around it, and where it
/// sits in the box; what the ``ElementRepresentable/frame(width:height:alignment:)``,
/// ``ElementRepresentable/padding(_:)-(LayoutMargins)`` and ``ElementRepresentable/aligned(_:)`` modifiers
/// make.
///
/// The box is filled with its style, so a fixed-size badge is one expression:
///
/// ```swift
/// let badge = ElementOfLabel(props: "AL").frame(width: 4, alignment: .center).styles {
///   $0 = Style(foreground: .white, background: .blue, monochrome: .reverse)
/// }
/// ```
public enum Framed: ElementView {
  /// The box and what it holds.
  public typealias Props = FrameProps

  /// The fixed height, or the content's height at the width it gets, with the padding.
  public static func height(of props: FrameProps, styles: Style, width: Int) -> Int {
    if let height = props.height { return max(0, height) }
    let box = min(max(0, props.width ?? width), max(0, width))
    let inner = max(0, box - props.padding.horizontal)
    return props.content.height(forWidth: contentWidth(of: props, in: inner))
      + max(0, props.padding.vertical)
  }

  /// The fixed width, or the content's preferred width with the padding; `nil` when the
  /// content takes whatever it gets.
  public static func preferredWidth(of props: FrameProps, styles: Style) -> Int? {
    if let width = props.width { return max(0, width) }
    return props.content.preferredWidth.map { $0 + max(0, props.padding.horizontal) }
  }

  /// Whether the content can act.
  public static func isEnabled(_ props: FrameProps) -> Bool { props.content.isEnabled }

  /// Fills the box with the style and draws the content inside the padding, where the
  /// alignment puts it.
  public static func draw(_ props: FrameProps, styles: Style, in canvas: inout Canvas) {
    let size = canvas.size
    let boxWidth = min(max(0, props.width ?? size.width), size.width)
    let boxHeight = min(height(of: props, styles: styles, width: boxWidth), size.height)
    let alignment = props.alignment
    let box = Rect(
      x: alignment.horizontal.offset(of: boxWidth, in: size.width),
      y: alignment.vertical.offset(of: boxHeight, in: size.height),
      width: boxWidth, height: boxHeight)
    canvas.context.baseStyle = styles.over(canvas.context.baseStyle)
    canvas.draw(in: box) { box in
      box.fill()
      let padding = props.padding
      let innerWidth = max(0, box.size.width - padding.horizontal)
      let innerHeight = max(0, box.size.height - padding.vertical)
      let width = contentWidth(of: props, in: innerWidth)
      let height = min(props.content.height(forWidth: width), innerHeight)
      let content = Rect(
        x: max(0, padding.left) + alignment.horizontal.offset(of: width, in: innerWidth),
        y: max(0, padding.top) + alignment.vertical.offset(of: height, in: innerHeight),
        width: width, height: height)
      guard !content.isEmpty else { return }
      box.draw(in: content) { props.content.draw(in: &$0) }
    }
  }

  /// The columns the content gets in `room`: its preferred width, or all of it.
  private static func contentWidth(of props: FrameProps, in room: Int) -> Int {
    min(props.content.preferredWidth ?? room, room)
  }
}

extension ElementAlignment.Horizontal {
  /// Where something `length` long starts in `room`.
  func offset(of length: Int, in room: Int) -> Int {
    placement(of: length, in: room, halves: self == .leading ? 0 : self == .center ? 1 : 2)
  }
}

extension ElementAlignment.Vertical {
  /// Where something `length` tall starts in `room`.
  func offset(of length: Int, in room: Int) -> Int {
    placement(of: length, in: room, halves: self == .top ? 0 : self == .center ? 1 : 2)
  }
}

/// Where something `length` long starts in `room`, `halves` halves of the room it leaves
/// over along: 0 at the start, 1 in the middle, 2 at the end.
private func placement(of length: Int, in room: Int, halves: Int) -> Int {
  max(0, room - length) * halves / 2
}

/// A box around an element: its size, padding and alignment.
public struct FrameProps: Equatable, Sendable {
  /// What the box holds.
  package var content: Element
  /// Columns of the box, or `nil` for what it is given.
  package var width: Int?
  /// Lines of the box, or `nil` for what its content needs.
  package var height: Int?
  /// Blank cells between the box's edges and its content.
  package var padding: LayoutMargins
  /// Where the box sits in the space given, and its content in the box.
  package var alignment: ElementAlignment

  /// Makes frame props.
  package init(
    content: some ElementRepresentable, width: Int? = nil, height: Int? = nil,
    padding: LayoutMargins = .zero, alignment: ElementAlignment = .leading
  ) {
    self.content = Element(content)
    self.width = width
    self.height = height
    self.padding = padding
    self.alignment = alignment
  }
}

extension ElementRepresentable {
  /// The element in a box `width` columns wide and `height` lines tall (either left to what
  /// the element needs with `nil`), placed at `alignment` in it: a fixed-size badge, or a
  /// column of a set width in a stack.
  ///
  /// ```swift
  /// let count = ElementOfLabel(props: "3").frame(width: 4, alignment: .trailing)
  /// let row = Row(HorizontalStack(spacing: 1, count, ElementOfLabel(props: "Inbox")))
  /// ```
  public func frame(
    width: Int? = nil, height: Int? = nil, alignment: ElementAlignment = .leading
  ) -> ElementOf<Framed> {
    ElementOf<Framed>(
      props: FrameProps(content: self, width: width, height: height, alignment: alignment))
  }

  /// The element with blank cells around it.
  ///
  /// ```swift
  /// let padded = ElementOfLabel(props: "Note").padding(.each(vertical: 1, horizontal: 2))
  /// ```
  public func padding(_ padding: LayoutMargins) -> ElementOf<Framed> {
    ElementOf<Framed>(props: FrameProps(content: self, padding: padding))
  }

  /// The element with `cells` blank cells on every side.
  ///
  /// ```swift
  /// let boxed = ElementOfLabel(props: "Note").padding(1)
  /// ```
  public func padding(_ cells: Int) -> ElementOf<Framed> {
    padding(.all(cells))
  }

  /// The element placed at `alignment` in whatever space it is given: centred with
  /// `.center`, rather than between two `FlexibleSpace()`s.
  ///
  /// ```swift
  /// let title = ElementOfLabel(props: "Welcome").aligned(.center)
  /// ```
  public func aligned(_ alignment: ElementAlignment) -> ElementOf<Framed> {
    ElementOf<Framed>(props: FrameProps(content: self, alignment: alignment))
  }
}
