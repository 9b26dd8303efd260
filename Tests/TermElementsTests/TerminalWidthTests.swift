import Testing

@testable import TermElements

/// Checks the terminal column widths of scalars and grapheme clusters.
@Suite struct TerminalWidthTests {
  /// Printable ASCII takes one column and ASCII controls take none.
  @Test func ascii() {
    for character in "aZ0 ~!" {
      #expect(TerminalWidth.of(character) == 1)
    }
    #expect(TerminalWidth.of(Character("\t")) == 0)
    #expect(TerminalWidth.of(Character("\u{7F}")) == 0)
    #expect(TerminalWidth.of(Character("\r\n")) == 0)
  }

  /// A Latin letter with a combining acute accent takes one column.
  @Test func latinWithCombiningMark() {
    #expect(TerminalWidth.of(Character("e\u{301}")) == 1)
    #expect(TerminalWidth.of(Character("\u{E9}")) == 1)
  }

  /// A CJK ideograph takes two columns.
  @Test func cjkIdeograph() {
    #expect(TerminalWidth.of(Character("日")) == 2)
  }

  /// A fullwidth Latin letter takes two columns.
  @Test func fullwidthLetter() {
    #expect(TerminalWidth.of(Character("Ａ")) == 2)
  }

  /// A precomposed Hangul syllable takes two columns.
  @Test func hangulSyllable() {
    #expect(TerminalWidth.of(Character("한")) == 2)
  }

  /// A syllable spelled with conjoining jamo takes two columns, like its precomposed form.
  @Test func decomposedHangulJamo() {
    let syllable = Character("\u{1112}\u{1161}\u{11AB}")
    #expect(syllable.unicodeScalars.count == 3)
    #expect(TerminalWidth.of(syllable) == 2)
    #expect(TerminalWidth.of(Character("\u{1100}\u{1161}")) == 2)
  }

  /// An emoji with default emoji presentation takes two columns.
  @Test func emoji() {
    #expect(TerminalWidth.of(Character("😀")) == 2)
  }

  /// A text-default emoji followed by U+FE0F takes two columns.
  @Test func emojiPresentationSelector() {
    #expect(TerminalWidth.of(Character("\u{2764}\u{FE0F}")) == 2)
    #expect(TerminalWidth.of(Character("1\u{FE0F}\u{20E3}")) == 2)
  }

  /// A text-default emoji on its own takes one column.
  @Test func textDefaultEmoji() {
    #expect(TerminalWidth.of(Character("\u{2764}")) == 1)
  }

  /// An emoji followed by U+FE0E takes one column unless its base is East Asian wide.
  @Test func textPresentationSelector() {
    #expect(TerminalWidth.of(Character("\u{2764}\u{FE0E}")) == 1)
    #expect(TerminalWidth.of(Character("\u{231A}\u{FE0E}")) == 2)
  }

  /// An emoji zero-width-joiner sequence takes two columns.
  @Test func zwjSequence() {
    let family = Character("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}")
    #expect(family.unicodeScalars.count == 5)
    #expect(TerminalWidth.of(family) == 2)
    #expect(TerminalWidth.of(Character("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}")) == 2)
    #expect(TerminalWidth.of(Character("\u{2764}\u{200D}\u{1F525}")) == 2)
  }

  /// A regional-indicator pair (a flag) takes two columns.
  @Test func flag() {
    let flag = Character("\u{1F1EF}\u{1F1F5}")
    #expect(flag.unicodeScalars.count == 2)
    #expect(TerminalWidth.of(flag) == 2)
  }

  /// An emoji with a skin-tone modifier takes two columns.
  @Test func skinToneModifier() {
    let thumbsUp = Character("\u{1F44D}\u{1F3FD}")
    #expect(thumbsUp.unicodeScalars.count == 2)
    #expect(TerminalWidth.of(thumbsUp) == 2)
  }

  /// A combining mark with no base takes no column.
  @Test func loneCombiningMark() {
    #expect(TerminalWidth.of(Character("\u{301}")) == 0)
    #expect(TerminalWidth.of(Character("\u{301}\u{302}")) == 0)
  }

  /// Thai consonants with combining vowel and tone marks take one column.
  @Test func thaiWithCombiningMarks() {
    let syllable = Character("\u{E01}\u{E34}\u{E48}")
    #expect(syllable.unicodeScalars.count == 3)
    #expect(TerminalWidth.of(syllable) == 1)
  }

  /// Thai SARA AM is a spacing letter: the terminal gives it a cell of its own.
  @Test func thaiSaraAm() {
    #expect(TerminalWidth.of(Character("\u{E01}\u{E33}")) == 2)
    #expect(TerminalWidth.of(Character("\u{E01}\u{E49}\u{E33}")) == 2)
  }

