import Testing

@testable import TermElements

/// The text laid out, each line as a string.
private func layoutLines(
  _ text: String, width: Int, maxLines: Int = 0, mode: LineBreakMode = .wordWrap,
  glyphs: GlyphSet = .unicode
) -> [String] {
  TextLayout.lines(of: text, width: width, maxLines: maxLines, mode: mode, glyphs: glyphs)
    .map { String($0.map(\.character)) }
}

@Suite("Text layout")
struct TextLayoutTests {
  // MARK: Word wrap

  @Test("Text that fits stays on one line")
  func fits() {
    #expect(layoutLines("hello", width: 5) == ["hello"])
    #expect(layoutLines("hello world", width: 80) == ["hello world"])
  }

  @Test("Words wrap between spaces")
  func wordWrap() {
    #expect(layoutLines("the quick brown fox", width: 9) == ["the quick", "brown fox"])
    #expect(layoutLines("the quick brown fox", width: 10) == ["the quick", "brown fox"])
    #expect(layoutLines("the quick brown fox", width: 15) == ["the quick brown", "fox"])
    #expect(
      layoutLines("the quick brown fox jumps over", width: 5)
        == ["the", "quick", "brown", "fox", "jumps", "over"])
  }

  @Test("Line feeds start new paragraphs, each wrapped on its own")
  func paragraphs() {
    #expect(layoutLines("one two\nthree", width: 5) == ["one", "two", "three"])
    #expect(layoutLines("a\n\nb", width: 4) == ["a", "", "b"])
  }

  @Test("A word longer than the line is broken across lines")
  func longWordsBreak() {
    #expect(layoutLines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(layoutLines("hi abcdefghij", width: 4) == ["hi", "abcd", "efgh", "ij"])
    #expect(layoutLines("abcdefgh xy", width: 4) == ["abcd", "efgh", "xy"])
  }

  @Test("Wide characters are never split across lines")
  func wideCharactersNeverSplit() {
    #expect(layoutLines("日本語", width: 5) == ["日本", "語"])
    #expect(layoutLines("日本語", width: 3) == ["日", "本", "語"])
    #expect(layoutLines("a日本", width: 2) == ["a", "日", "本"])
    #expect(layoutLines("ab日本", width: 3) == ["ab", "日", "本"])
  }

  @Test("Every wrapped line fits the width")
  func wrappedLinesFit() {
    let text = "日本語 mixed with ascii and 😀 emoji, some longwordsthatneedbreaking too"
    for width in 2...30 {
      let lines = TextLayout.lines(of: text, width: width)
      for line in lines {
        #expect(TextLayout.columns(line) <= width, "width \(width)")
      }
    }
  }

  @Test("Spaces where a line wraps are dropped")
  func trailingSpacesTrimmed() {
    #expect(layoutLines("ab  cd", width: 4) == ["ab", "cd"])
    #expect(layoutLines("hello     world", width: 7) == ["hello", "world"])
    #expect(layoutLines("one two   three", width: 9) == ["one two", "three"])
  }

  @Test("No wrapped line ends with a space")
  func noWrappedLineEndsWithSpace() {
    let text = "a bb  ccc   dddd    eeeee"
    for width in 5...12 {
      for line in layoutLines(text, width: width) {
        #expect(!line.hasSuffix(" "), "width \(width): \"\(line)\"")
      }
    }
  }

  @Test("A width of zero gives no lines")
  func zeroWidth() {
    #expect(TextLayout.lines(of: "hello", width: 0).isEmpty)
    #expect(TextLayout.lines(of: "hello", width: -3).isEmpty)
    #expect(TextLayout.lines(of: "hello", width: 0, mode: .truncateTail).isEmpty)
    #expect(TextLayout.height(of: "hello", width: 0) == 0)
  }

  @Test("Empty text is one empty line")
  func emptyText() {
    #expect(layoutLines("", width: 10) == [""])
    #expect(TextLayout.height(of: "", width: 10) == 1)
  }

  // MARK: Truncation

  @Test("Truncation cuts the tail and ends with an ellipsis")
  func truncateTail() {
    #expect(layoutLines("hello world", width: 8, mode: .truncateTail) == ["hello w…"])
    #expect(layoutLines("hello world", width: 11, mode: .truncateTail) == ["hello world"])
    #expect(layoutLines("hello", width: 1, mode: .truncateTail) == ["…"])
  }

  @Test("Truncation drops the spaces before the ellipsis")
  func truncationTrimsSpaces() {
    #expect(layoutLines("hello world", width: 7, mode: .truncateTail) == ["hello…"])
  }

  @Test("Truncation never splits a wide character")
  func truncationKeepsWideCharactersWhole() {
    #expect(layoutLines("日本語", width: 4, mode: .truncateTail) == ["日…"])
    #expect(layoutLines("日本語", width: 3, mode: .truncateTail) == ["日…"])
    #expect(layoutLines("日本語", width: 2, mode: .truncateTail) == ["…"])
    #expect(layoutLines("日本語", width: 6, mode: .truncateTail) == ["日本語"])
    #expect(layoutLines("ab日本", width: 4, mode: .truncateTail) == ["ab…"])
  }

  @Test("Truncation keeps each paragraph on its own line")
  func truncationPerParagraph() {
    #expect(
      layoutLines("first line\nsecond", width: 6, mode: .truncateTail) == ["first…", "second"])
  }

  @Test("Truncation uses the glyph set's ellipsis")
  func asciiEllipsis() {
    #expect(layoutLines("hello world", width: 6, mode: .truncateTail, glyphs: .ascii) == ["hello~"])
  }

  @Test("Truncating a glyph line that fits returns it unchanged")
  func truncateFittingLine() {
    let line = DisplayText.singleLine(of: "日本")
    #expect(TextLayout.truncate(line, width: 4) == line)
    #expect(String(TextLayout.truncate(line, width: 3).map(\.character)) == "日…")
  }

  @Test("Truncation cuts between grapheme clusters, never inside one")
  func truncationKeepsClustersWhole() {
    // कि ता ब: five glyphs in three clusters.
    let text = "\u{915}\u{93F}\u{924}\u{93E}\u{92C}"
    #expect(layoutLines(text, width: 4, mode: .truncateTail) == ["\u{915}\u{93F}…"])
    #expect(layoutLines(text, width: 5, mode: .truncateTail) == [text])
    #expect(layoutLines("\u{E01}\u{E33}x", width: 2, mode: .truncateTail) == ["…"])
  }

  @Test("Words wrap between grapheme clusters, and inside one only when it is wider than a line")
  func wrappingKeepsClustersWhole() {
    let text = "\u{915}\u{93F}\u{924}\u{93E}\u{92C}"
    #expect(
      layoutLines(text, width: 3) == ["\u{915}\u{93F}", "\u{924}\u{93E}\u{92C}"])
    #expect(layoutLines(text, width: 2) == ["\u{915}\u{93F}", "\u{924}\u{93E}", "\u{92C}"])
    #expect(layoutLines("\u{915}\u{93F}", width: 1) == ["\u{915}", "\u{93F}"])
  }

  @Test("A character wider than the line shows as the ellipsis rather than vanishing")
  func wideCharacterAtWidthOne() {
    #expect(layoutLines("東京", width: 1) == ["…", "…"])
    #expect(layoutLines("東京", width: 1, maxLines: 1) == ["…"])
    #expect(layoutLines("東京", width: 1, mode: .truncateTail) == ["…"])
    #expect(layoutLines("a東b", width: 1) == ["a", "…", "b"])
    #expect(layoutLines("東京 ab", width: 1, maxLines: 2) == ["…", "…"])
  }

  @Test("Indentation that leaves no room for the first word is dropped")
  func indentationWithoutRoom() {
    #expect(layoutLines("  ab", width: 3) == ["ab"])
    #expect(layoutLines("  ab cd", width: 5) == ["  ab", "cd"])
  }

  @Test("An ellipsis that is not one printable column is drawn safely and given its room")
  func unusualEllipses() {
    #expect(
      TextLayout.truncate(DisplayText.singleLine(of: "hello world"), width: 6, ellipsis: "日")
        .map(\.character) == ["h", "e", "l", "l", "日"])
    let escape = TextLayout.truncate(
      DisplayText.singleLine(of: "hello world"), width: 6, ellipsis: "\u{1B}")
    #expect(String(escape.map(\.character)) == "hell^[")
    #expect(escape.suffix(2).allSatisfy { $0.isReplacement })
    #expect(
      TextLayout.truncate(DisplayText.singleLine(of: "hello"), width: 1, ellipsis: "日").isEmpty)
  }

  // MARK: Line limits

  @Test("A line limit ends the last line shown with an ellipsis")
  func numberOfLines() {
    #expect(layoutLines("one two three four", width: 7, maxLines: 2) == ["one two", "three…"])
    #expect(layoutLines("aaaa bbbb cccc", width: 4, maxLines: 2) == ["aaaa", "bbb…"])
    #expect(layoutLines("a\nb\nc", width: 5, maxLines: 2) == ["a", "b…"])
  }

  @Test("A line limit that the text fits in adds no ellipsis")
  func numberOfLinesNotReached() {
    #expect(layoutLines("a\nb", width: 5, maxLines: 2) == ["a", "b"])
    #expect(layoutLines("one two", width: 7, maxLines: 1) == ["one two"])
    #expect(layoutLines("one two three", width: 7, maxLines: 0) == ["one two", "three"])
  }

  @Test("A line limit's ellipsis never splits a wide character")
  func numberOfLinesWithWideCharacters() {
    #expect(layoutLines("日本語日本語", width: 5, maxLines: 1) == ["日本…"])
    #expect(layoutLines("日本語日本語", width: 4, maxLines: 2) == ["日本", "語…"])
  }

  @Test("A line limit applies to truncated paragraphs too")
  func numberOfLinesWithTruncation() {
    #expect(layoutLines("a\nb\nc", width: 5, maxLines: 1, mode: .truncateTail) == ["a…"])
  }

  // MARK: Measuring

  @Test("Height counts the laid-out lines")
  func height() {
    #expect(TextLayout.height(of: "the quick brown fox", width: 9) == 2)
    #expect(TextLayout.height(of: "the quick brown fox", width: 9, maxLines: 1) == 1)
    #expect(TextLayout.height(of: "a\nb\nc", width: 9, mode: .truncateTail) == 3)
  }

  @Test("Natural width is the widest line in columns")
  func naturalWidth() {
    #expect(TextLayout.naturalWidth(of: "ab\n日本語\nc") == 6)
    #expect(TextLayout.naturalWidth(of: "") == 0)
    #expect(TextLayout.naturalWidth(of: "a\tb") == 9)
  }
}
