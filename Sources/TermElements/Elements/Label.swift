/// Text that wraps onto as many lines as it needs, or is cut with `…`.
///
/// ```swift
/// let title = ElementOfLabel(props: "Yay!").styles {
///   $0.alignment = .center
///   $0.numberOfLines = 1
/// }
/// ```
public enum Label: ElementView {
  /// The text to show.
  public typealias Props = String

  /// How a label looks.
  public struct Styles: Equatable, Sendable {
    /// Colours and attributes of the text.
    public var style: Style = .plain
    /// Where each line sits within the width.
    public var alignment: TextAlignment = .left
    /// The most lines to show, the last one cut with `…`; 0 shows every line.
    public var numberOfLines: Int = 0
    /// Whether long lines wrap between words or are cut with `…`.
    public var lineBreakMode: LineBreakMode = .wordWrap

    /// The look of a plain label: left aligned, wrapping, every line shown.
    public init() {}
  }

  /// A plain label.
  public static var defaultStyles: Styles { Styles() }

  /// The lines the text needs at `width`.
  public static func height(of text: String, styles: Styles, width: Int) -> Int {
    if width > 0, fitsAsPlainASCII(text, width: width) { return 1 }
    return lines(of: text, styles: styles, width: width, glyphs: .unicode).count
  }

  /// Whether the text is printable ASCII that fits on one line: then it needs no layout.
  static func fitsAsPlainASCII(_ text: String, width: Int) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { fitsAsPlainASCII($0, width: width) }
      ?? fitsAsPlainASCII(Array(text.utf8), width: width)
  }

  /// Whether the bytes are printable ASCII that fits in `width` columns.
  static func fitsAsPlainASCII(_ bytes: some Collection<UInt8>, width: Int) -> Bool {
    bytes.count <= width && bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// The widest line of the text.
  public static func preferredWidth(of text: String, styles: Styles) -> Int? {
    TextLayout.naturalWidth(of: text)
  }

  /// Draws the text's lines from the top, aligned within the width.
  public static func draw(_ text: String, styles: Styles, in canvas: inout Canvas) {
    let width = canvas.size.width
    // Printable ASCII that fits is written straight from the string's bytes.
    let wroteASCII = text.utf8.withContiguousStorageIfAvailable { bytes in
      guard canvas.size.height > 0, fitsAsPlainASCII(bytes, width: width) else { return false }
      let free = width - bytes.count
      let x =
        switch styles.alignment {
        case .left: 0
        case .center: free / 2
        case .right: free
        }
      canvas.writeASCII(bytes, at: Point(x: x, y: 0), style: styles.style)
      return true
    }
    if wroteASCII == true { return }
    let laidOut = lines(of: text, styles: styles, width: width, glyphs: canvas.glyphs)
    for (y, line) in laidOut.prefix(canvas.size.height).enumerated() {
      let free = width - TextLayout.columns(line)
      let x =
        switch styles.alignment {
        case .left: 0
        case .center: free / 2
        case .right: free
        }
      canvas.write(line, at: Point(x: x, y: y), style: styles.style)
    }
  }

  /// The text laid out at `width` as the styles say.
  ///
  /// With a limit on lines, only what those lines can show is laid out: a megabyte on one line
  /// costs what the line shows.
  static func lines(of text: String, styles: Styles, width: Int, glyphs: GlyphSet) -> [[Glyph]] {
    let shown =
      styles.numberOfLines > 0
      ? BoundedText.prefix(
        of: text, columns: min(styles.numberOfLines, 1 << 20) * (min(max(0, width), 1 << 20) + 1),
        more: "\n" + String(glyphs.ellipsis))
      : text
    return TextLayout.lines(
      of: shown, width: width, maxLines: styles.numberOfLines, mode: styles.lineBreakMode,
      glyphs: glyphs)
  }
}