  /// Every spacing mark (Mc) of an Indic cluster takes a column, as `wcwidth` says.
  @Test func indicSpacingMarks() {
    #expect(TerminalWidth.of(Character("\u{915}\u{93F}")) == 2)  // कि
    #expect(TerminalWidth.of(Character("\u{9AC}\u{9BE}")) == 2)  // বা
    #expect(TerminalWidth.of(Character("\u{B95}\u{BCA}")) == 2)  // கொ
    #expect(TerminalWidth.of(Character("\u{915}\u{94D}\u{937}")) == 2)  // क्ष, a conjunct
    #expect(TerminalWidth.of(Character("\u{915}\u{93E}\u{902}")) == 2)  // कां
  }

  /// Two leading Hangul consonants in one cluster take two cells of two columns.
  @Test func doubledHangulLeadingConsonants() {
    #expect(TerminalWidth.of(Character("\u{1100}\u{1100}\u{1161}")) == 4)
  }

  /// Emoji sequences stay two columns however many spacing scalars they hold.
  @Test func emojiSequencesStayTwoColumns() {
    #expect(TerminalWidth.of(Character("\u{261D}\u{1F3FD}")) == 2)
    #expect(TerminalWidth.of(Character("\u{1F469}\u{200D}\u{1F4BB}")) == 2)
    #expect(TerminalWidth.of(Character("#\u{FE0F}\u{20E3}")) == 2)
  }

  /// A regional indicator on its own is one column, as `wcwidth` says; a pair is a flag.
  @Test func loneRegionalIndicator() {
    #expect(TerminalWidth.of(Character("\u{1F1EF}")) == 1)
    #expect(TerminalWidth.of(Character("\u{1F1EF}\u{1F1F5}")) == 2)
  }

  /// The ranges glibc counts as wide beyond East_Asian_Width are wide here too.
  @Test func glibcWideRanges() {
    #expect(TerminalWidth.of(Unicode.Scalar(0x3248)!) == 2)
    #expect(TerminalWidth.of(Unicode.Scalar(0x324F)!) == 2)
    #expect(TerminalWidth.of(Unicode.Scalar(0x4DC0)!) == 2)
    #expect(TerminalWidth.of(Unicode.Scalar(0x4DFF)!) == 2)
  }

  /// Scalars are measured from the tables, with controls and format characters at zero.
  @Test func scalars() {
    #expect(TerminalWidth.of(Unicode.Scalar(0x41)!) == 1)
    #expect(TerminalWidth.of(Unicode.Scalar(0x1B)!) == 0)
    #expect(TerminalWidth.of(Unicode.Scalar(0x85)!) == 0)
    #expect(TerminalWidth.of(Unicode.Scalar(0xAD)!) == 0)
    #expect(TerminalWidth.of(Unicode.Scalar(0x200B)!) == 0)
    #expect(TerminalWidth.of(Unicode.Scalar(0x301)!) == 0)
    #expect(TerminalWidth.of(Unicode.Scalar(0x20DD)!) == 0)
    #expect(TerminalWidth.of(Unicode.Scalar(0x1160)!) == 0)
    #expect(TerminalWidth.of(Unicode.Scalar(0xD7B0)!) == 0)
    #expect(TerminalWidth.of(Unicode.Scalar(0x1100)!) == 2)
    #expect(TerminalWidth.of(Unicode.Scalar(0x4E00)!) == 2)
    #expect(TerminalWidth.of(Unicode.Scalar(0x3FFFD)!) == 2)
    #expect(TerminalWidth.of(Unicode.Scalar(0x1F600)!) == 2)
    #expect(TerminalWidth.of(Unicode.Scalar(0xE9)!) == 1)
    #expect(TerminalWidth.of(Unicode.Scalar(0x10FFFD)!) == 1)
  }

  /// The generated tables are sorted, non-overlapping and disjoint from each other.
  @Test func tablesAreWellFormed() {
    for table in [WidthTables.wide, WidthTables.zeroWidth] {
      #expect(table.count % 2 == 0)
      for index in stride(from: 0, to: table.count, by: 2) {
        #expect(table[index] <= table[index + 1])
        if index + 2 < table.count {
          #expect(table[index + 1] + 1 < table[index + 2])
        }
      }
    }
    for index in stride(from: 0, to: WidthTables.zeroWidth.count, by: 2) {
      #expect(TerminalWidth.of(Unicode.Scalar(WidthTables.zeroWidth[index])!) == 0)
    }
  }
}
