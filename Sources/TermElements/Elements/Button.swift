/// A button: a title between brackets, with the action to run when it is pressed.
///
/// A button that is not enabled never runs its action; its row is skipped by the selection
/// and drawn with the table's ``Table/disabledStyle``.
///
/// ```swift
/// let save = ElementOfButtonWithAction(props: ButtonProps(title: "Save") { store.save() })
/// let send = ElementOfButtonWithAction(props: ButtonProps(title: "Send", isEnabled: false) {})
/// ```
public enum Button: ActionElementView {
  /// The button's props.
  public typealias Props = ButtonProps

  /// One line.
  public static func height(of props: ButtonProps, styles: Style, width: Int) -> Int { 1 }

  /// The title and its brackets.
  public static func preferredWidth(of props: ButtonProps, styles: Style) -> Int? {
    DisplayText.width(of: props.title) + 4
  }

  /// Runs the button's action, when it is enabled.
  public static func perform(_ props: ButtonProps) {
    guard props.isEnabled else { return }
    props.action()
  }

  /// Whether the button is enabled.
  public static func isEnabled(_ props: ButtonProps) -> Bool { props.isEnabled }

  /// Draws `[ Title ]`, cutting the title with `…` when the width is short.
  public static func draw(_ props: ButtonProps, styles: Style, in canvas: inout Canvas) {
    let room = max(0, canvas.size.width - 4)
    let title = TextLayout.truncate(
      DisplayText.singleLine(of: props.title, glyphs: canvas.glyphs), width: room,
      ellipsis: canvas.glyphs.ellipsis)
    var x = canvas.write("[ ", at: .zero, style: styles)
    x += canvas.write(title, at: Point(x: x, y: 0), style: styles)
    canvas.write(" ]", at: Point(x: x, y: 0), style: styles)
  }
}

/// A button's title and action.
public struct ButtonProps: Equatable, Sendable {
  /// The text on the button.
  public var title: String
  /// What pressing the button does; it takes no part in equality.
  public var action: Action
  /// Whether the button can be pressed; a disabled one is dimmed and skipped.
  public var isEnabled: Bool

  /// Makes button props.
  public init(
    title: String, isEnabled: Bool = true, action: @escaping @MainActor @Sendable () -> Void
  ) {
    self.title = title
    self.isEnabled = isEnabled
    self.action = Action(action)
  }
}
