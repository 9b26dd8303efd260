import TermElementsTestSupport
import Testing

@testable import TermElements

/// The glyphs' characters as one string.
private func displayTextString(_ glyphs: [Glyph]) -> String {
  String(glyphs.map(\.character))
}

/// Each line's characters as a string.
private func displayTextStrings(_ lines: [[Glyph]]) -> [String] {
  lines.map(displayTextString)
}

/// The glyphs' replacement flags, as `R` for a replacement and `.` for the text itself.
private func displayTextFlags(_ glyphs: [Glyph]) -> String {
  String(glyphs.map { $0.isReplacement ? "R" : "." })
}

@Suite("Display text")
struct DisplayTextTests {
  // MARK: Escape sequences and controls

  @Test("An escape sequence shows as caret notation, the caret glyphs flagged")
  func escapeSequence() {
    let glyphs = DisplayText.singleLine(of: "a\u{1B}[31mb")
    #expect(displayTextString(glyphs) == "a^[[31mb")
    #expect(displayTextFlags(glyphs) == ".RR.....")
    #expect(glyphs.allSatisfy { $0.width == 1 })
  }

  @Test("Escape sequences are made printable on every line")
  func escapeSequenceInLines() {
    let lines = DisplayText.lines(of: "a\u{1B}[31mb\nc")
    #expect(displayTextStrings(lines) == ["a^[[31mb", "c"])
  }

  @Test("Delete shows as ^?")
  func delete() {
    let glyphs = DisplayText.singleLine(of: "x\u{7F}y")
    #expect(displayTextString(glyphs) == "x^?y")
    #expect(displayTextFlags(glyphs) == ".RR.")
  }

  @Test("C0 controls show in caret notation")
  func c0Controls() {
    #expect(displayTextString(DisplayText.singleLine(of: "\u{0}\u{7}\u{8}\u{1F}")) == "^@^G^H^_")
    #expect(displayTextString(DisplayText.singleLine(of: "a\rb")) == "a^Mb")
  }

  @Test("A C1 control shows as its code point")
  func c1Control() {
    let glyphs = DisplayText.singleLine(of: "a\u{9B}b")
    #expect(displayTextString(glyphs) == "a<U+009B>b")
    #expect(displayTextFlags(glyphs) == ".RRRRRRRR.")
    #expect(displayTextString(DisplayText.singleLine(of: "\u{85}")) == "<U+0085>")
  }

  @Test("A bidi override shows as its code point")
  func bidiOverride() {
    let glyphs = DisplayText.singleLine(of: "abc\u{202E}def")
    #expect(displayTextString(glyphs) == "abc<U+202E>def")
    #expect(displayTextFlags(glyphs) == "...RRRRRRRR...")
  }

