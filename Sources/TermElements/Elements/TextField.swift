/// A one-line text field: its text, or a dim placeholder when empty, on an underlined line.
///
/// ```swift
/// let search = ElementOfTextField(props: TextFieldProps(text: nil, placeholder: "Search"))
/// ```
public enum TextField: ElementView {
  /// The field's props.
  public typealias Props = TextFieldProps

  /// One line.
  public static func height(of props: TextFieldProps, styles: Style, width: Int) -> Int { 1 }

  /// Draws the text, or the placeholder, on an underlined line; a long text shows its end.
  public static func draw(_ props: TextFieldProps, styles: Style, in canvas: inout Canvas) {
    let field = Style(attributes: .underline).over(styles)
    canvas.repeatCharacter(" ", at: .zero, width: canvas.size.width, style: field)
    if let text = props.text, !text.isEmpty {
      var glyphs = DisplayText.singleLine(of: text, glyphs: canvas.glyphs)
      while TextLayout.columns(glyphs) > canvas.size.width - 1, !glyphs.isEmpty {
        glyphs.removeFirst()
      }
      canvas.write(glyphs, at: .zero, style: field)
    } else if let placeholder = props.placeholder {
      let glyphs = TextLayout.truncate(
        DisplayText.singleLine(of: placeholder, glyphs: canvas.glyphs), width: canvas.size.width,
        ellipsis: canvas.glyphs.ellipsis)
      canvas.write(glyphs, at: .zero, style: Style(attributes: .dim).over(field))
    }
  }
}

/// A text field's text and placeholder.
public struct TextFieldProps: Equatable, Sendable {
  /// The text typed so far, if any.
  public var text: String?
  /// What the field shows while it is empty.
  public var placeholder: String?

  /// Makes text field props.
  public init(text: String? = nil, placeholder: String? = nil) {
    self.text = text
    self.placeholder = placeholder
  }
}
