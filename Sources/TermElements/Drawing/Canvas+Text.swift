extension Canvas {
  /// Writes text on one line from `point`, cut with the glyph set's ellipsis to fit `width`
  /// columns, and returns the columns it took. It costs what `width` columns show, however
  /// long the text.
  ///
  /// ```swift
  /// static func draw(_ name: String, styles: Style, in canvas: inout Canvas) {
  ///   canvas.write(name, at: .zero, width: 10, style: styles)  // "A very lo…"
  /// }
  /// ```
  @discardableResult
  public mutating func write(_ text: String, at point: Point, width: Int, style: Style = .plain)
    -> Int
  {
    // Printable ASCII that fits needs no cutting: it goes straight from its bytes.
    if width > 0, let columns = writePlainASCII(text, at: point, fitting: width, style: style) {
      return columns
    }
    // Only the beginning can show; what follows it is one more ellipsis than fits.
    let shown = BoundedText.prefix(
      of: text, columns: width,
      more: String(repeating: String(context.glyphs.ellipsis), count: max(0, width) + 1))
    let glyphs = TextLayout.truncate(
      DisplayText.singleLine(of: shown, glyphs: context.glyphs), width: max(0, width),
      ellipsis: context.glyphs.ellipsis)
    return write(glyphs, at: point, style: style)
  }
}

extension String {
  /// The columns the string takes on one line of a terminal, as TermElements draws it: wide
  /// characters take two, combining marks none, and control characters their visible
  /// replacements.
  ///
  /// ```swift
  /// "東京".terminalWidth  // 4
  /// ```
  public var terminalWidth: Int { DisplayText.width(of: self) }
}
