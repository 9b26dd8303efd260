import Foundation
import TermElements

/// One line of aligned cells: a record, or the header of column names.
///
/// The line shows the columns that fit the width it is drawn at: the key columns frozen at
/// the left, then the columns scrolled to (see ``ColumnState``). Each column is fitted to the
/// width, each cell is cut to its column's width with `…`, and its text
/// goes through the canvas, so that control characters and the like are shown, not obeyed.
/// The header marks columns hidden to the left with `‹` and to the right with `›`, and shows
/// the column under the cursor in reverse video, underlined.
///
/// ```swift
/// let line = ElementOf<RecordLine>(
///   props: RecordLine.Props(cells: [.init("1"), .init("Ada")], widths: [3, 10]))
/// ```
public enum RecordLine: ElementView {
  /// How a cell looks.
  public enum Kind: Equatable, Sendable {
    /// Text, left aligned.
    case text
    /// A number, right aligned.
    case number
    /// SQL NULL, dimmed.
    case null
    /// A BLOB's size, in colour.
    case blob
    /// A column name.
    case header
  }

  /// One cell's text and look.
  public struct Cell: Equatable, Sendable {
    /// The text, cut to a little more than any column is wide.
    package var text: String
    /// How it looks.
    package var kind: Kind
    /// Whether a search looks at the cell's value, and so whether its matches are marked.
    package var isSearched: Bool

    /// Makes a cell, searched when it is text.
    public init(_ text: String, kind: Kind = .text) {
      // A text of no more bytes than the characters kept is kept whole, not counted again
      // character by character: every cell of every page held comes through here.
      let kept = ColumnWidths.naturalMaximum * 2 + 1
      self.text = text.utf8.count <= kept ? text : String(text.prefix(kept))
      self.kind = kind
      isSearched = kind == .text
    }

    /// The cell for a value, a number showing `decimals` digits after its point.
    public init(_ value: CellValue, decimals: Int? = nil) {
      let kind: Kind =
        switch value {
        case .null: .null
        case .blob: .blob
        case .integer, .decimal, .real: .number
        case .boolean, .text, .json, .date, .time, .timestamp: .text
        }
      self.init(value.cellText(decimals: decimals), kind: kind)
      isSearched = SearchText.isSearched(value)
    }
  }

  /// The cells, their columns' widths, where the columns are scrolled, and what to highlight.
  public struct Props: Equatable, Sendable {
    /// The cells, left to right.
    package var cells: [Cell]
    /// The natural width of each cell's column, which drawing fits to the line's width.
    package var widths: [Int]
    /// The key columns, where the columns are scrolled, and the column under the cursor.
    package var columns: ColumnState
    /// Whether the line is the header of column names, which marks hidden columns and the
    /// column under the cursor.
    package var isHeader: Bool
    /// Text to highlight: every occurrence in a text cell, ignoring case, is drawn black on
    /// yellow (in reverse video without colours); `nil` or empty highlights nothing.
    package var highlight: String?
    /// The column of the first cell: a line of very many columns may hold the cells of the
    /// columns around those shown only, from this one on; a column it holds no cell of is
    /// drawn empty.
    package var firstCellColumn = 0
    /// What a records screen's lines read as they are drawn, in place of ``columns`` and
    /// ``highlight``: moving the cursor or searching changes it, not each line.
    var context: RecordLineContext?

    /// Makes props.
    public init(
      cells: [Cell], widths: [Int], columns: ColumnState = ColumnState(),
      isHeader: Bool = false, highlight: String? = nil
    ) {
      self.cells = cells
      self.widths = widths
      self.columns = columns
      self.isHeader = isHeader
      self.highlight = highlight
    }
  }

  /// Columns between cells.
  package static let gap = 3

  /// Always one line.
  public static func height(of props: Props, styles: Style, width: Int) -> Int { 1 }

  /// The columns and the gaps between them.
  public static func preferredWidth(of props: Props, styles: Style) -> Int? {
    props.widths.reduce(0, +) + gap * max(0, props.widths.count - 1)
  }

  /// The style of a kind of cell.
  static func style(of kind: Kind) -> Style {
    switch kind {
    case .text, .number: .plain
    case .null: Style(foreground: .brightBlack, attributes: .dim, monochrome: .dim)
    case .blob: Style(foreground: .cyan)
    case .header: Style(attributes: .bold)
    }
  }

  /// The header cell of the column under the cursor: the header's colours swapped, underlined
  /// so that it stands out without colours too.
  static let cursorStyle = Style(attributes: [.reverse, .underline])

  /// The occurrences of ``Props/highlight``.
  static let highlightStyle = Style(foreground: .black, background: .yellow, monochrome: .reverse)

  /// The marks of hidden columns.
  static let markStyle = Style(attributes: .bold)