  @Test("Other invisible format characters and separators show as code points")
  func formatCharacters() {
    #expect(displayTextString(DisplayText.singleLine(of: "\u{200B}")) == "<U+200B>")
    #expect(
      displayTextString(DisplayText.singleLine(of: "\u{2066}x\u{2069}")) == "<U+2066>x<U+2069>")
    #expect(displayTextString(DisplayText.singleLine(of: "a\u{2028}b")) == "a<U+2028>b")
    #expect(displayTextString(DisplayText.singleLine(of: "\u{E0041}")) == "<U+E0041>")
  }

  @Test("No glyph ever holds a control or bidi scalar")
  func noControlReachesAGlyph() {
    let text = "a\u{1B}]0;title\u{7}\u{9B}2J\u{202E}\u{200F}\u{0}b\r\n\u{7F}\t\u{2029}"
    for glyph in DisplayText.singleLine(of: text) {
      for scalar in glyph.character.unicodeScalars {
        let category = scalar.properties.generalCategory
        #expect(category != .control && category != .format, "\(scalar.value)")
      }
    }
  }

  // MARK: Tabs

  @Test("A tab expands to spaces up to the next 8-column stop")
  func tabStops() {
    #expect(DisplayText.tabWidth == 8)
    #expect(displayTextString(DisplayText.singleLine(of: "\tx")) == "        x")
    #expect(displayTextString(DisplayText.singleLine(of: "a\tb")) == "a       b")
    #expect(displayTextString(DisplayText.singleLine(of: "1234567\tx")) == "1234567 x")
    #expect(displayTextString(DisplayText.singleLine(of: "12345678\tx")) == "12345678        x")
    #expect(
      displayTextString(DisplayText.singleLine(of: "a\t\tb")) == "a"
        + String(repeating: " ", count: 15) + "b")
  }

  @Test("Tab spaces are plain spaces, not replacements")
  func tabSpacesAreNotReplacements() {
    let glyphs = DisplayText.singleLine(of: "\t")
    #expect(glyphs == Array(repeating: Glyph.space, count: 8))
  }

  @Test("A tab after wide characters stops at the next stop by columns, not characters")
  func tabAfterWideCharacters() {
    let glyphs = DisplayText.singleLine(of: "日本\tx")
    #expect(displayTextString(glyphs) == "日本    x")
    #expect(TextLayout.columns(Array(glyphs.dropLast())) == 8)
    #expect(displayTextString(DisplayText.singleLine(of: "日本語日\tx")) == "日本語日        x")
  }

  @Test("A tab after a caret replacement counts the replacement's columns")
  func tabAfterReplacement() {
    #expect(displayTextString(DisplayText.singleLine(of: "\u{1B}\tx")) == "^[      x")
  }

  @Test("Tab stops start again on every line")
  func tabStopsPerLine() {
    let lines = DisplayText.lines(of: "abc\n\tx")
    #expect(displayTextStrings(lines) == ["abc", "        x"])
  }

  // MARK: Grapheme clusters

  @Test("A zero-width-joiner emoji sequence stays one glyph two columns wide")
  func zwjEmoji() {
    let glyphs = DisplayText.singleLine(of: "👩‍💻")
    #expect(glyphs.count == 1)
    #expect(glyphs.first?.character == "👩‍💻")
    #expect(glyphs.first?.width == 2)
    #expect(glyphs.first?.isReplacement == false)
    let family = DisplayText.singleLine(of: "a👨‍👩‍👧b")
    #expect(family.map(\.width) == [1, 2, 1])
  }

  @Test("A letter with a combining mark is one glyph one column wide")
  func letterWithCombiningMark() {
    let glyphs = DisplayText.singleLine(of: "e\u{301}")
    #expect(glyphs == [Glyph("e\u{301}", width: 1)])
  }

  @Test("A lone combining mark sits on a dotted circle and takes one column")
  func loneCombiningMark() {
    let glyphs = DisplayText.singleLine(of: "\u{301}x")
    #expect(glyphs.count == 2)
    #expect(glyphs[0].character == Character("◌\u{301}"))
    #expect(glyphs[0].width == 1)
    #expect(glyphs[0].isReplacement)
    #expect(glyphs[1] == Glyph("x", width: 1))
  }

  @Test("A combining mark after a control has nothing to combine with")
  func combiningMarkAfterControl() {
    let glyphs = DisplayText.singleLine(of: "\u{1B}\u{301}")
    #expect(displayTextString(glyphs) == "^[◌\u{301}")
    #expect(glyphs.map(\.width) == [1, 1, 1])
  }

  @Test("The ASCII glyph set puts a lone combining mark on a space")
  func loneCombiningMarkASCII() {
    let glyphs = DisplayText.singleLine(of: "\u{301}", glyphs: .ascii)
    #expect(glyphs == [Glyph(Character(" \u{301}"), width: 1, isReplacement: true)])
  }

  @Test("Wide characters take two columns each")
  func wideCharacters() {
    #expect(DisplayText.singleLine(of: "日本").map(\.width) == [2, 2])
  }

  @Test("A cluster with several spacing characters becomes a glyph for each, as terminal cells")
  func clusterSplitIntoCells() {
    let thai = DisplayText.singleLine(of: "\u{E01}\u{E33}")  // กำ
    #expect(thai.map(\.character) == ["\u{E01}", "\u{E33}"])
    #expect(thai.map(\.width) == [1, 1])
    #expect(thai.map(\.continuesCluster) == [false, true])
    let hindi = DisplayText.singleLine(of: "\u{915}\u{93F}\u{924}\u{93E}")  // किता
    #expect(hindi.map(\.character) == ["\u{915}", "\u{93F}", "\u{924}", "\u{93E}"])
    #expect(hindi.map(\.continuesCluster) == [false, true, false, true])
    #expect(hindi.allSatisfy { !$0.isReplacement })
  }

  @Test("Zero-width marks ride on the cell of the spacing character before them")
  func marksStayWithTheirCell() {
    let conjunct = DisplayText.singleLine(of: "\u{915}\u{94D}\u{937}")  // क्ष
    #expect(conjunct.map(\.character) == ["\u{915}\u{94D}", "\u{937}"])
    #expect(conjunct.map(\.width) == [1, 1])
    let hangul = DisplayText.singleLine(of: "\u{1100}\u{1100}\u{1161}")
    #expect(hangul.map(\.character) == ["\u{1100}", "\u{1100}\u{1161}"])
    #expect(hangul.map(\.width) == [2, 2])
  }

  @Test("A mark before any spacing character in its cluster sits on the dotted circle")
  func leadingMarkInACluster() {
    let glyphs = DisplayText.singleLine(of: "\u{301}\u{93F}")
    #expect(glyphs.map(\.character) == ["◌\u{301}", "\u{93F}"])
    #expect(glyphs.map(\.isReplacement) == [true, false])
  }

  @Test("A lone conjoining jamo vowel, which no base can carry, shows as its code point")
  func loneJamoVowel() {
    #expect(displayTextString(DisplayText.singleLine(of: "\u{1161}")) == "<U+1161>")
    #expect(DisplayText.width(of: "a\u{1161}") == 9)
  }

  @Test("A combining base that is not one printable character is not used")
  func unusableCombiningBase() {
    for base: Character in ["\u{1B}", "\u{301}", "\u{915}\u{93F}", "\u{200B}", "\u{85}"] {
      var glyphs = GlyphSet.unicode
      glyphs.combiningBase = base
      let line = DisplayText.singleLine(of: "\u{301}", glyphs: glyphs)
      #expect(displayTextString(line) == "<U+0301>", "\(base.unicodeScalars.map(\.value))")
    }
    var wide = GlyphSet.unicode
    wide.combiningBase = "日"
    #expect(DisplayText.singleLine(of: "\u{301}", glyphs: wide).map(\.width) == [2])
  }

  @Test("Emoji sequences stay one glyph; a lone regional indicator is one column")
  func emojiSequencesStayWhole() {
    for emoji in ["👨‍👩‍👧", "🇯🇵", "1\u{FE0F}\u{20E3}", "\u{2764}\u{FE0F}", "👍🏽", "☝🏽"] {
      let glyphs = DisplayText.singleLine(of: emoji)
      #expect(glyphs.map(\.width) == [2], "\(emoji)")
    }
    #expect(DisplayText.singleLine(of: "\u{1F1EF}").map(\.width) == [1])
  }

  @Test("Every glyph made from random text is one printable cell of the width it claims")
  func everyGlyphIsOneCell() {
    var random = SeededRandom(seed: 0x7E57)
    let pools: [ClosedRange<UInt32>] = [
      0x20...0x7F, 0x80...0x2FF, 0x300...0x36F, 0x900...0x97F, 0x980...0x9FF, 0xB80...0xBFF,
      0xE00...0xE7F, 0x1100...0x11FF, 0x200B...0x200F, 0x2600...0x27BF, 0x3040...0x30FF,
      0x4E00...0x4E80, 0xAC00...0xAC40, 0xFE00...0xFE0F, 0x1F1E6...0x1F1FF, 0x1F300...0x1F64F,
      0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0x0...0x1F,
    ]
    for _ in 0..<2_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        let pool = pools.randomElement(using: &random)!
        if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &random)) {
          scalars.append(scalar)
        }
      }
      let text = String(scalars)
      let glyphs = DisplayText.singleLine(of: text)
      for glyph in glyphs {
        #expect(DisplayText.cellWidth(of: glyph.character) == glyph.width, "\(glyph)")
      }
      #expect(TextLayout.columns(glyphs) == DisplayText.width(of: text))
    }
  }

  // MARK: Line breaks

  @Test("Line feeds and CRLF break lines")
  func lineBreaks() {
    #expect(displayTextStrings(DisplayText.lines(of: "a\r\nb\nc")) == ["a", "b", "c"])
    #expect(displayTextStrings(DisplayText.lines(of: "a\n\nb")) == ["a", "", "b"])
    #expect(displayTextStrings(DisplayText.lines(of: "a\n")) == ["a", ""])
    #expect(displayTextStrings(DisplayText.lines(of: "")) == [""])
  }

  @Test("A carriage return alone does not break the line")
  func loneCarriageReturn() {
    #expect(displayTextStrings(DisplayText.lines(of: "a\rb")) == ["a^Mb"])
  }

  @Test("On a single line, CRLF shows as ^M^J and a line feed as ^J")
  func singleLineShowsBreaks() {
    let glyphs = DisplayText.singleLine(of: "a\r\nb\nc")
    #expect(displayTextString(glyphs) == "a^M^Jb^Jc")
    #expect(displayTextFlags(glyphs) == ".RRRR.RR.")
  }

  // MARK: Width

  @Test("Width counts the columns of the printable text")
  func width() {
    #expect(DisplayText.width(of: "") == 0)
    #expect(DisplayText.width(of: "abc") == 3)
    #expect(DisplayText.width(of: "日本") == 4)
    #expect(DisplayText.width(of: "e\u{301}") == 1)
    #expect(DisplayText.width(of: "👩‍💻") == 2)
    #expect(DisplayText.width(of: "a\tb") == 9)
    #expect(DisplayText.width(of: "\u{1B}") == 2)
    #expect(DisplayText.width(of: "a\nb") == 4)
    #expect(DisplayText.width(of: "\u{202E}") == 8)
    #expect(DisplayText.width(of: "\u{301}") == 1)
    #expect(DisplayText.width(of: "\u{E01}\u{E33}") == 2)
    #expect(DisplayText.width(of: "\u{915}\u{93F}") == 2)
    #expect(DisplayText.width(of: "\u{9AC}\u{9BE}") == 2)
  }
}

@Suite("Hidden characters inside clusters")
struct HiddenCharacterTests {
  @Test("Tag characters riding on a letter are shown as code points, not hidden")
  func tagCharactersAreShown() {
    let glyphs = DisplayText.singleLine(of: "a\u{E0068}\u{E0069}")
    #expect(String(glyphs.map(\.character)) == "a<U+E0068><U+E0069>")
  }

  @Test("A subdivision flag keeps its tag characters")
  func subdivisionFlagStaysWhole() {
    let scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
    let glyphs = DisplayText.singleLine(of: scotland)
    #expect(glyphs.count == 1)
    #expect(glyphs.first?.width == 2)
  }
}
