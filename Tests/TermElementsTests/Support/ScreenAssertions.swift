import Testing

@testable import TermElements

/// Expects the screen to show exactly `expected`, each line padded with spaces to the screen's
/// width as ratatui's `Buffer::with_lines` does; on a mismatch both screens are printed framed.
func expectScreen(
  _ screen: Screen, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
  let padded = expected.map { line in
    line + String(repeating: " ", count: max(0, screen.width - DisplayText.width(of: line)))
  }
  guard screen.lines != padded else { return }
  let frame = { (lines: [String]) in lines.map { "│\($0)│" }.joined(separator: "\n") }
  Issue.record(
    """
    The screen differs.
    Expected:
    \(frame(padded))
    Actual:
    \(frame(screen.lines))
    """, sourceLocation: sourceLocation)
}

/// Paints `table` into a new screen of `width` × `height` scrolled `offset` lines.
func render(
  _ table: Table, width: Int, height: Int, offset: Int = 0, selection: IndexPath? = nil,
  tick: Int = 0, glyphs: GlyphSet = .unicode
) -> Screen {
  var layout = TableLayout(table: table, width: width)
  return render(
    &layout, width: width, height: height, offset: offset, selection: selection, tick: tick,
    glyphs: glyphs)
}

/// Paints the table laid out by `layout` into a new screen, keeping what the layout measured.
func render(
  _ layout: inout TableLayout, width: Int, height: Int, offset: Int = 0,
  selection: IndexPath? = nil, tick: Int = 0, glyphs: GlyphSet = .unicode
) -> Screen {
  var screen = Screen(width: width, height: height)
  screen.draw(tick: tick, glyphs: glyphs) {
    TablePainter.paint(&layout, scrollOffset: offset, selection: selection, in: &$0)
  }
  return screen
}

/// A row showing `text` in a plain label, without separator.
func plainRow(_ text: String) -> Row {
  Row(ElementOfLabel(props: text), separatorStyle: .none)
}

/// `count` plain rows named with `prefix` and their index.
func plainRows(_ prefix: String, count: Int) -> [Row] {
  (0..<count).map { plainRow("\(prefix) \($0)") }
}