  /// Draws the columns the viewport places at the canvas's width, separated by a rule, and on
  /// the header the marks of hidden columns and the cursor's column.
  public static func draw(_ props: Props, styles: Style, in canvas: inout Canvas) {
    canvas.fill(style: styles)
    let width = canvas.size.width
    let (columns, highlight) = props.context?.current ?? (props.columns, props.highlight)
    let viewport = columns.viewport(widths: props.widths, width: width)
    let rule: Character = canvas.glyphs == .ascii ? "|" : "│"
    for (index, placement) in viewport.placements.enumerated() {
      if index > 0 {
        // " │ ", its three cells written one by one: the rule alone is not ASCII.
        let x = placement.x - gap
        let ruleStyle = Style(foreground: .brightBlack)
        _ = canvas.write(" ", at: Point(x: x, y: 0), style: ruleStyle)
        canvas.repeatCharacter(rule, at: Point(x: x + 1, y: 0), width: 1, style: ruleStyle)
        _ = canvas.write(" ", at: Point(x: x + 2, y: 0), style: ruleStyle)
      }
      let index = placement.column - props.firstCellColumn
      guard index >= 0, index < props.cells.count else { continue }
      let cell = props.cells[index]
      var textStyle = style(of: cell.kind)
      if props.isHeader && placement.column == viewport.cursor {
        canvas.draw(in: Rect(x: placement.x, y: 0, width: placement.width, height: 1)) {
          $0.fill(style: cursorStyle)
        }
        textStyle = textStyle.over(cursorStyle)
      }
      let text = shownText(cell.text, glyphs: canvas.glyphs)
      let pad = cell.kind == .number ? max(0, placement.width - text.terminalWidth) : 0
      canvas.write(
        text, at: Point(x: placement.x + pad, y: 0), width: placement.width - pad,
        style: textStyle)
      if text != cell.text {
        drawLineBreakMarks(
          in: text, glyphs: canvas.glyphs, at: placement.x + pad, width: placement.width - pad,
          style: textStyle, in: &canvas)
      }
      // The highlight marks what the search matches, in the values it looks at.
      if cell.isSearched, let highlight, !highlight.isEmpty {
        drawHighlights(
          of: highlight, in: text, at: placement.x + pad, width: placement.width - pad,
          in: &canvas)
      }
    }
    guard props.isHeader else { return }
    if viewport.hidesColumnsOnLeft {
      // In place of the rule after the frozen columns, or at the line's start without them.
      let x = viewport.scrollableX >= gap ? viewport.scrollableX - gap + 1 : 0
      canvas.write(canvas.glyphs == .ascii ? "<" : "‹", at: Point(x: x, y: 0), style: markStyle)
    }
    if viewport.hidesColumnsOnRight {
      canvas.write(
        canvas.glyphs == .ascii ? ">" : "›", at: Point(x: width - 1, y: 0), style: markStyle)
    }
  }

  /// The mark a line break in a cell is drawn as: `↵`, or `\n` without Unicode.
  static func lineBreakMark(_ glyphs: GlyphSet) -> String {
    glyphs == .ascii ? "\\n" : "↵"
  }

  /// `text` with each line break (a line feed, a carriage return, or both) replaced by
  /// ``lineBreakMark(_:)``: a cell is one line, and a quiet mark reads better than `^J`.
  static func shownText(_ text: String, glyphs: GlyphSet) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    let mark = lineBreakMark(glyphs)
    var shown = ""
    for character in text {
      if character == "\n" || character == "\r" || character == "\r\n" {
        shown += mark
      } else {
        shown.append(character)
      }
    }
    return shown
  }

  /// Draws again, dimmed, each line-break mark in `text`, a cell drawn at `x` in a column
  /// `width` wide, as far as the text shows.
  static func drawLineBreakMarks(
    in text: String, glyphs: GlyphSet, at x: Int, width: Int, style: Style,
    in canvas: inout Canvas
  ) {
    let shown = shownWidth(of: text, in: width)
    let mark = lineBreakMark(glyphs)
    let quiet = Style(foreground: .brightBlack, attributes: .dim, monochrome: .dim).over(style)
    canvas.draw(in: Rect(x: x, y: 0, width: shown, height: 1)) { cell in
      var start = text.startIndex
      while let found = text[start...].range(of: mark) {
        let column = String(text[..<found.lowerBound]).terminalWidth
        guard column < shown else { break }
        cell.write(mark, at: Point(x: column, y: 0), style: quiet)
        start = found.upperBound
      }
    }
  }

  /// Draws again, in ``highlightStyle``, every occurrence of `needle` (ignoring case) in `text`,
  /// a cell drawn at `x` in a column `width` wide, as far as the text shows: never over the
  /// `…` of a cut cell.
  static func drawHighlights(
    of needle: String, in text: String, at x: Int, width: Int, in canvas: inout Canvas
  ) {
    let shown = shownWidth(of: text, in: width)
    guard shown > 0 else { return }
    canvas.draw(in: Rect(x: x, y: 0, width: shown, height: 1)) { cell in
      // The search's own rule of case, so that what is marked is what it matched.
      for found in SearchText(needle).ranges(in: text) {
        let start = String(text[..<found.lowerBound]).terminalWidth
        guard start < shown else { break }
        cell.write(String(text[found]), at: Point(x: start, y: 0), style: highlightStyle)
      }
    }
  }

  /// The columns of `text` that show in a column `width` wide: all of them when it fits;
  /// otherwise, as the canvas cuts it, the longest beginning that leaves a column for the `…`,
  /// less the blanks at its end.
  static func shownWidth(of text: String, in width: Int) -> Int {
    guard text.terminalWidth > width else { return width }
    // Widths of beginnings only grow with their length: find the longest that fits.
    var low = 0
    var high = text.count
    while low < high {
      let middle = (low + high + 1) / 2
      if String(text.prefix(middle)).terminalWidth <= width - 1 {
        low = middle
      } else {
        high = middle - 1
      }
    }
    var kept = text.prefix(low)
    while let last = kept.last, last == " " || last == "\t" { kept = kept.dropLast() }
    return String(kept).terminalWidth
  }
}
