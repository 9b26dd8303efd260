/// A one-line text field: its text, or a dim placeholder when empty, on an underlined line.
///
/// Enter on its row starts editing; Enter or Tab commits, Esc cancels. The text being edited
/// lives in the controller, which calls `onChange` after each edit and `onCommit` at the end.
/// A secure field (``TextFieldProps/isSecure``) shows a mask for each character, at rest and
/// while editing; its value is only ever given to `onChange` and `onCommit`.
///
/// ```swift
/// let search = ElementOfTextField(props: TextFieldProps(text: nil, placeholder: "Search"))
/// let secret = ElementOfTextField(props: TextFieldProps(placeholder: "PIN", isSecure: true))
/// ```
public enum TextField: EditableElementView {
  /// The field's props.
  public typealias Props = TextFieldProps

  /// One line.
  public static func height(of props: TextFieldProps, styles: Style, width: Int) -> Int { 1 }

  /// The field's text.
  public static func text(of props: TextFieldProps) -> String { props.text ?? "" }

  /// The props with `text` being edited.
  public static func editing(_ props: TextFieldProps, text: String, cursor: Int) -> TextFieldProps {
    var copy = props
    copy.text = text
    copy.cursor = cursor
    return copy
  }

  /// Calls `onChange`.
  public static func textDidChange(_ props: TextFieldProps, to text: String) {
    props.onChange?.run(text)
  }

  /// Calls `onCommit`.
  public static func textDidCommit(_ props: TextFieldProps, text: String) {
    props.onCommit?.run(text)
  }

  /// Draws the text (a mask for each character of a secure field), or the placeholder, on an
  /// underlined line. While the field is being edited the cursor shows in reverse video and
  /// the text scrolls to keep it in view; otherwise a long text shows its end. An empty field
  /// shows its placeholder while it is edited too, with the cursor on its first cell.
  public static func draw(_ props: TextFieldProps, styles: Style, in canvas: inout Canvas) {
    let field = Style(attributes: .underline).over(styles)
    let width = canvas.size.width
    canvas.repeatCharacter(" ", at: .zero, width: width, style: field)
    let text = props.text ?? ""
    if text.isEmpty, let placeholder = props.placeholder, !placeholder.isEmpty {
      let glyphs = TextLayout.truncate(
        DisplayText.singleLine(of: placeholder, glyphs: canvas.glyphs), width: width,
        ellipsis: canvas.glyphs.ellipsis)
      let dim = Style(attributes: .dim).over(field)
      canvas.write(glyphs, at: .zero, style: dim)
      if props.cursor != nil, let first = glyphs.first {
        canvas.write([first], at: .zero, style: dim.toggling(.reverse))
      }
      return
    }
    let characters = Array(text)
    let cursor = min(props.cursor ?? characters.count, characters.count)
    let mask = DisplayText.singleLine(of: String(canvas.glyphs.mask), glyphs: canvas.glyphs)
    let glyphs =
      props.isSecure
      ? characters.map { _ in mask }
      : characters.map { DisplayText.singleLine(of: String($0), glyphs: canvas.glyphs) }
    // The first character shown: as far left as keeps the cursor cell inside the width.
    var first = 0
    var used = glyphs[..<cursor].reduce(0) { $0 + TextLayout.columns($1) } + 1
    while used > width && first < cursor {
      used -= TextLayout.columns(glyphs[first])
      first += 1
    }
    var x = 0
    for index in first..<characters.count {
      let columns = TextLayout.columns(glyphs[index])
      if x + columns > width { break }
      let style = index == cursor && props.cursor != nil ? field.toggling(.reverse) : field
      x += canvas.write(glyphs[index], at: Point(x: x, y: 0), style: style)
    }
    if props.cursor != nil && cursor == characters.count && x < width {
      canvas.write([.space], at: Point(x: x, y: 0), style: field.toggling(.reverse))
    }
  }
}

/// A text field's text and placeholder.
public struct TextFieldProps: Equatable, Sendable {
  /// The text typed so far, if any.
  public var text: String?
  /// What the field shows while it is empty.
  public var placeholder: String?
  /// Where the cursor is, in characters, while the field is being edited; `nil` otherwise.
  public var cursor: Int?
  /// What to do with the new text after each edit; it takes no part in equality.
  public var onChange: TextAction?
  /// What to do with the text when editing ends with Enter or Tab; it takes no part in
  /// equality.
  public var onCommit: TextAction?
  /// Whether the field hides its text behind a mask (`•`, or `*` in ASCII), one for each
  /// character, as a password field does.
  public var isSecure: Bool

  /// Makes text field props.
  public init(
    text: String? = nil, placeholder: String? = nil, cursor: Int? = nil,
    isSecure: Bool = false, onChange: TextAction? = nil, onCommit: TextAction? = nil
  ) {
    self.text = text
    self.placeholder = placeholder
    self.cursor = cursor
    self.isSecure = isSecure
    self.onChange = onChange
    self.onCommit = onCommit
  }
}

/// Code to run on the main actor with a text field's new text.
///
/// Like ``Action`` it takes no part in equality.
///
/// ```swift
/// let search = TextFieldProps(placeholder: "Search", onChange: TextAction { query = $0 })
/// ```
public struct TextAction: Equatable, Sendable {
  /// The code to run.
  package let run: @MainActor @Sendable (String) -> Void

  /// Makes a text action.
  public init(_ run: @escaping @MainActor @Sendable (String) -> Void) {
    self.run = run
  }

  /// Always `true`: actions do not change how a table looks.
  public static func == (lhs: TextAction, rhs: TextAction) -> Bool { true }
}
