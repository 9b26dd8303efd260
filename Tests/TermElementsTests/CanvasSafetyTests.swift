import Testing

@testable import TermElements

/// Whether a scalar must never sit in a cell: a control, format or separator character.
private func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.properties.generalCategory {
  case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate: true
  default: false
  }
}

/// The scalars of a screen's cells that must never be there.
private func unsafeScalars(_ screen: Screen) -> [UInt32] {
  screen.cells.flatMap(\.character.unicodeScalars).filter(isUnsafe).map(\.value)
}

/// A screen of `width` × `height` after `body` has drawn on it.
private func drawn(
  width: Int, height: Int, glyphs: GlyphSet = .unicode, _ body: (inout Canvas) -> Void
)
  -> Screen
{
  var screen = Screen(width: width, height: height)
  screen.draw(glyphs: glyphs, body)
  return screen
}

@Suite("The canvas checks every glyph before it reaches a cell")
struct CanvasGlyphCheckTests {
  @Test("Hand-made glyphs holding controls are drawn as replacements in reverse video")
  func handMadeControlGlyphs() {
    let hostile = ["\u{1B}", "\u{9B}", "\u{202E}", "\t", "\r\n", "\u{7F}", "\u{0}"].map {
      Glyph(Character($0), width: 1)
    }
    let screen = drawn(width: 40, height: 1) { canvas in
      #expect(canvas.write(hostile, at: .zero) == 28)
    }
    expectScreen(screen, ["^[<U+009B><U+202E>^I^M^J^?^@"])
    #expect(unsafeScalars(screen).isEmpty)
    #expect(screen.cells.prefix(28).allSatisfy { $0.style.attributes.contains(.reverse) })
  }

  @Test("A glyph's width is measured, not taken from the glyph")
  func wrongWidthClaims() {
    let glyphs = [
      Glyph("日", width: 1), Glyph("a", width: 2), Glyph("b", width: 0), Glyph("c", width: -4),
      Glyph("d", width: 99), Glyph("|", width: 1),
    ]
    let screen = drawn(width: 10, height: 1) { canvas in
      #expect(canvas.write(glyphs, at: .zero) == 7)
    }
    expectScreen(screen, ["日abcd|"])
    #expect(screen[0, 0].width == 2)
    #expect(screen[1, 0].isContinuation)
    #expect(screen[6, 0].character == "|")
  }

  @Test("A hand-made glyph of several terminal cells is drawn as those cells")
  func clusterInOneGlyph() {
    let screen = drawn(width: 6, height: 1) { canvas in
      canvas.write([Glyph("\u{915}\u{93F}", width: 1), Glyph("|", width: 1)], at: .zero)
    }
    #expect(screen[0, 0].character == "\u{915}")
    #expect(screen[1, 0].character == "\u{93F}")
    #expect(screen[2, 0].character == "|")
  }

  @Test("Tag characters hidden in a hand-made glyph are shown")
  func hiddenTagsInAGlyph() {
    let screen = drawn(width: 20, height: 1) { canvas in
      canvas.write([Glyph("a\u{E0068}", width: 1)], at: .zero)
    }
    expectScreen(screen, ["a<U+E0068>"])
  }

  @Test("Repeating a control character repeats its replacement, cut to the width")
  func repeatControl() {
    let screen = drawn(width: 8, height: 2) { canvas in
      canvas.repeatCharacter("\u{1B}", at: .zero, width: 5)
      canvas.repeatCharacter("日", at: Point(x: 0, y: 1), width: 5)
    }
    expectScreen(screen, ["^[^[", "日日"])
    #expect(unsafeScalars(screen).isEmpty)
    #expect(screen[4, 0].character == " ")
  }

  @Test("A glyph set of controls, wide and zero-width marks still draws only printable cells")
  func hostileGlyphSet() {
    let hostile = GlyphSet(
      ellipsis: "\u{1B}", horizontalLine: "\u{9B}", spinnerFrames: ["\u{7}", "\u{200B}"],
      combiningBase: "\u{1B}")
    let rows = [
      Row(ElementOfLabel(props: "truncated text").styles { $0.numberOfLines = 1 }),
      Row(ElementOfLabel(props: "\u{301}x"), separatorStyle: .none),
      Row(ElementOfActivityIndicator(props: true), separatorStyle: .none),
    ]
    let screen = render(Table(rows: rows), width: 12, height: 4, glyphs: hostile)
    #expect(unsafeScalars(screen).isEmpty)
    expectScreen(screen, [" truncate^[", " <U+009B>", " <U+0301>x", "     ^G"])
  }

  @Test("A wide ellipsis and a wide line keep the grid")
  func wideGlyphSet() {
    var wide = GlyphSet.unicode
    wide.ellipsis = "日"
    wide.horizontalLine = "═"
    let label = ElementOfLabel(props: "truncated text").styles { $0.numberOfLines = 1 }
    let rows = [Row(label), Row(ElementOfLabel(props: "x"), separatorStyle: .none)]
    let screen = render(Table(rows: rows), width: 10, height: 3, glyphs: wide)
    expectScreen(screen, [" trunca日", " ═════════", " x"])
  }
}

