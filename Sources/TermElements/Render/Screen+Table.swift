extension Screen {
  /// Draws `table` over the whole screen, scrolled `scrollOffset` lines down (clamped to what
  /// the table can scroll), with the row at `selection` highlighted: the headless renderer,
  /// for tests and for printing a table.
  ///
  /// Only the rows on screen are built and measured, however many the table holds.
  ///
  /// ```swift
  /// let table = Table(rows: ["Apple", "Pear"].map { Row(ElementOfLabel(props: $0)) })
  /// var screen = Screen(width: 10, height: 3)
  /// screen.render(table)
  /// screen.lines  // [" Apple    ", " ─────────", " Pear     "]
  /// ```
  public mutating func render(
    _ table: Table, scrollOffset: Int = 0, selection: IndexPath? = nil,
    glyphs: GlyphSet = .unicode
  ) {
    var layout = TableLayout(table: table, width: width)
    draw(glyphs: glyphs) { canvas in
      TablePainter.paint(&layout, scrollOffset: scrollOffset, selection: selection, in: &canvas)
    }
  }
}
