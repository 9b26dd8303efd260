/// One grapheme cluster as it will sit in the terminal: the character and the columns it takes.
///
/// Glyphs come out of ``DisplayText``, the one path by which text reaches a cell, so a glyph is
/// always safe to draw: never a control character, never a raw escape sequence.
public struct Glyph: Equatable, Sendable {
  /// The grapheme cluster to draw.
  public var character: Character
  /// Columns the glyph takes: 1 or 2 (0 never reaches a cell).
  public var width: Int
  /// Whether the glyph stands in for something unprintable, such as `^[` for an escape.
  public var isReplacement: Bool

  /// Makes a glyph.
  public init(_ character: Character, width: Int, isReplacement: Bool = false) {
    self.character = character
    self.width = width
    self.isReplacement = isReplacement
  }

  /// A blank one-column glyph.
  public static let space = Glyph(" ", width: 1)
}

/// The characters the renderer draws for its own marks, in a Unicode and an ASCII variant.
///
/// ```swift
/// var glyphs = GlyphSet.unicode
/// glyphs.ellipsis = "»"
/// ```
public struct GlyphSet: Equatable, Sendable {
  /// Marks text cut short. It takes one column.
  public var ellipsis: Character
  /// Draws separators. It takes one column.
  public var horizontalLine: Character
  /// The frames of an activity indicator, one column each.
  public var spinnerFrames: [Character]
  /// Stands before a lone combining mark so that the mark has something to sit on.
  public var combiningBase: Character

  /// Makes a glyph set.
  public init(
    ellipsis: Character,
    horizontalLine: Character,
    spinnerFrames: [Character],
    combiningBase: Character
  ) {
    self.ellipsis = ellipsis
    self.horizontalLine = horizontalLine
    self.spinnerFrames = spinnerFrames
    self.combiningBase = combiningBase
  }

  /// Box-drawing lines, `…` and braille spinner frames: for UTF-8 terminals.
  public static let unicode = GlyphSet(
    ellipsis: "…",
    horizontalLine: "─",
    spinnerFrames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
    combiningBase: "◌"
  )

  /// Plain ASCII marks, for terminals that cannot show Unicode.
  public static let ascii = GlyphSet(
    ellipsis: "~",
    horizontalLine: "-",
    spinnerFrames: ["|", "/", "-", "\\"],
    combiningBase: " "
  )
}
