/// One terminal cell's worth of text: the character drawn there and the columns it takes.
///
/// Glyphs come out of `DisplayText`, the one path by which text reaches a cell, so a glyph
/// made there is always safe to draw: never a control character, never a raw escape sequence,
/// and never more than one spacing character, because a terminal gives each its own cell. A
/// grapheme cluster such as `कि` therefore becomes two glyphs, the second marked
/// ``continuesCluster`` so that layout keeps them together. A glyph made by hand is checked
/// again when it is drawn on a ``Canvas``.
///
/// ```swift
/// DisplayText.singleLine(of: "日a").map(\.width)  // [2, 1]
/// ```
package struct Glyph: Equatable, Sendable {
  /// The character to draw: one spacing scalar and the zero-width scalars that ride on it, or
  /// one emoji sequence.
  package var character: Character
  /// Columns the glyph takes: 1 or 2 (0 never reaches a cell).
  package var width: Int
  /// Whether the glyph stands in for something unprintable, such as `^[` for an escape.
  package var isReplacement: Bool
  /// Whether the glyph is a later cell of the grapheme cluster that the glyph before it began,
  /// such as the vowel sign of `कि`: wrapping and truncation cut text before it, never at it.
  package var continuesCluster: Bool

  /// Makes a glyph.
  ///
  /// ```swift
  /// let marker = Glyph("»", width: 1)
  /// ```
  package init(
    _ character: Character, width: Int, isReplacement: Bool = false,
    continuesCluster: Bool = false
  ) {
    self.character = character
    self.width = width
    self.isReplacement = isReplacement
    self.continuesCluster = continuesCluster
  }

  /// A blank one-column glyph.
  package static let space = Glyph(" ", width: 1)
}

/// The characters the renderer draws for its own marks, in a Unicode and an ASCII variant.
///
/// ```swift
/// var glyphs = GlyphSet.unicode
/// glyphs.ellipsis = "»"
/// ```
public struct GlyphSet: Equatable, Sendable {
  /// Marks text cut short. It should take one column; whatever it is, it is drawn as
  /// `DisplayText` would draw it, and room is made for the columns that takes.
  public var ellipsis: Character
  /// Draws separators. It should take one column; a wider one is repeated as far as it fits.
  public var horizontalLine: Character
  /// The frames of an activity indicator, one column each; each is drawn as `DisplayText`
  /// would draw it.
  public var spinnerFrames: [Character]
  /// Stands before a lone combining mark so that the mark has something to sit on.
  ///
  /// It must be one printable scalar that takes a column or two; otherwise a lone mark is
  /// shown as its code point, such as `<U+0301>`.
  public var combiningBase: Character
  /// Stands for each character of a secure text field's value.
  public var mask: Character
  /// Marks a row that leads somewhere: ``RowAccessory/disclosureIndicator``.
  public var disclosureIndicator: Character
  /// Marks a chosen row: ``RowAccessory/checkmark``.
  public var checkmark: Character

  /// Makes a glyph set; the marks not given are the Unicode ones.
  public init(
    ellipsis: Character,
    horizontalLine: Character,
    spinnerFrames: [Character],
    combiningBase: Character,
    mask: Character = "•",
    disclosureIndicator: Character = "›",
    checkmark: Character = "✓"
  ) {
    self.ellipsis = ellipsis
    self.horizontalLine = horizontalLine
    self.spinnerFrames = spinnerFrames
    self.combiningBase = combiningBase
    self.mask = mask
    self.disclosureIndicator = disclosureIndicator
    self.checkmark = checkmark
  }

  /// Box-drawing lines, `…`, braille spinner frames, `•` masks, `›` and `✓`: for UTF-8
  /// terminals.
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
    combiningBase: " ",
    mask: "*",
    disclosureIndicator: ">",
    checkmark: "x"
  )
}