@Suite("Canvas and screen never trap, whatever the geometry")
struct CanvasTotalityTests {
  /// Extreme values for coordinates and sizes.
  static let extremes = [
    Int.min, Int.min + 1, -1_000_000, -2, -1, 0, 1, 3, 1_000_000, Int.max - 1, Int.max,
  ]

  @Test("An empty screen works with every API")
  func emptyScreen() {
    var screen = Screen(width: 0, height: 0)
    #expect(screen.lines == [])
    #expect(screen.line(0) == "")
    #expect(screen[0, 0] == .blank)
    #expect(screen[-1, Int.max] == .blank)
    screen.clear(style: Style(attributes: .bold))
    screen.draw { canvas in
      canvas.fill()
      canvas.fill(lines: 0..<3)
      canvas.write("hello", at: .zero)
      canvas.write([Glyph("日", width: 2)], at: Point(x: 1, y: 1))
      canvas.repeatCharacter("-", at: .zero, width: 10)
      canvas.draw(in: Rect(x: 0, y: 0, width: 5, height: 5)) { $0.write("x", at: .zero) }
    }
    screen.draw(in: Rect(x: 3, y: 3, width: 3, height: 3)) { $0.fill() }
    #expect(screen == Screen(width: 0, height: 0))
  }

  @Test("Screens of negative or huge sizes are cut to what can be held")
  func screenSizes() {
    #expect(Screen(width: -3, height: 5).size == Size(width: 0, height: 5))
    #expect(Screen(width: 4, height: Int.min).size == Size(width: 4, height: 0))
    let huge = Screen(width: Int.max, height: Int.max)
    #expect(huge.width == Screen.maximumSide)
    #expect(huge.cells.count <= Screen.maximumCells)
  }

  @Test("Reading outside the screen gives blanks and empty lines")
  func readingOutside() {
    let screen = Screen(width: 3, height: 2)
    for value in Self.extremes where !(0..<2).contains(value) {
      #expect(screen.line(value) == "")
      #expect(screen[value, 0] == .blank)
      #expect(screen[0, value] == .blank)
    }
  }

  @Test("Writes, fills and repeats at any point and width stay inside the region")
  func extremePointsAndWidths() {
    var screen = Screen(width: 6, height: 3)
    screen.draw(in: Rect(x: 1, y: 1, width: 4, height: 1)) { canvas in
      for x in Self.extremes {
        for y in Self.extremes {
          let point = Point(x: x, y: y)
          canvas.write("日本語ab", at: point)
          canvas.write([Glyph("\u{1B}", width: -1), Glyph("x", width: Int.max)], at: point)
          canvas.writeASCII("abc".utf8, at: point, style: .plain)
          for width in Self.extremes {
            canvas.repeatCharacter("=", at: point, width: width)
          }
        }
        canvas.fill(lines: x..<Int.max)
        canvas.fill(lines: Int.min..<x)
      }
      canvas.repeatCharacter("=", at: Point(x: 1, y: 0), width: -3)
      canvas.repeatCharacter("=", at: Point(x: 3, y: 0), width: 1)
      canvas.repeatCharacter("=", at: Point(x: 2, y: 0), width: 0)
    }
    expectScreen(screen, ["", "    =", ""])
  }

  @Test("Sub-regions of any rectangle clip to their parent")
  func extremeRectangles() {
    var screen = Screen(width: 5, height: 2)
    for x in Self.extremes {
      for width in Self.extremes {
        let rect = Rect(x: x, y: x, width: width, height: width)
        _ = rect.intersection(screen.bounds)
        _ = rect.contains(Point(x: x, y: x))
        screen.draw(in: rect) { canvas in
          canvas.fill(style: Style(attributes: .bold))
          canvas.write("#", at: .zero)
          canvas.draw(in: Rect(x: width, y: x, width: x, height: width)) { inner in
            inner.write("!", at: Point(x: -1, y: 0))
            inner.fill(lines: 0..<1)
          }
        }
      }
    }
    screen.draw { canvas in
      canvas.draw(in: Rect(x: 1, y: 0, width: 10, height: 1)) { $0.write("abcdef", at: .zero) }
      canvas.draw(in: Rect(x: -2, y: 1, width: 4, height: Int.max)) { $0.write("wxyz", at: .zero) }
    }
    expectScreen(screen, ["#abcd", "yz   "])
  }

  @Test("Rectangles with extreme sides neither overflow nor trap")
  func rectangleArithmetic() {
    let rect = Rect(x: Int.max, y: Int.min, width: Int.max, height: Int.min)
    #expect(rect.maxX == Int.max)
    #expect(rect.maxY == Int.min)
    #expect(rect.isEmpty)
    let everything = Rect(x: Int.min, y: Int.min, width: Int.max, height: Int.max)
    #expect(everything.intersection(Rect(x: -5, y: -5, width: 3, height: 3)).width == 3)
    #expect(!rect.contains(Point(x: Int.max, y: Int.min)))
  }
}
