/// A terminal colour: one of the 16 named ANSI colours or an entry of the 256-colour palette.
///
/// ```swift
/// let warning = Style(foreground: .yellow)
/// let slate = Style(background: .palette(60))
/// ```
public enum Color: Equatable, Hashable, Sendable {
  /// ANSI colour 0.
  case black
  /// ANSI colour 1.
  case red
  /// ANSI colour 2.
  case green
  /// ANSI colour 3.
  case yellow
  /// ANSI colour 4.
  case blue
  /// ANSI colour 5.
  case magenta
  /// ANSI colour 6.
  case cyan
  /// ANSI colour 7.
  case white
  /// ANSI colour 8.
  case brightBlack
  /// ANSI colour 9.
  case brightRed
  /// ANSI colour 10.
  case brightGreen
  /// ANSI colour 11.
  case brightYellow
  /// ANSI colour 12.
  case brightBlue
  /// ANSI colour 13.
  case brightMagenta
  /// ANSI colour 14.
  case brightCyan
  /// ANSI colour 15.
  case brightWhite
  /// An entry of the xterm 256-colour palette; 0 to 15 are the named colours.
  case palette(UInt8)

  /// The named colours in palette order, so that `named[n]` is palette entry `n`.
  public static let named: [Color] = [
    .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white,
    .brightBlack, .brightRed, .brightGreen, .brightYellow,
    .brightBlue, .brightMagenta, .brightCyan, .brightWhite,
  ]

  /// The colour's index in the 256-colour palette.
  public var paletteIndex: Int {
    switch self {
    case .black: 0
    case .red: 1
    case .green: 2
    case .yellow: 3
    case .blue: 4
    case .magenta: 5
    case .cyan: 6
    case .white: 7
    case .brightBlack: 8
    case .brightRed: 9
    case .brightGreen: 10
    case .brightYellow: 11
    case .brightBlue: 12
    case .brightMagenta: 13
    case .brightCyan: 14
    case .brightWhite: 15
    case .palette(let index): Int(index)
    }
  }

  /// The closest colour a terminal with `depth` can show, or `nil` on a monochrome terminal.
  ///
  /// Palette entries map to the nearest of the 16 named colours, and bright colours to
  /// their normal counterparts on an 8-colour terminal.
  ///
  /// ```swift
  /// Color.palette(196).degraded(to: .ansi16)  // .brightRed
  /// Color.brightRed.degraded(to: .ansi8)      // .red
  /// ```
  public func degraded(to depth: ColorDepth) -> Color? {
    let index = paletteIndex
    switch depth {
    case .monochrome:
      return nil
    case .palette256:
      return index < 16 ? Color.named[index] : self
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
  /// ColorDepth(colorCount: 0)    // .monochrome
  /// ```
  public init(colorCount count: Int) {
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
