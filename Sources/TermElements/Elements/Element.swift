/// Anything that can fill a row, a header or a stack: an ``ElementOf`` or an ``Element``.
public protocol ElementRepresentable: Equatable, Sendable {
  /// The lines the element needs at `width` columns.
  func height(forWidth width: Int) -> Int
  /// The columns the element would like in a horizontal stack, or `nil` to take what is left.
  var preferredWidth: Int? { get }
  /// Draws the element into the whole of `canvas`.
  func draw(in canvas: inout Canvas)
  /// Whether the element can act; a row whose element cannot is disabled.
  var isEnabled: Bool { get }
}

extension ElementRepresentable {
  /// The element with its type erased, for arrays of mixed elements.
  ///
  /// ```swift
  /// let children: [Element] = [ElementOfLabel(props: "Name").element, FlexibleSpace().element]
  /// ```
  public var element: Element { Element(self) }

  /// By default an element can act.
  public var isEnabled: Bool { true }

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
  package var styling: View.Styles

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

  /// Whether the view says it can act with these props.
  public var isEnabled: Bool { View.isEnabled(props) }

  /// Two elements are equal when their props and styles are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.props == rhs.props && lhs.styling == rhs.styling
  }
}

/// An element of any view type: what rows, headers and stacks hold.
///
/// Two elements are equal when they are of the same view type with equal props and styles.
public struct Element: ElementRepresentable {
  /// The element, a label kept as a ``LabelElement``.
  private let storage: any ElementRepresentable

  /// The element this one wraps.
  package var base: any ElementRepresentable {
    if let label = storage as? LabelElement { return label.element }
    return storage
  }

  /// Wraps an element, unwrapping it first if it is already an `Element`.
  public init(_ element: some ElementRepresentable) {
    // The types are compared rather than cast to: a cast to a generic type is a dynamic cast,
    // which costs more than the rest of making a row.
    let type = type(of: element)
    if type == ElementOf<Label>.self {
      storage = LabelElement(element: unsafeBitCast(element, to: ElementOf<Label>.self))
    } else if type == Element.self {
      storage = unsafeBitCast(element, to: Element.self).storage
    } else {
      storage = element
    }
  }

  /// The lines the element needs at `width` columns.
  public func height(forWidth width: Int) -> Int { storage.height(forWidth: width) }

  /// The columns the element would like in a horizontal stack.
  public var preferredWidth: Int? { storage.preferredWidth }

  /// Draws the element into the whole of `canvas`.
  public func draw(in canvas: inout Canvas) { storage.draw(in: &canvas) }

  /// Whether the element can act.
  public var isEnabled: Bool { storage.isEnabled }

  /// Two elements are equal when they are of the same view type with equal props and styles.
  public static func == (lhs: Element, rhs: Element) -> Bool {
    lhs.storage.isEqual(to: rhs.storage)
  }
}

/// A label as an ``Element`` holds it: the same element in a type that is not generic.
///
/// A label's text and styles take three words, so an `Element` keeps them inline, and copying
/// or destroying an element then goes through its type's value witnesses. `ElementOf`'s are
/// generic, and look up the view's `Props` and `Styles` types each time; this type's are
/// compiled for a label's fields, so copying a row of a label costs about what retaining its
/// text does.
struct LabelElement: ElementRepresentable {
  /// The label.
  let element: ElementOf<Label>

  /// The lines the label needs at `width` columns.
  func height(forWidth width: Int) -> Int { element.height(forWidth: width) }

  /// The columns the label would like in a horizontal stack.
  var preferredWidth: Int? { element.preferredWidth }

  /// Draws the label into the whole of `canvas`.
  func draw(in canvas: inout Canvas) { element.draw(in: &canvas) }
}
