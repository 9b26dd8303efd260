import Testing

@testable import TermElements

@Suite("Text in rows: wide, combining and hostile")
struct PainterTextTests {
  /// A one-row table with zero margins showing `element`.
  func table(_ element: some ElementRepresentable) -> Table {
    Table(rows: [Row(element, layoutMargins: .zero, separatorStyle: .none)])
  }

  @Test("Wide characters take two columns and wrap whole")
  func wideCharactersWrap() {
    expectScreen(
      render(table(ElementOfLabel(props: "日本語のテキスト")), width: 7, height: 3),
      ["日本語", "のテキ", "スト"])
  }

  @Test("Truncation to one line never splits a wide character")
  func truncationKeepsWideCharactersWhole() {
    let label = ElementOfLabel(props: "日本語テキスト").styles { $0.numberOfLines = 1 }
    let screen = render(table(label), width: 8, height: 1)
    expectScreen(screen, ["日本語…"])
    #expect(screen[6, 0].character == "…")
    #expect(screen[7, 0].character == " ")
  }

  @Test("A one-line label of wide characters too narrow for one shows the ellipsis")
  func wideLabelAtWidthOne() {
    let label = ElementOfLabel(props: "東京").styles { $0.numberOfLines = 1 }
    expectScreen(render(table(label), width: 1, height: 1), ["…"])
    expectScreen(render(table(ElementOfLabel(props: "東京")), width: 1, height: 2), ["…", "…"])
  }

  @Test("Clusters with spacing marks take a cell for each, so the columns after them line up")
  func spacingMarksLineUp() {
    let rows = ["\u{915}\u{93F}|", "\u{9AC}\u{9BE}|", "\u{E01}\u{E33}|", "ab|"].map {
      Row(ElementOfLabel(props: $0), layoutMargins: .zero, separatorStyle: .none)
    }
    let screen = render(Table(rows: rows), width: 4, height: 4)
    for y in 0..<4 {
      #expect(screen[2, y].character == "|", "line \(y)")
    }
    #expect(screen[0, 0].character == "\u{915}")
    #expect(screen[1, 0].character == "\u{93F}")
  }

  @Test("Combining marks stay with their letter, and emoji sequences take two columns")
  func combiningAndEmoji() {
    let screen = render(table(ElementOfLabel(props: "Cafe\u{301} 👨‍👩‍👧 ok")), width: 12, height: 1)
    expectScreen(screen, ["Café 👨‍👩‍👧 ok"])
    #expect(screen[3, 0].character == "e\u{301}")
    #expect(screen[5, 0].width == 2)
    #expect(screen[6, 0].isContinuation)
  }

  @Test("Escape sequences and control characters show as caret notation in reverse video")
  func escapeSequencesAreShown() {
    let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}tab\there"
    let screen = render(table(ElementOfLabel(props: hostile)), width: 30, height: 1)
    expectScreen(screen, ["^[[2J^[]0;pwned^Gtab    here"])
    #expect(screen[0, 0].style.attributes.contains(.reverse))
    #expect(!screen[2, 0].style.attributes.contains(.reverse))
  }

  @Test("No cell ever holds a control, format or bidi-override character")
  func noControlCharacterReachesACell() {
    let nasty = [
      "\u{1B}[31mred", "bell\u{07}", "del\u{7F}", "csi\u{9B}2J", "rlo\u{202E}txt",
      "zero\u{200B}width", "bom\u{FEFF}", "cr\rlf", "\u{301}lone", "nul\u{0}",
    ]
    let table = Table(rows: nasty.map { Row(ElementOfLabel(props: $0), separatorStyle: .none) })
    let screen = render(table, width: 24, height: nasty.count)
    let unsafe = screen.cells.flatMap(\.character.unicodeScalars).filter {
      switch $0.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: true
      default: false
      }
    }
    #expect(unsafe.isEmpty)
    expectScreen(
      screen,
      [
        " ^[[31mred", " bell^G", " del^?", " csi<U+009B>2J", " rlo<U+202E>txt",
        " zero<U+200B>width", " bom<U+FEFF>", " cr^Mlf", " ◌́lone", " nul^@",
      ])
  }

  @Test("Line feeds break a label's lines, and show as ^J where only one line fits")
  func lineFeeds() {
    expectScreen(
      render(table(ElementOfLabel(props: "one\ntwo")), width: 5, height: 2), ["one", "two"])
    let button = ElementOfButtonWithAction(props: (buttonTitle: "a\nb", handler: {}))
    expectScreen(render(table(button), width: 10, height: 1), ["[ a^Jb ]"])
  }

  @Test("Labels align left, centre and right, and stop after their number of lines")
  func alignmentAndLineLimits() {
    let rows = [TextAlignment.left, .center, .right].map { alignment in
      Row(
        ElementOfLabel(props: "abc").styles { $0.alignment = alignment }, layoutMargins: .zero,
        separatorStyle: .none)
    }
    expectScreen(render(Table(rows: rows), width: 8, height: 3), ["abc", "  abc", "     abc"])
    let limited = ElementOfLabel(props: "one two three four").styles { $0.numberOfLines = 2 }
    expectScreen(render(table(limited), width: 9, height: 3), ["one two", "three fo…", ""])
  }

  @Test("An ASCII glyph set draws separators, ellipses and spinners in plain ASCII")
  func asciiGlyphs() {
    let rows = [
      Row(ElementOfLabel(props: "truncated text").styles { $0.numberOfLines = 1 }),
      Row(ElementOfActivityIndicator(props: true), separatorStyle: .none),
    ]
    let screen = render(Table(rows: rows), width: 10, height: 3, tick: 1, glyphs: .ascii)
    expectScreen(screen, [" truncat~", " ---------", "    /"])
  }
}
