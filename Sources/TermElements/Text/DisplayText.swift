/// The one sanitizing path from untrusted text to glyphs a terminal can show.
///
/// Tabs expand to spaces up to the next tab stop. Control characters are shown in caret
/// notation (`^[` for an escape, `^?` for delete), as `less` shows them, and format, separator
/// and unassigned characters as `<U+202E>`. A combining mark with nothing to combine with gets a
/// dotted circle to sit on. Every replacement is flagged so that it can be drawn distinctly.
///
/// ```swift
/// DisplayText.lines(of: "a\u{1B}[31mb\nc").map { String($0.map(\.character)) }
/// // ["a^[[31mb", "c"]
/// ```
public enum DisplayText {
  /// Columns between tab stops.
  public static let tabWidth = 8

  /// The text's lines as glyphs: line feeds break lines, everything else is made printable.
  public static func lines(of text: String, glyphs: GlyphSet = .unicode) -> [[Glyph]] {
    var lines: [[Glyph]] = []
    var line: [Glyph] = []
    var column = 0
    line.reserveCapacity(text.utf8.count)
    for character in text {
      if character == "\n" || character == "\r\n" {
        lines.append(line)
        line = []
        column = 0
        continue
      }
      column += append(character, column: column, to: &line, glyphs: glyphs)
    }
    lines.append(line)
    return lines
  }

  /// The text as one line of glyphs: line feeds, too, are shown in caret notation.
  public static func singleLine(of text: String, glyphs: GlyphSet = .unicode) -> [Glyph] {
    var line: [Glyph] = []
    var column = 0
    line.reserveCapacity(text.utf8.count)
    for character in text {
      if character == "\r\n" {
        column += appendCaret(0x0D, to: &line)
        column += appendCaret(0x0A, to: &line)
        continue
      }
      column += append(character, column: column, to: &line, glyphs: glyphs)
    }
    return line
  }

  /// Columns the text takes on one line once made printable.
  ///
  /// ```swift
  /// DisplayText.width(of: "日本")  // 4
  /// ```
  public static func width(of text: String) -> Int {
    singleLine(of: text).reduce(0) { $0 + $1.width }
  }

  /// Appends the glyphs for one grapheme cluster and returns the columns they take.
  private static func append(
    _ character: Character, column: Int, to line: inout [Glyph], glyphs: GlyphSet
  ) -> Int {
    if let ascii = character.asciiValue {
      switch ascii {
      case 0x20...0x7E:
        line.append(Glyph(character, width: 1))
        return 1
      case 0x09:
        let spaces = tabWidth - column % tabWidth
        line.append(contentsOf: repeatElement(.space, count: spaces))
        return spaces
      default:
        return appendCaret(ascii, to: &line)
      }
    }
    let scalars = character.unicodeScalars
    let first = scalars.first!
    switch first.properties.generalCategory {
    case .control:
      return appendCaret(first.value, to: &line)
    case .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate:
      return appendCodePoint(of: character, to: &line)
    default:
      break
    }
    // Format characters riding on a visible one, such as tag characters, could hide text.
    if scalars.dropFirst().contains(where: { isHidden($0, after: first) }) {
      var visible = String.UnicodeScalarView()
      visible.append(contentsOf: scalars.filter { !isHidden($0, after: first) })
      var columns = 0
      for part in String(visible) {
        columns += append(part, column: column + columns, to: &line, glyphs: glyphs)
      }
      for scalar in scalars where isHidden(scalar, after: first) {
        columns += appendCodePoint(ofScalar: scalar.value, to: &line)
      }
      return columns
    }
    let width = TerminalWidth.of(character)
    if width == 0 {
      var combined = String(glyphs.combiningBase)
      combined.unicodeScalars.append(contentsOf: scalars)
      line.append(Glyph(Character(combined), width: 1, isReplacement: true))
      return 1
    }
    line.append(Glyph(character, width: width))
    return width
  }

  /// Whether a scalar inside a cluster would be invisible and so must be shown as a code point:
  /// a format character other than the joiners, or a tag character outside a flag sequence.
  private static func isHidden(_ scalar: Unicode.Scalar, after base: Unicode.Scalar) -> Bool {
    guard scalar.properties.generalCategory == .format else { return false }
    switch scalar.value {
    case 0x200C, 0x200D: return false
    case 0xE0020...0xE007F: return base.value != 0x1F3F4
    default: return true
    }
  }

  /// Appends `^X` for a C0 control or delete, or `<U+0085>` for a C1 control.
  private static func appendCaret(_ value: some BinaryInteger, to line: inout [Glyph]) -> Int {
    let code = UInt32(value)
    guard code < 0x20 || code == 0x7F else {
      return appendCodePoint(ofScalar: code, to: &line)
    }
    let shown = Character(Unicode.Scalar(UInt8(code ^ 0x40)))
    line.append(Glyph("^", width: 1, isReplacement: true))
    line.append(Glyph(shown, width: 1, isReplacement: true))
    return 2
  }

  /// Appends `<U+XXXX>` for every scalar of an unprintable cluster.
  private static func appendCodePoint(of character: Character, to line: inout [Glyph]) -> Int {
    character.unicodeScalars.reduce(0) { $0 + appendCodePoint(ofScalar: $1.value, to: &line) }
  }

  /// Appends `<U+XXXX>` for one scalar.
  private static func appendCodePoint(ofScalar value: UInt32, to line: inout [Glyph]) -> Int {
    var hex = String(value, radix: 16, uppercase: true)
    if hex.count < 4 { hex = String(repeating: "0", count: 4 - hex.count) + hex }
    let text = "<U+\(hex)>"
    for character in text {
      line.append(Glyph(character, width: 1, isReplacement: true))
    }
    return text.count
  }
}
