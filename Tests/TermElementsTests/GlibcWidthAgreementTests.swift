import Glibc
import Testing

@testable import TermElements

/// Text in scripts whose clusters hold several spacing characters, and other text whose width
/// is the sum of its scalars' `wcwidth`: what ncurses and the terminal count.
private let glibcCorpus = [
  "abc", "日本語", "한국어", "\u{1112}\u{1161}\u{11AB}", "e\u{301}\u{302}", "กำแพง", "น้ำ",
  "กิน", "हिन्दी", "किताब", "क्षत्रिय", "বাংলা", "কি", "தமிழ்", "கொ", "கௌ", "ಕನ್ನಡ",
  "മലയാളം", "ગુજરાતી", "ਪੰਜਾਬੀ", "ꦗꦮ", "ᄀᄀ\u{1161}", "\u{4DC0}\u{3248}", "Ａｂｃ",
]

/// Checks the library's widths against glibc's `wcwidth`, which ncurses and tmux use.
@Suite("Widths agree with glibc's wcwidth", .serialized)
struct GlibcWidthAgreementTests {
  /// glibc's columns for a scalar, or `nil` where it gives none (a control, or a code point
  /// unassigned in its Unicode version).
  private static func glibcWidth(_ scalar: Unicode.Scalar) -> Int? {
    let width = wcwidth(Int32(bitPattern: scalar.value))
    return width >= 0 ? Int(width) : nil
  }

  /// glibc's `wcwidth`, which Swift's Glibc module leaves out, found at run time.
  private static let wcwidth: @convention(c) (Int32) -> Int32 = {
    guard let symbol = dlsym(nil, "wcwidth") else { fatalError("glibc has no wcwidth") }
    return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
  }()

  /// Whether the scalar is assigned in the Unicode version the width tables were made from.
  private static func isInTables(_ scalar: Unicode.Scalar) -> Bool {
    guard let age = scalar.properties.age else { return false }
    let parts = WidthTables.unicodeVersion.split(separator: ".").compactMap { Int($0) }
    return (age.major, age.minor) <= (parts[0], parts[1])
  }

  @Test("Every printable scalar takes the columns wcwidth gives it")
  func everyScalar() throws {
    try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
    var mismatches: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), Self.isInTables(scalar),
        let expected = Self.glibcWidth(scalar)
      else { continue }
      // Format characters never reach a cell: DisplayText shows them as code points.
      if scalar.properties.generalCategory == .format { continue }
      let width = TerminalWidth.of(scalar)
      if width != expected {
        mismatches.append("U+\(String(value, radix: 16)): \(width), wcwidth \(expected)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(20))")
  }

  @Test("Text takes the columns of its scalars' wcwidth, one glyph per spacing scalar")
  func clusters() throws {
    try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
    for text in glibcCorpus {
      let expected = text.unicodeScalars.reduce(0) { $0 + (Self.glibcWidth($1) ?? 0) }
      #expect(DisplayText.width(of: text) == expected, "\(text)")
      let glyphs = DisplayText.singleLine(of: text)
      for glyph in glyphs {
        let spacing = glyph.character.unicodeScalars.filter { (Self.glibcWidth($0) ?? 0) > 0 }
        #expect(spacing.count == 1, "\(text): \(glyph)")
        #expect(spacing.first.flatMap(Self.glibcWidth) == glyph.width, "\(text): \(glyph)")
      }
    }
  }
}
