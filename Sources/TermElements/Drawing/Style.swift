/// Text attributes a terminal cell can carry.
///
/// ```swift
/// let emphasis: TextAttributes = [.bold, .underline]
/// ```
public struct TextAttributes: OptionSet, Hashable, Sendable {
  /// The attributes' bits.
  public let rawValue: UInt8

  /// Makes a set of attributes from its bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold, or bright, text.
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// Dim, or faint, text.
  public static let dim = TextAttributes(rawValue: 1 << 1)
  /// Foreground and background swapped.
  public static let reverse = TextAttributes(rawValue: 1 << 2)
  /// Underlined text.
  public static let underline = TextAttributes(rawValue: 1 << 3)
}

/// How a cell looks: colours and attributes, and what to use instead when colours are missing.
///
/// A `nil` colour is the terminal's own default, so a style with no colours suits both
/// light and dark terminals.
///
/// ```swift
/// let title = Style(foreground: .brightWhite, attributes: .bold)
/// let badge = Style(foreground: .black, background: .palette(214), monochrome: .reverse)
/// ```
public struct Style: Hashable, Sendable {
  /// The text colour, or `nil` for the terminal's default.
  public var foreground: Color?
  /// The cell colour, or `nil` for the terminal's default.
  public var background: Color?
  /// Bold, dim, reverse and underline.
  public var attributes: TextAttributes
  /// Attributes added in place of the colours on a terminal without colours.
  ///
  /// A selection drawn with a blue background, for example, says `.reverse` here so that it
  /// still stands out on a monochrome terminal.
  public var monochrome: TextAttributes

  /// Makes a style.
  public init(
    foreground: Color? = nil,
    background: Color? = nil,
    attributes: TextAttributes = [],
    monochrome: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
    self.monochrome = monochrome
  }

  /// The terminal's default look: no colours, no attributes.
  public static let plain = Style()

  /// Styles are equal when their colours and attributes are: compared as one number, since
  /// frames compare styles cell by cell.
  @inlinable
  public static func == (lhs: Style, rhs: Style) -> Bool { lhs.bits == rhs.bits }

  /// The colours and attributes packed in one number: 9 bits a colour (set or not, and its
  /// index), 8 bits each set of attributes.
  @inlinable
  var bits: UInt64 {
    let foreground = self.foreground.map { UInt64($0.index) | 0x100 } ?? 0
    let background = self.background.map { UInt64($0.index) | 0x100 } ?? 0
    return foreground | background << 9 | UInt64(attributes.rawValue) << 18
      | UInt64(monochrome.rawValue) << 26
  }

  /// The style whose ``bits`` are `bits`; bits above the 34 that ``bits`` uses are ignored.
  @inlinable
  init(bits: UInt64) {
    foreground = bits & 0x100 != 0 ? .palette(UInt8(truncatingIfNeeded: bits)) : nil
    background = bits & 0x2_0000 != 0 ? .palette(UInt8(truncatingIfNeeded: bits >> 9)) : nil
    attributes = TextAttributes(rawValue: UInt8(truncatingIfNeeded: bits >> 18))
    monochrome = TextAttributes(rawValue: UInt8(truncatingIfNeeded: bits >> 26))
  }

  /// This style laid over `base`: colours set here win, attributes add up.
  ///
  /// ```swift
  /// let row = Style(background: .blue)
  /// Style(foreground: .white).over(row)  // white on blue
  /// ```
  package func over(_ base: Style) -> Style {
    Style(
      foreground: foreground ?? base.foreground,
      background: background ?? base.background,
      attributes: attributes.union(base.attributes),
      monochrome: monochrome.union(base.monochrome)
    )
  }

  /// The style as a terminal with `depth` can show it.
  ///
  /// Colours become their nearest available colour; on a monochrome terminal they are dropped
  /// and the ``monochrome`` attributes are added instead.
  ///
  /// ```swift
  /// Style(background: .blue, monochrome: .reverse).degraded(to: .monochrome)
  /// // Style(attributes: .reverse)
  /// ```
  package func degraded(to depth: ColorDepth) -> Style {
    if depth == .monochrome {
      let hadColor = foreground != nil || background != nil
      return Style(attributes: hadColor ? attributes.union(monochrome) : attributes)
    }
    return Style(
      foreground: foreground?.degraded(to: depth),
      background: background?.degraded(to: depth),
      attributes: attributes,
      monochrome: monochrome
    )
  }
}
