import Testing

@testable import TermElements

/// A megabyte of text on a line shows as its beginning would, whatever its length.
@Suite("Long text on one line")
struct LongTextTests {
  /// A megabyte of mixed text: ASCII, wide characters, combining marks and controls.
  static let megabyte: String = {
    let piece = "abc 東京 e\u{301} \u{1B}[31m tab\tend. "
    return String(repeating: piece, count: 1_000_000 / piece.utf8.count + 1)
  }()

  /// Draws `text` cut to `width` columns with `write(_:at:width:)`.
  static func written(_ text: String, width: Int) -> [String] {
    var screen = Screen(width: width + 2, height: 1)
    screen.draw { canvas in
      _ = canvas.write(text, at: .zero, width: width, style: .plain)
    }
    return screen.lines
  }

  /// Draws `text` as a one-line label.
  static func label(_ text: String, width: Int, lines: Int = 1) -> [String] {
    var screen = Screen(width: width, height: lines + 1)
    screen.render(
      Table(rows: [
        Row(
          ElementOfLabel(props: text).styles { $0.numberOfLines = lines }, separatorStyle: .none)
      ]))
    return screen.lines
  }

  @Test("write(_:at:width:) shows a megabyte as it shows its beginning")
  func writeCutsEarly() {
    let beginning = String(Self.megabyte.prefix(200))
    for width in [0, 1, 2, 7, 40, 80] {
      #expect(Self.written(Self.megabyte, width: width) == Self.written(beginning, width: width))
    }
    // Zero-width characters beyond what is kept still end the line with an ellipsis.
    let invisible = String(repeating: "\u{200B}", count: 10_000) + "visible"
    #expect(Self.written(invisible, width: 5).first?.contains("…") == true)
  }

  @Test("A label limited to some lines shows a megabyte as it shows its beginning")
  func labelCutsEarly() {
    let beginning = String(Self.megabyte.prefix(2_000))
    for (width, lines) in [(10, 1), (40, 1), (80, 1), (30, 3)] {
      #expect(
        Self.label(Self.megabyte, width: width, lines: lines)
          == Self.label(beginning, width: width, lines: lines))
    }
  }
}
