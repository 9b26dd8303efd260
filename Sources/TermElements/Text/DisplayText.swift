/// The one sanitizing path from untrusted text to glyphs a terminal can show.
///
/// Tabs expand to spaces up to the next tab stop. Control characters are shown in caret
/// notation (`^[` for an escape, `^?` for delete), as `less` shows them, and format, separator
/// and unassigned characters as `<U+202E>`. A combining mark with nothing to combine with gets a
/// dotted circle to sit on. Every replacement is flagged so that it can be drawn distinctly.
///
/// Each glyph is one terminal cell, one or two columns wide, as glibc's `wcwidth` (and so
/// ncurses and the terminal) counts it: a grapheme cluster with several spacing characters,
/// such as Devanagari `कि` or Thai `กำ`, becomes one glyph for each, and only an emoji
/// sequence such as `👨‍👩‍👧` stays one two-column glyph.
///
/// ```swift
/// DisplayText.lines(of: "a\u{1B}[31mb\nc").map { String($0.map(\.character)) }
/// // ["a^[[31mb", "c"]
/// ```
enum DisplayText {
  /// Columns between tab stops.
  static let tabWidth = 8

  /// The text's lines as glyphs: line feeds break lines, everything else is made printable.
  static func lines(of text: String, glyphs: GlyphSet = .unicode) -> [[Glyph]] {
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
  static func singleLine(of text: String, glyphs: GlyphSet = .unicode) -> [Glyph] {
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
  /// DisplayText.width(of: "कि")  // 2
  /// ```
  static func width(of text: String) -> Int {
    singleLine(of: text).reduce(0) { $0 + $1.width }
  }

  /// Whether the bytes are printable ASCII, at most `limit` of them: text that takes a column
  /// a byte and needs no sanitizing, written straight from its bytes.
  static func isPlainASCII(_ bytes: some Collection<UInt8>, fitting limit: Int) -> Bool {
    bytes.count <= limit && bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// The columns `character` takes when it is exactly one printable terminal cell, as a glyph
  /// from this path is; `nil` when it must go through ``cells(of:glyphs:)`` first.
  ///
  /// This is how a glyph made by hand is checked before it is drawn: its own width is not
  /// trusted.
  static func cellWidth(of character: Character) -> Int? {
    if let ascii = character.asciiValue {
      return ascii >= 0x20 && ascii < 0x7F ? 1 : nil
    }
    let scalars = character.unicodeScalars
    let first = scalars.first!
    if isUnprintable(first) {
      return nil
    }
    let width = TerminalWidth.of(first)
    guard width > 0 else { return nil }
    let rest = scalars.dropFirst()
    if rest.isEmpty {
      return width
    }
    if rest.contains(where: { isHidden($0, after: first) }) {
      return nil
    }
    if TerminalWidth.isEmojiSequence(scalars) {
      return 2
    }
    return rest.allSatisfy { TerminalWidth.of($0) == 0 } ? width : nil
  }

  /// The glyphs this path makes of one character on its own, a tab shown as `^I`: what is drawn
  /// for a hand-made glyph or a glyph-set mark that is not one printable cell.
  static func cells(of character: Character, glyphs: GlyphSet) -> [Glyph] {
    var line: [Glyph] = []
    switch character {
    case "\r\n":
      _ = appendCaret(0x0D, to: &line)
      _ = appendCaret(0x0A, to: &line)
    case "\t":
      _ = appendCaret(0x09, to: &line)
    default:
      _ = append(character, column: 0, to: &line, glyphs: glyphs)
    }
    return line
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
    let firstWidth = TerminalWidth.of(first)
    if scalars.index(after: scalars.startIndex) == scalars.endIndex {
      if firstWidth > 0 {
        line.append(Glyph(character, width: firstWidth))
        return firstWidth
      }
      return appendLoneMarks(scalars[...], to: &line, glyphs: glyphs)
    }
    if TerminalWidth.isEmojiSequence(scalars) {
      line.append(Glyph(character, width: 2))
      return 2
    }
    // The common cluster: one spacing scalar and the marks on it, one cell.
    let spacing = scalars.reduce(0) { $0 + (TerminalWidth.of($1) > 0 ? 1 : 0) }
    if spacing == 1 && firstWidth > 0 {
      line.append(Glyph(character, width: firstWidth))
      return firstWidth
    }
    return appendCells(of: scalars, to: &line, glyphs: glyphs)
  }

  /// Appends a cluster as the terminal lays it out: a cell for each spacing scalar, with the
  /// zero-width scalars after it; zero-width scalars before the first spacing one are lone marks.
  private static func appendCells(
    of scalars: Character.UnicodeScalarView, to line: inout [Glyph], glyphs: GlyphSet
  ) -> Int {
    var columns = 0
    var cellStart = scalars.startIndex
    var cellWidth = 0
    var isFirstCell = true
    func finishCell(at end: String.UnicodeScalarView.Index) {
      guard cellStart < end else { return }
      let cell = scalars[cellStart..<end]
      if cellWidth == 0 {
        columns += appendLoneMarks(cell, to: &line, glyphs: glyphs)
      } else {
        columns += appendCell(cell, width: cellWidth, continuesCluster: !isFirstCell, to: &line)
      }
      isFirstCell = false
    }
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let width = TerminalWidth.of(scalars[index])
      if width > 0 {
        finishCell(at: index)
        cellStart = index
        cellWidth = width
      }
      index = scalars.index(after: index)
    }
    finishCell(at: scalars.endIndex)
    return columns
  }

  /// Appends one cell: a spacing scalar of `width` columns and the zero-width scalars after it.
  private static func appendCell(
    _ cell: Substring.UnicodeScalarView, width: Int, continuesCluster: Bool,
    to line: inout [Glyph]
  ) -> Int {
    if let character = singleCharacter(cell) {
      line.append(Glyph(character, width: width, continuesCluster: continuesCluster))
      return width
    }
    // Scalars that do not make one grapheme cluster on their own: the spacing scalar alone,
    // and the rest shown as code points.
    line.append(
      Glyph(Character(cell.first!), width: width, continuesCluster: continuesCluster))
    return cell.dropFirst().reduce(width) { $0 + appendCodePoint(ofScalar: $1.value, to: &line) }
  }

  /// Appends zero-width scalars that have nothing to sit on: on the glyph set's combining base
  /// when that makes one printable cell, otherwise as code points.
  private static func appendLoneMarks(
    _ marks: Substring.UnicodeScalarView, to line: inout [Glyph], glyphs: GlyphSet
  ) -> Int {
    let base = glyphs.combiningBase.unicodeScalars
    if let scalar = base.first, base.count == 1, !isUnprintable(scalar) {
      let width = TerminalWidth.of(scalar)
      var combined = String.UnicodeScalarView()
      combined.append(scalar)
      combined.append(contentsOf: marks)
      if width > 0, let character = singleCharacter(combined[...]) {
        line.append(Glyph(character, width: width, isReplacement: true))
        return width
      }
    }
    return marks.reduce(0) { $0 + appendCodePoint(ofScalar: $1.value, to: &line) }
  }

  /// The scalars as one `Character`, or `nil` when they are not exactly one grapheme cluster.
  private static func singleCharacter(_ scalars: Substring.UnicodeScalarView) -> Character? {
    let text = Substring(scalars)
    guard let first = text.first, text.index(after: text.startIndex) == text.endIndex else {
      return nil
    }
    return first
  }

  /// Whether a scalar can never be drawn as it is: a control, format, separator, unassigned or
  /// surrogate code point.
  private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    if TerminalWidth.tableMarks.contains(scalar.value) { return false }
    return switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate:
      true
    default:
      false
    }
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
