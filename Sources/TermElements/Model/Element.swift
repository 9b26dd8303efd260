/// Anything that can fill a row, a header or a stack: an ``ElementOf`` or an ``Element``.
public protocol ElementRepresentable: Equatable, Sendable {
  /// The lines the element needs at `width` columns.
  func height(forWidth width: Int) -> Int
  /// The columns the element would like in a horizontal stack, or `nil` to take what is left.
  var preferredWidth: Int? { get }
  /// Draws the element into the whole of `canvas`.
  func draw(in canvas: inout Canvas)
}

extension ElementRepresentable {
  /// The element with its type erased, for arrays of mixed elements.
  ///
  /// ```swift
  /// let children: [Element] = [ElementOfLabel("Name").element, FlexibleSpace().element]
  /// ```
  public var element: Element { Element(self) }

  /// Whether `other` is an element of the same type with the same props and styles.
  fileprivate func isEqual(to other: any ElementRepresentable) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// A view type together with the props and styles that configure it: ViewElements' element.
///
/// ```swift
/// let title = ElementOf<Label>(props: "Yay!").styles {
///   $0.style.attributes = .bold
///   $0.alignment = .center
/// }
/// ```
public struct ElementOf<View: ElementView>: ElementRepresentable {
  /// The data that configures the view.
  public var props: View.Props
  /// The look the view is drawn with.
  public var styling: View.Styles

  /// Makes an element with the view's default styles.
  public init(props: View.Props) {
    self.props = props
    self.styling = View.defaultStyles
  }

  /// The element with its styles changed by `configure`, as ViewElements' `.styles { }`.
  ///
  /// ```swift
  /// let warning = ElementOfLabel(props: "Disk almost full").styles {
  ///   $0.style.foreground = .yellow
  /// }
  /// ```
  public func styles(_ configure: (inout View.Styles) -> Void) -> Self {
    var copy = self
    configure(&copy.styling)
    return copy
  }

  /// The lines the view needs at `width` columns.
  public func height(forWidth width: Int) -> Int {
    View.height(of: props, styles: styling, width: width)
  }

  /// The columns the view would like in a horizontal stack.
  public var preferredWidth: Int? { View.preferredWidth(of: props, styles: styling) }

  /// Draws the view into the whole of `canvas`.
  public func draw(in canvas: inout Canvas) {
    View.draw(props, styles: styling, in: &canvas)
  }

  /// Two elements are equal when their props and styles are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.props == rhs.props && lhs.styling == rhs.styling
  }
}

/// An element of any view type: what rows, headers and stacks hold.
///
/// Two elements are equal when they are of the same view type with equal props and styles.
public struct Element: ElementRepresentable {
  /// The element this one wraps.
  public let base: any ElementRepresentable

  /// Wraps an element, unwrapping it first if it is already an `Element`.
  public init(_ element: some ElementRepresentable) {
    if let erased = element as? Element {
      base = erased.base
    } else {
      base = element
    }
  }

  /// The lines the element needs at `width` columns.
  public func height(forWidth width: Int) -> Int { base.height(forWidth: width) }

  /// The columns the element would like in a horizontal stack.
  public var preferredWidth: Int? { base.preferredWidth }

  /// Draws the element into the whole of `canvas`.
  public func draw(in canvas: inout Canvas) { base.draw(in: &canvas) }

  /// Two elements are equal when they are of the same view type with equal props and styles.
  public static func == (lhs: Element, rhs: Element) -> Bool {
    lhs.base.isEqual(to: rhs.base)
  }
}
