/// A view whose element does something when its row is chosen with Enter or a click, as a
/// button does.
///
/// ```swift
/// enum Bell: ActionElementView {
///   static func height(of ring: Action, styles: Style, width: Int) -> Int { 1 }
///   static func draw(_ ring: Action, styles: Style, in canvas: inout Canvas) {
///     canvas.write("[ring]", at: .zero, style: styles)
///   }
///   static func perform(_ ring: Action) { ring() }
/// }
/// ```
public protocol ActionElementView: ElementView {
  /// Runs when the element's row is chosen.
  @MainActor static func perform(_ props: Props)
}

/// A view whose element edits a line of text when its row is chosen, as a text field does.
///
/// The controller keeps the text being edited and its cursor in its own state, keyed by the
/// row's identity, and draws the element with ``editing(_:text:cursor:)``; the app hears of
/// the text through ``textDidChange(_:to:)`` and ``textDidCommit(_:text:)``, so that a table
/// rebuilt from the app's data during editing keeps the edit.
public protocol EditableElementView: ElementView {
  /// The text editing starts from.
  static func text(of props: Props) -> String

  /// The props that show `text` being edited with the cursor at `cursor` (in characters).
  static func editing(_ props: Props, text: String, cursor: Int) -> Props

  /// Called after each edit with the new text.
  @MainActor static func textDidChange(_ props: Props, to text: String)

  /// Called when editing ends with Enter or Tab.
  @MainActor static func textDidCommit(_ props: Props, text: String)
}

extension EditableElementView {
  /// By default committing does nothing more than the changes did.
  @MainActor public static func textDidCommit(_ props: Props, text: String) {}
}

/// An element that reacts to being chosen: the type-erased side of ``ActionElementView``.
protocol PerformingElement {
  /// Runs the element's action.
  @MainActor func perform()
}

/// An element that edits text: the type-erased side of ``EditableElementView``.
protocol EditingElement {
  /// The text editing starts from.
  var editableText: String { get }
  /// The element showing `text` being edited with the cursor at `cursor`.
  func editing(text: String, cursor: Int) -> Element
  /// Tells the app of new text.
  @MainActor func textDidChange(to text: String)
  /// Tells the app editing ended with `text`.
  @MainActor func textDidCommit(text: String)
}

extension ElementOf: PerformingElement where View: ActionElementView {
  @MainActor func perform() { View.perform(props) }
}

extension ElementOf: EditingElement where View: EditableElementView {
  var editableText: String { View.text(of: props) }

  func editing(text: String, cursor: Int) -> Element {
    var copy = self
    copy.props = View.editing(props, text: text, cursor: cursor)
    return Element(copy)
  }

  @MainActor func textDidChange(to text: String) { View.textDidChange(props, to: text) }

  @MainActor func textDidCommit(text: String) { View.textDidCommit(props, text: text) }
}

extension Element {
  /// The element's action, if it has one.
  var performing: (any PerformingElement)? { base as? any PerformingElement }

  /// The element's editing, if it edits text.
  var editing: (any EditingElement)? { base as? any EditingElement }
}
