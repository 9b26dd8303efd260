import TermElements

/// One line of aligned cells: a record, or the header of column names.
///
/// Each cell is cut to its column's width with `…`, and its text goes through
/// the canvas, so that control characters and the like are shown, not obeyed.
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
    public var text: String
    /// How it looks.
    public var kind: Kind

    /// Makes a cell.
    public init(_ text: String, kind: Kind = .text) {
      self.text = String(text.prefix(ColumnWidths.maximum * 2 + 1))
      self.kind = kind
    }

    /// The cell for a value, a number showing `decimals` digits after its point.
    public init(_ value: CellValue, decimals: Int? = nil) {
      let kind: Kind =
        switch value {
        case .null: .null
        case .blob: .blob
        case .integer, .real: .number
        case .text: .text
        }
      self.init(value.cellText(decimals: decimals), kind: kind)
    }
  }

  /// The cells and their columns' widths.
  public struct Props: Equatable, Sendable {
    /// The cells, left to right.
    public var cells: [Cell]
    /// The width of each cell's column.
    public var widths: [Int]

    /// Makes props.
    public init(cells: [Cell], widths: [Int]) {
      self.cells = cells
      self.widths = widths
    }
  }

  /// Columns between cells.
  public static let gap = 3

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

  /// Draws the cells left to right, separated by a rule, as far as the width goes.
  public static func draw(_ props: Props, styles: Style, in canvas: inout Canvas) {
    canvas.fill(style: styles)
    let rule = canvas.glyphs == .ascii ? " | " : " │ "
    var x = 0
    for (index, cell) in props.cells.enumerated() where index < props.widths.count {
      guard x < canvas.size.width else { break }
      if index > 0 {
        _ = canvas.write(rule, at: Point(x: x, y: 0), style: Style(foreground: .brightBlack))
        x += gap
      }
      let width = props.widths[index]
      let pad = cell.kind == .number ? max(0, width - cell.text.terminalWidth) : 0
      canvas.write(
        cell.text, at: Point(x: x + pad, y: 0), width: width - pad, style: style(of: cell.kind))
      x += width
    }
  }
}
