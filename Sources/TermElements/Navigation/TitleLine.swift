/// The navigation bar of the terminal: the titles of the screens on the stack, as a
/// breadcrumb such as `Tables › people › id 6`, cut from the left with `…` when too wide.
enum TitleLine {
  /// The separator between titles.
  static let separator = " › "

  /// The breadcrumb of `titles` in `width` columns, its start cut away when it is too wide.
  static func text(titles: [String], width: Int, glyphs: GlyphSet) -> [Glyph] {
    let full = DisplayText.singleLine(of: titles.joined(separator: separator), glyphs: glyphs)
    guard TextLayout.columns(full) > width else { return full }
    guard width > 0 else { return [] }
    // Keep the end: the current screen's title matters most.
    var kept: [Glyph] = []
    var used = 1
    for glyph in full.reversed() {
      if used + glyph.width > width { break }
      kept.append(glyph)
      used += glyph.width
    }
    return [Glyph(glyphs.ellipsis, width: 1)] + kept.reversed()
  }

  /// Draws the breadcrumb in bold on `line` of `screen`, with a spinner at the right end
  /// while the screen is busy, such as refreshing.
  static func draw(
    titles: [String], glyphs: GlyphSet, isBusy: Bool, tick: Int, into screen: inout Screen,
    line: Rect
  ) {
    screen.draw(in: line, tick: tick, glyphs: glyphs) { canvas in
      let style = Style(attributes: .bold)
      canvas.fill()
      let spinner = isBusy ? 2 : 0
      let text = text(
        titles: titles, width: max(0, canvas.size.width - 2 - spinner), glyphs: canvas.glyphs)
      canvas.write(text, at: Point(x: 1, y: 0), style: style)
      if isBusy && canvas.size.width >= 2 {
        canvas.draw(in: Rect(x: canvas.size.width - 2, y: 0, width: 1, height: 1)) {
          ActivityIndicator.draw(true, styles: .plain, in: &$0)
        }
      }
    }
  }
}
