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
  ///
  /// The styles are packed in one word, so that a label element (its text and these styles)
  /// fits an ``Element`` without a heap allocation of its own.
  public struct Styles: Equatable, Sendable {
    /// The packed styles: the style's 34 bits (see `Style.bits`), then 2 bits of alignment,
    /// 1 of line break mode and 27 of line limit, a signed number. All zero is a plain label.
    private var bits: UInt64 = 0

    /// Where the alignment's bits start.
    private static let alignmentShift: UInt64 = 34
    /// Where the line break mode's bit is.
    private static let lineBreakShift: UInt64 = 36
    /// Where the line limit's bits start: they run to the top of the word.
    private static let linesShift: UInt64 = 37
    /// The largest line limit kept; ``numberOfLines`` is kept between its negative and it.
    static let maxNumberOfLines = 1 << 26 - 1

    /// Colours and attributes of the text.
    public var style: Style {
      get { Style(bits: bits) }
      set { bits = bits & ~(1 << Self.alignmentShift - 1) | newValue.bits }
    }

    /// Where each line sits within the width.
    public var alignment: TextAlignment {
      get {
        switch bits >> Self.alignmentShift & 3 {
        case 0: .left
        case 1: .center
        default: .right
        }
      }
      set {
        let code: UInt64 =
          switch newValue {
          case .left: 0
          case .center: 1
          case .right: 2
          }
        bits = bits & ~(3 << Self.alignmentShift) | code << Self.alignmentShift
      }
    }

    /// The most lines to show, the last one cut with `…`; 0 shows every line.
    ///
    /// It is kept between -67,108,863 and 67,108,863 (2^26 - 1): a limit further from 0 is
    /// kept as the nearer of the two.
    public var numberOfLines: Int {
      get { Int(truncatingIfNeeded: bits) >> Self.linesShift }
      set {
        let kept = min(max(newValue, -Self.maxNumberOfLines), Self.maxNumberOfLines)
        bits =
          bits & (1 << Self.linesShift - 1) | UInt64(bitPattern: Int64(kept)) << Self.linesShift
      }
    }

    /// Whether long lines wrap between words or are cut with `…`.
    public var lineBreakMode: LineBreakMode {
      get { bits >> Self.lineBreakShift & 1 == 0 ? .wordWrap : .truncateTail }
      set {
        let code: UInt64 = newValue == .wordWrap ? 0 : 1
        bits = bits & ~(1 << Self.lineBreakShift) | code << Self.lineBreakShift
      }
    }

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
    DisplayText.isPlainASCII(bytes, fitting: width)
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
