import TermElements
import TermElementsRecords
import Testing

/// The search highlight and the cursor's header cell, drawn by ``RecordLine`` itself.
@Suite("Record line marks")
struct RecordLineMarkTests {
  /// Draws `props` on a line `width` columns wide.
  static func draw(_ props: RecordLine.Props, width: Int, glyphs: GlyphSet = .unicode) -> Screen {
    var screen = Screen(width: width, height: 1)
    screen.draw(in: Rect(x: 0, y: 0, width: width, height: 1), glyphs: glyphs) { canvas in
      ElementOf<RecordLine>(props: props).draw(in: &canvas)
    }
    return screen
  }

  /// The columns of `screen`'s line drawn highlighted.
  static func highlighted(_ screen: Screen) -> [Int] {
    (0..<screen.width).filter { screen.style(atX: $0, y: 0).background == .yellow }
  }

  /// Every occurrence, in any case, in every text cell; numbers and NULL are left alone.
  @Test("Every occurrence of the highlight, ignoring case")
  func highlight() {
    let props = RecordLine.Props(
      cells: [
        RecordLine.Cell(.integer(42)), RecordLine.Cell(.text("Love, LOVE, love")),
        RecordLine.Cell(.real(4.2)), RecordLine.Cell(.null),
      ],
      widths: [3, 16, 5, 4], highlight: "lOvE")
    let screen = Self.draw(props, width: 40)
    #expect(screen.lines == [" 42 │ Love, LOVE, love │   4.2 │ NULL   "])
    #expect(Self.highlighted(screen) == [6, 7, 8, 9, 12, 13, 14, 15, 18, 19, 20, 21])
    let style = screen.style(atX: 6, y: 0)
    #expect(style.foreground == .black && style.monochrome.contains(.reverse))
    // No highlight, or an empty one, highlights nothing.
    var plain = props
    plain.highlight = ""
    #expect(Self.highlighted(Self.draw(plain, width: 40)).isEmpty)
    plain.highlight = nil
    #expect(Self.highlighted(Self.draw(plain, width: 40)).isEmpty)
    // Whole and exact decimal numbers are searched, and marked; reals are not.
    let numbers = Self.draw(
      RecordLine.Props(
        cells: [.init(.integer(42)), .init(.real(4.2)), .init(.decimal("4.5"))],
        widths: [3, 3, 3],
        highlight: "4"),
      width: 18)
    #expect(numbers.lines == [" 42 │ 4.2 │ 4.5   "])
    #expect(Self.highlighted(numbers) == [1, 12])
  }

  /// In a cut cell, what shows of an occurrence is highlighted, the `…` and what is cut never.
  @Test("A cut cell highlights what shows")
  func highlightInCutCell() {
    let text = RecordLine.Cell(.text("Lovelace loves love"))
    let cut = Self.draw(RecordLine.Props(cells: [text], widths: [10], highlight: "love"), width: 40)
    #expect(cut.lines[0].hasPrefix("Lovelace…"))
    #expect(Self.highlighted(cut) == [0, 1, 2, 3])
    let partly = Self.draw(
      RecordLine.Props(cells: [text], widths: [12], highlight: "LOVE"), width: 40)
    #expect(partly.lines[0].hasPrefix("Lovelace lo…"))
    #expect(Self.highlighted(partly) == [0, 1, 2, 3, 9, 10])
    // After wide characters and a tab, the occurrence is found where it is drawn.
    let wide = Self.draw(
      RecordLine.Props(cells: [.init("東京\tcafé Café")], widths: [30], highlight: "CAFÉ"), width: 40)
    #expect(wide.lines[0].hasPrefix("東京    café Café"))
    #expect(Self.highlighted(wide) == [8, 9, 10, 11, 13, 14, 15, 16])
  }

  /// The header marks hidden columns with ‹ and ›, or < and > in ASCII, and reverses the
  /// cursor's column; a record line marks nothing.
  @Test("The header's marks")
  func headerMarks() {
    let names = ["id", "name", "email", "city"].map { RecordLine.Cell($0, kind: .header) }
    let columns = ColumnState(keys: [0], first: 2, cursor: 2)
    let header = RecordLine.Props(
      cells: names, widths: [3, 10, 10, 10], columns: columns, isHeader: true)
    let unicode = Self.draw(header, width: 25)
    #expect(unicode.lines == ["id  ‹ email      │ city ›"])
    #expect(
      (0..<25).filter { unicode.style(atX: $0, y: 0).attributes.contains(.underline) }
        == Array(6..<16))
    #expect(unicode.style(atX: 6, y: 0).attributes.contains(.reverse))
    #expect(unicode.style(atX: 0, y: 0).attributes == .bold)
    let ascii = Self.draw(header, width: 25, glyphs: .ascii)
    #expect(ascii.lines == ["id  < email      | city >"])
    var record = header
    record.isHeader = false
    let line = Self.draw(record, width: 25)
    #expect(line.lines == ["id  │ email      │ city  "])
    #expect(!(0..<25).contains { line.style(atX: $0, y: 0).attributes.contains(.underline) })
    // Scrolled back to the start, nothing is hidden on the left, and › stays.
    record.columns.first = nil
    record.columns.cursor = 0
    record.isHeader = true
    #expect(Self.draw(record, width: 25).lines == ["id  │ name       │ email›"])
  }
}
