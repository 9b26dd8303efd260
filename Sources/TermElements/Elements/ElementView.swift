/// A kind of view that elements configure: it says how tall it is and draws itself.
///
/// This is how to make a custom element. Declare the `Props` that configure the view, say how
/// many lines it needs at a width, and draw it into a ``Canvas``. Optionally declare `Styles`,
/// the look that `.styles { }` changes; it defaults to ``Style``.
///
/// ```swift
/// enum Badge: ElementView {
///   static func height(of count: Int, styles: Style, width: Int) -> Int { 1 }
///   static func preferredWidth(of count: Int, styles: Style) -> Int? { "\(count)".count + 2 }
///   static func draw(_ count: Int, styles: Style, in canvas: inout Canvas) {
///     canvas.write(" \(count) ", at: .zero, style: styles)
///   }
/// }
///
/// let row = Row(ElementOf<Badge>(props: 3).styles { $0.background = .red })
/// ```
public protocol ElementView {
  /// The data that configures the view, compared to tell whether the view changed.
  associatedtype Props: Equatable & Sendable
  /// The look that `.styles { }` changes.
  associatedtype Styles: Equatable & Sendable = Style

  /// The look an element has before `.styles { }` changes it.
  static var defaultStyles: Styles { get }

  /// The lines the view needs at `width` columns.
  static func height(of props: Props, styles: Styles, width: Int) -> Int

  /// The columns the view would like in a horizontal stack, or `nil` to take what is left.
  static func preferredWidth(of props: Props, styles: Styles) -> Int?

  /// Draws the view into the whole of `canvas`.
  static func draw(_ props: Props, styles: Styles, in canvas: inout Canvas)

  /// Whether the view can act: a row whose element cannot is skipped by the selection, never
  /// chosen, and drawn with the table's ``Table/disabledStyle``, as a disabled button is.
  static func isEnabled(_ props: Props) -> Bool
}

extension ElementView {
  /// By default a view takes whatever width a stack has left.
  public static func preferredWidth(of props: Props, styles: Styles) -> Int? { nil }

  /// By default a view can act.
  public static func isEnabled(_ props: Props) -> Bool { true }
}

extension ElementView where Styles == Style {
  /// By default a view is drawn in the terminal's own colours.
  public static var defaultStyles: Style { .plain }
}
