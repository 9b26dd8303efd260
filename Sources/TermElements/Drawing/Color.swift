/// A terminal colour: one of the 16 named ANSI colours or an entry of the 256-colour palette.
///
/// The named colours are the palette's first 16 entries, so `.palette(9) == .brightRed`.
///
/// ```swift
/// let warning = Style(foreground: .yellow)
/// let slate = Style(background: .palette(60))
/// ```
public struct Color: Hashable, Sendable {
  /// The colour's index in the 256-colour palette.
  public let index: UInt8

  /// The palette entry `index`; entries 0 to 15 are the named colours.
  public static func palette(_ index: UInt8) -> Color { Color(index: index) }

  /// ANSI colour 0.
  public static let black = Color(index: 0)
  /// ANSI colour 1.
  public static let red = Color(index: 1)
  /// ANSI colour 2.
  public static let green = Color(index: 2)
  /// ANSI colour 3.
  public static let yellow = Color(index: 3)
  /// ANSI colour 4.
  public static let blue = Color(index: 4)
  /// ANSI colour 5.
  public static let magenta = Color(index: 5)
  /// ANSI colour 6.
  public static let cyan = Color(index: 6)
  /// ANSI colour 7.
  public static let white = Color(index: 7)
  /// ANSI colour 8.
  public static let brightBlack = Color(index: 8)
  /// ANSI colour 9.
  public static let brightRed = Color(index: 9)
  /// ANSI colour 10.
  public static let brightGreen = Color(index: 10)
  /// ANSI colour 11.
  public static let brightYellow = Color(index: 11)
  /// ANSI colour 12.
  public static let brightBlue = Color(index: 12)
  /// ANSI colour 13.
  public static let brightMagenta = Color(index: 13)
  /// ANSI colour 14.
  public static let brightCyan = Color(index: 14)
  /// ANSI colour 15.
  public static let brightWhite = Color(index: 15)

  /// The named colours in palette order, so that `named[n]` is palette entry `n`.
  package static let named: [Color] = [
    .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white,
    .brightBlack, .brightRed, .brightGreen, .brightYellow,
    .brightBlue, .brightMagenta, .brightCyan, .brightWhite,
  ]

  /// The colour's index in the 256-colour palette, as an `Int`.
  package var paletteIndex: Int { Int(index) }

  /// The closest colour a terminal with `depth` can show, or `nil` on a monochrome terminal.
  ///
  /// Palette entries map to the nearest of the 16 named colours, and bright colours to
  /// their normal counterparts on an 8-colour terminal.
  ///
  /// ```swift
  /// Color.palette(196).degraded(to: .ansi16)  // .brightRed
  /// Color.brightRed.degraded(to: .ansi8)  // .red
  /// ```
  package func degraded(to depth: ColorDepth) -> Color? {
    let index = paletteIndex
    switch depth {
    case .monochrome:
      return nil
    case .palette256:
      return self
    case .ansi16:
      return Color.named[Color.nearestNamedIndex(toPaletteIndex: index)]
    case .ansi8:
      return Color.named[Color.nearestNamedIndex(toPaletteIndex: index) % 8]
    }
  }

  /// The RGB value xterm gives a palette entry.
  static func rgb(ofPaletteIndex index: Int) -> (r: Int, g: Int, b: Int) {
    switch index {
    case 0..<16:
      let table: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
      ]
      return table[index]
    case 16..<232:
      let levels = [0, 95, 135, 175, 215, 255]
      let cube = index - 16
      return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
    default:
      let grey = 8 + (index - 232) * 10
      return (grey, grey, grey)
    }
  }

  /// The named colour (0 to 15) nearest a palette entry, by squared RGB distance.
  static func nearestNamedIndex(toPaletteIndex index: Int) -> Int {
    if index < 16 { return index }
    let target = rgb(ofPaletteIndex: index)
    var best = 0
    var bestDistance = Int.max
    for candidate in 0..<16 {
      let rgb = rgb(ofPaletteIndex: candidate)
      let distance =
        (rgb.r - target.r) * (rgb.r - target.r) + (rgb.g - target.g) * (rgb.g - target.g)
        + (rgb.b - target.b) * (rgb.b - target.b)
      if distance < bestDistance {
        best = candidate
        bestDistance = distance
      }
    }
    return best
  }
}

/// How many colours a terminal can show.
public enum ColorDepth: Int, Comparable, Sendable, CaseIterable {
  /// No colour at all, only attributes such as bold and reverse.
  case monochrome = 0
  /// The 8 basic ANSI colours.
  case ansi8 = 8
  /// The 16 ANSI colours, bright ones included.
  case ansi16 = 16
  /// The xterm 256-colour palette.
  case palette256 = 256

  /// The depth of a terminal that reports `count` colours, as ncurses' `COLORS` does.
  ///
  /// ```swift
  /// ColorDepth(colorCount: 256)  // .palette256
  /// ColorDepth(colorCount: 0)  // .monochrome
  /// ```
  package init(colorCount count: Int) {
    switch count {
    case 256...: self = .palette256
    case 16..<256: self = .ansi16
    case 8..<16: self = .ansi8
    default: self = .monochrome
    }
  }

  /// Orders depths from fewest to most colours.
  public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
