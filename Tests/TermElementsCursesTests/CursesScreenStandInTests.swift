import TermElements
import Testing

@testable import TermElementsCurses

extension ProcessWide {
  /// Whatever a frame holds, no control character reaches the terminal: the copy to ncurses
  /// draws a `?` with reverse video switched in its place.
  @Suite("The stand-in for characters the terminal must not be sent")
  struct CursesScreenStandInTests {
    /// Characters a `Glyph`, and so a cell, can hold that the terminal must never be sent.
    static let unsendable: [Character] = [
      "\u{1B}", "\u{07}", "\u{9B}", "\u{00}", "\u{08}", "\u{0D}", "\u{0A}", "\r\n", "\u{09}",
      "\u{7F}", "\u{85}", "\u{90}", "\u{9D}", "\u{9F}", "\u{2028}", "\u{2029}", "\u{202E}",
      "\u{2067}", "\u{200F}",
    ]

    /// A frame with `characters` between the letters of `abc…`, each in a cell of its own,
    /// written as they are: no public API can make such a frame, since every write is
    /// sanitized first.
    private func frame(_ characters: [Character], width: Int, style: Style = .plain) -> Screen {
      var frame = Screen(width: width, height: 2)
      let letters = "abcdefghijklmnopqrstuvwxyz"
      for (index, (character, letter)) in zip(characters, letters).enumerated() {
        frame.overwrite(letter, width: 1, x: 2 * index, y: 0, style: style)
        frame.overwrite(character, width: 1, x: 2 * index + 1, y: 0, style: style)
      }
      frame.overwrite("\u{1B}", width: 2, x: 0, y: 1)
      frame.overwrite(" ", width: 0, x: 1, y: 1)
      frame.overwrite("x", width: 1, x: 2, y: 1)
      return frame
    }

    @Test("Each control character shows as the stand-in, in the cell's own column")
    func standInShown() throws {
      let count = Self.unsendable.count
      try TestTerminal.with(width: 2 * count, height: 2) { terminal in
        terminal.draw(frame(Self.unsendable, width: 2 * count))
        #expect(
          terminal.windowLines == [
            "a?b?c?d?e?f?g?h?i?j?k?l?m?n?o?p?q?r?s?",
            "? x" + String(repeating: " ", count: 35),
          ])
        let styles = terminal.windowStyles(line: 0)
        #expect(
          styles.enumerated().allSatisfy {
            $0.element.attributes == ($0.offset % 2 == 1 ? .reverse : [])
          })
      }
    }

    @Test("On reverse video, the stand-in switches reverse off, keeping the colours")
    func standInOnReverse() throws {
      try TestTerminal.with(width: 4, height: 2) { terminal in
        let style = Style(foreground: .yellow, attributes: [.reverse, .bold])
        terminal.draw(frame(["\u{1B}", "\u{9B}"], width: 4, style: style))
        #expect(terminal.windowLines[0] == "a?b?")
        #expect(
          terminal.windowStyles(line: 0) == [
            Style(foreground: .yellow, attributes: [.reverse, .bold]),
            Style(foreground: .yellow, attributes: .bold),
            Style(foreground: .yellow, attributes: [.reverse, .bold]),
            Style(foreground: .yellow, attributes: .bold),
          ])
      }
    }

    @Test("The terminal is sent exactly what it is for a frame of visible stand-ins")
    func bytesSent() throws {
      let count = Self.unsendable.count
      let width = 2 * count
      let sent = try TestTerminal.with(width: width, height: 2) { terminal in
        terminal.draw(frame(Self.unsendable, width: width))
      }
      let expected = try TestTerminal.with(width: width, height: 2) { terminal in
        var visible = Screen(width: width, height: 2)
        visible.draw { canvas in
          for (index, letter) in "abcdefghijklmnopqrstuvwxyz".prefix(count).enumerated() {
            canvas.write(String(letter), at: Point(x: 2 * index, y: 0))
            canvas.write("?", at: Point(x: 2 * index + 1, y: 0), style: Style(attributes: .reverse))
          }
          canvas.write("?", at: Point(x: 0, y: 1), style: Style(attributes: .reverse))
          canvas.write("x", at: Point(x: 2, y: 1))
        }
        terminal.draw(visible)
      }
      #expect(sent == expected)
      #expect(!sent.contains(0x07) && !sent.contains(0x00) && !sent.contains(0x9B))
      #expect(!sent.contains(0x85) && !sent.contains(0x7F) && !sent.contains(0x08))
      // Line feeds and carriage returns are ncurses' own cursor motions here; the
      // comparison above shows that none came from the frame.
      #expect(sent.count > 0)
    }

    @Test("A character ncurses cannot give the frame's columns is a stand-in too")
    func widthMismatch() throws {
      try TestTerminal.with(width: 8, height: 2) { terminal in
        var frame = Screen(width: 8, height: 2)
        // Two columns for ncurses, one for the frame; a mark with nothing under it.
        frame.overwrite("中", width: 1, x: 0, y: 0)
        frame.overwrite("\u{301}", width: 1, x: 1, y: 0)
        frame.overwrite("z", width: 1, x: 2, y: 0)
        // One column for ncurses, two for the frame: padded, not a stand-in.
        frame.overwrite("é", width: 2, x: 0, y: 1)
        frame.overwrite(" ", width: 0, x: 1, y: 1)
        frame.overwrite("z", width: 1, x: 2, y: 1)
        terminal.draw(frame)
        #expect(terminal.windowLines == ["??z     ", "é z     "])
      }
    }

    @Test("Printable characters that look unusual are sent as they are")
    func sendable() {
      let fine: [Character] = [
        "a", "é", "e\u{301}", "中", "😀", "👩‍👩‍👧", "🇫🇷", "\u{A0}", "\u{AD}", "\u{E000}", "\u{FFFD}",
        "\u{200D}",
      ]
      #expect(fine.allSatisfy(StandIn.isSendable))
      #expect(!Self.unsendable.contains(where: StandIn.isSendable))
    }
  }
}
