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
  /// The marks, as stored.
  private struct Marks: Equatable, Sendable {
    var ellipsis: Character
    var horizontalLine: Character
    var spinnerFrames: [Character]
    var combiningBase: Character
    var mask: Character
    var disclosureIndicator: Character
    var checkmark: Character
  }

  /// The marks, shared by every copy until one is changed: the set travels with every canvas
  /// a frame draws through, and a copy costs one reference rather than eight.
  private final class Storage: Equatable, Sendable {
    let marks: Marks
    init(_ marks: Marks) { self.marks = marks }

    /// The same marks; storage shared by copies of one set has them at once.
    static func == (lhs: Storage, rhs: Storage) -> Bool {
      lhs === rhs || lhs.marks == rhs.marks
    }
  }

  private var storage: Storage

  /// Marks text cut short. It should take one column; whatever it is, it is drawn as
  /// `DisplayText` would draw it, and room is made for the columns that takes.
  public var ellipsis: Character {
    get { storage.marks.ellipsis }
    set { change { $0.ellipsis = newValue } }
  }
  /// Draws separators. It should take one column; a wider one is repeated as far as it fits.
  public var horizontalLine: Character {
    get { storage.marks.horizontalLine }
    set { change { $0.horizontalLine = newValue } }
  }
  /// The frames of an activity indicator, one column each; each is drawn as `DisplayText`
  /// would draw it.
  public var spinnerFrames: [Character] {
    get { storage.marks.spinnerFrames }
    set { change { $0.spinnerFrames = newValue } }
  }
  /// Stands before a lone combining mark so that the mark has something to sit on.
  ///
  /// It must be one printable scalar that takes a column or two; otherwise a lone mark is
  /// shown as its code point, such as `<U+0301>`.
  public var combiningBase: Character {
    get { storage.marks.combiningBase }
    set { change { $0.combiningBase = newValue } }
  }
  /// Stands for each character of a secure text field's value.
  public var mask: Character {
    get { storage.marks.mask }
    set { change { $0.mask = newValue } }
  }
  /// Marks a row that leads somewhere: ``RowAccessory/disclosureIndicator``.
  public var disclosureIndicator: Character {
    get { storage.marks.disclosureIndicator }
    set { change { $0.disclosureIndicator = newValue } }
  }
  /// Marks a chosen row: ``RowAccessory/checkmark``.
  public var checkmark: Character {
    get { storage.marks.checkmark }
    set { change { $0.checkmark = newValue } }
  }

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
    storage = Storage(
      Marks(
        ellipsis: ellipsis, horizontalLine: horizontalLine, spinnerFrames: spinnerFrames,
        combiningBase: combiningBase, mask: mask, disclosureIndicator: disclosureIndicator,
        checkmark: checkmark))
  }

  /// Changes a mark: the marks are copied into storage of this set's own.
  private mutating func change(_ body: (inout Marks) -> Void) {
    var marks = storage.marks
    body(&marks)
    storage = Storage(marks)
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
