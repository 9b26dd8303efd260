import TermElements
import Testing

@testable import TermElementsCurses

extension ProcessWide {
  /// Frames and terminals with no lines or no columns, or hardly any, are copied without
  /// trapping.
  @Suite("Copying frames without cells")
  struct CursesScreenEmptySizeTests {
    @Test(
      "A frame with no cells blanks the terminal",
      arguments: [Size(width: 0, height: 0), Size(width: 0, height: 3), Size(width: 5, height: 0)])
    func emptyFrame(_ size: Size) throws {
      try TestTerminal.with(width: 5, height: 3) { terminal in
        terminal.draw(Screen.with(width: 5, height: 3, lines: ["abcde", "fghij", "klmno"]))
        terminal.draw(Screen(width: size.width, height: size.height))
        #expect(terminal.windowLines == ["     ", "     ", "     "])
        terminal.draw(Screen(width: size.width, height: size.height))
        #expect(terminal.windowLines == ["     ", "     ", "     "])
      }
    }

    @Test("A terminal resized to nothing keeps its last size, and frames of any size still copy")
    func resizedToNothing() throws {
      try TestTerminal.with(width: 6, height: 2) { terminal in
        for size in [
          Size(width: 0, height: 0), Size(width: 0, height: 4), Size(width: 4, height: 0),
        ] {
          terminal.resize(to: size)
          #expect(terminal.size == Size(width: 6, height: 2))
          terminal.draw(Screen(width: size.width, height: size.height))
          let frame = Screen.with(width: 6, height: 2, lines: ["after", "日本"])
          terminal.draw(frame)
          #expect(terminal.windowLines == frame.lines)
        }
      }
    }

    @Test("A one-cell terminal shows one column of whatever it is given")
    func oneCell() throws {
      try TestTerminal.with(width: 1, height: 1) { terminal in
        var frame = Screen(width: 1, height: 1)
        frame.draw { $0.write("日本", at: .zero) }
        terminal.draw(frame)
        #expect(terminal.windowLines == [" "])
        frame.draw { $0.write("x", at: .zero) }
        terminal.draw(frame)
        #expect(terminal.windowLines == ["x"])
        terminal.draw(Screen.with(width: 3, height: 2, lines: ["日本", "yz"]))
        #expect(terminal.windowLines == [" "])
        terminal.draw(Screen.with(width: 3, height: 2, lines: ["abc", "def"]))
        #expect(terminal.windowLines == ["a"])
      }
    }
  }
}
