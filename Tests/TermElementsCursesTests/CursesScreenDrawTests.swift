import TermElements
import Testing

@testable import TermElementsCurses

extension ProcessWide {
  /// Frames copied into ncurses, read back from ncurses' own window: what the terminal shows.
  @Suite("Copying frames to ncurses")
  struct CursesScreenDrawTests {
    @Test("Lines of ASCII arrive whole, trailing blanks and all")
    func ascii() throws {
      try TestTerminal.with(width: 12, height: 3) { terminal in
        let frame = Screen.with(width: 12, height: 3, lines: ["Hello, world", "  indented", ""])
        terminal.draw(frame)
        #expect(terminal.windowLines == ["Hello, world", "  indented  ", "            "])
        #expect(terminal.windowLines == frame.lines)
      }
    }

    @Test("Attributes and colours arrive with every character")
    func styles() throws {
      try TestTerminal.with(width: 16, height: 2) { terminal in
        var frame = Screen(width: 16, height: 2)
        frame.draw { canvas in
          canvas.write("bold", at: .zero, style: Style(foreground: .red, attributes: .bold))
          canvas.write(" rev ", at: Point(x: 4, y: 0), style: Style(attributes: .reverse))
          canvas.write(
            "dim", at: Point(x: 9, y: 0),
            style: Style(background: .palette(214), attributes: [.dim, .underline]))
          canvas.write("中", at: Point(x: 12, y: 0), style: Style(foreground: .brightCyan))
          canvas.fill(style: Style())
          canvas.draw(in: Rect(x: 0, y: 1, width: 16, height: 1)) {
            $0.fill(style: Style(background: .blue))
            $0.write("on blue", at: Point(x: 2, y: 0), style: Style(foreground: .white))
          }
        }
        terminal.draw(frame)
        #expect(terminal.windowLines == frame.lines)
        #expect(terminal.windowStyles(line: 0) == frame.styles(line: 0))
        #expect(terminal.windowStyles(line: 1) == frame.styles(line: 1))
        #expect(terminal.windowStyles(line: 1).first == Style(background: .blue))
      }
    }

    @Test(
      "ASCII in more colour pairs than a chtype holds arrives in the right colours, after the first 255 too"
    )
    func manyColourPairs() throws {
      try TestTerminal.with(width: 20, height: 16) { terminal in
        var frame = Screen(width: 20, height: 16)
        frame.draw { canvas in
          for index in 0..<320 {
            let style = Style(
              foreground: .palette(UInt8(index % 256)), background: .palette(UInt8(index / 256 + 1))
            )
            canvas.write("x", at: Point(x: index % 20, y: index / 20), style: style)
          }
        }
        terminal.draw(frame)
        #expect(terminal.windowLines == frame.lines)
        for y in 0..<16 {
          #expect(terminal.windowStyles(line: y) == frame.styles(line: y), "line \(y)")
        }
      }
    }

    @Test("Wide characters take two columns, and combining marks stay on their letter")
    func wideAndCombining() throws {
      try TestTerminal.with(width: 10, height: 3) { terminal in
        let frame = Screen.with(
          width: 10, height: 3, lines: ["日本語 ok", "e\u{301}t\u{E9} n\u{303}", "한국어한국"])
        terminal.draw(frame)
        #expect(frame.lines == ["日本語 ok ", "e\u{301}t\u{E9} n\u{303}     ", "한국어한국"])
        #expect(terminal.windowLines == frame.lines)
      }
    }

    @Test("A character of several spacing code points shows its first, and no stray joiner")
    func joinedEmoji() throws {
      let output = try TestTerminal.with(width: 10, height: 2) { terminal in
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let thumb = "\u{1F44D}\u{1F3FD}"
        let frame = Screen.with(
          width: 10, height: 2, lines: [family + " é " + thumb, "x\u{FE0F}"])
        terminal.draw(frame)
        #expect(terminal.windowLines == ["\u{1F468} é \u{1F44D}   ", "x\u{FE0F}         "])
      }
      // Nothing that joins reaches the terminal.
      #expect(!String(decoding: output, as: UTF8.self).unicodeScalars.contains("\u{200D}"))
    }

    @Test("A second frame copies only what changed, and the window matches it")
    func secondFrame() throws {
      try TestTerminal.with(width: 10, height: 4) { terminal in
        let first = Screen.with(
          width: 10, height: 4, lines: ["keep this", "日本語日本", "long line!", "ascii"])
        terminal.draw(first)
        #expect(terminal.windowLines == first.lines)
        let second = Screen.with(
          width: 10, height: 4, lines: ["keep this", "a日b本c", "short", "中文 wide"])
        terminal.draw(second)
        #expect(
          terminal.windowLines == ["keep this ", "a日b本c   ", "short     ", "中文 wide "])
        #expect(terminal.windowLines == second.lines)
        terminal.draw(first)
        #expect(terminal.windowLines == first.lines)
      }
    }

    @Test("A line drawn blank after text is cleared, in the terminal's default style")
    func clearedLine() throws {
      try TestTerminal.with(width: 8, height: 2) { terminal in
        let styled = Screen.with(
          width: 8, height: 2, lines: ["selected", "row"], style: Style(attributes: .reverse))
        terminal.draw(styled)
        terminal.draw(Screen(width: 8, height: 2))
        #expect(terminal.windowLines == ["        ", "        "])
        #expect(terminal.windowStyles(line: 0) == Array(repeating: .plain, count: 8))
      }
    }

    @Test("After a resize, frames of the new size fill the window")
    func resize() throws {
      try TestTerminal.with(width: 20, height: 4) { terminal in
        terminal.draw(
          Screen.with(width: 20, height: 4, lines: ["wide first frame", "2", "3", "4"]))
        for size in [
          Size(width: 12, height: 3), Size(width: 30, height: 6), Size(width: 1, height: 1),
        ] {
          terminal.resize(to: size)
          #expect(terminal.size == size)
          let frame = Screen.with(
            width: size.width, height: size.height, lines: ["résumé 日本 at \(size.width)", "next"])
          terminal.draw(frame)
          #expect(terminal.windowLines == frame.lines, "at \(size.width)x\(size.height)")
        }
      }
    }

    @Test("A frame larger than the terminal is cut to it, a smaller one blanks the rest")
    func otherSizes() throws {
      try TestTerminal.with(width: 8, height: 3) { terminal in
        terminal.draw(
          Screen.with(width: 8, height: 3, lines: ["xxxxxxxx", "xxxxxxxx", "xxxxxxxx"]))
        terminal.draw(Screen.with(width: 12, height: 4, lines: ["0123456789", "abc日本語", "", "d"]))
        #expect(terminal.windowLines == ["01234567", "abc日本 ", "        "])
        terminal.draw(Screen.with(width: 3, height: 2, lines: ["abc", "de"]))
        #expect(terminal.windowLines == ["abc     ", "de      ", "        "])
      }
    }
  }
}
