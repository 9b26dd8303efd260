/// An element made by composing other elements, as ViewElements' `ComponentOf`.
///
/// Say how props become an element, usually a stack; measuring and drawing follow from it.
///
/// ```swift
/// struct User: Equatable, Sendable {
///   var name: String
///   var unread: Int
/// }
///
/// enum UserCell: Component {
///   typealias Props = User
///
///   static func render(_ user: User) -> Element {
///     let badge = ElementOf<Badge>(props: user.unread)
///     return HorizontalStack(spacing: 1, ElementOfLabel(props: user.name), badge).element
///   }
/// }
///
/// let row = Row(ElementOf<UserCell>(props: User(name: "Ada", unread: 3)))
/// ```
public protocol Component: ElementView where Styles == Style {
  /// The element that shows `props`.
  static func render(_ props: Props) -> Element
}

extension Component {
  /// The rendered element's height.
  public static func height(of props: Props, styles: Style, width: Int) -> Int {
    render(props).height(forWidth: width)
  }

  /// The rendered element's preferred width.
  public static func preferredWidth(of props: Props, styles: Style) -> Int? {
    render(props).preferredWidth
  }

  /// Draws the rendered element, with the component's style beneath it.
  public static func draw(_ props: Props, styles: Style, in canvas: inout Canvas) {
    canvas.context.baseStyle = styles.over(canvas.context.baseStyle)
    render(props).draw(in: &canvas)
  }
}
