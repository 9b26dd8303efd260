import TermElements

/// One line of a value in the detail view, wrapped to the width, with the column's name before
/// the first one: `note    Multi-line`, then `        note` under it.
///
/// The name is cut with `…` to the name column, and the text goes through a label, so that
/// control characters and escape sequences are shown, not obeyed.
package enum DetailLine: ElementView {
  /// How the text looks.
  package enum Kind: Equatable, Sendable {
    /// A value's text or number, wrapped.
    case text
    /// SQL NULL, dimmed.
    case null
    /// What a BLOB is, in colour.
    case summary
    /// A line of a hex dump, cut with `…` rather than wrapped.
    case hexDump
    /// How much was left out, dimmed.
    case note
    /// Why the record cannot be shown, in red.
    case error
  }

  /// The name, where the text starts, the text and its look.
  package struct Props: Equatable, Sendable {
    /// The column's name, on the first line of its value; empty on the lines after it.
    package var name: String
    /// Columns before the text: the name column and the gap after it.
    package var indent: Int
    /// The text: one line of the value, without line breaks.
    package var text: String
    /// How the text looks.
    package var kind: Kind

    /// Makes props.
    package init(name: String = "", indent: Int, text: String, kind: Kind = .text) {
      self.name = name
      self.indent = indent
      self.text = text
      self.kind = kind
    }
  }

  /// Columns between the name column and the text.
  package static let gap = 2

  /// The most bytes of text one line holds; a longer line of a value is split over several, so
  /// that a frame lays out only the pieces it shows rather than the whole line.
  package static let pieceLimit = 4_096

  /// `text` in pieces of at most `limit` bytes, each ending after a space when one falls in its
  /// second half, else between two characters; `[text]` when it is short enough.
  package static func pieces(of text: String, limit: Int = pieceLimit) -> [String] {
    guard limit > 0, text.utf8.count > limit else { return [text] }
    var pieces: [String] = []
    var start = text.startIndex
    var afterSpace: String.Index?
    var bytes = 0
    var index = start
    while index < text.endIndex {
      let character = text[index]
      let size = character.utf8.count
      if bytes + size > limit && index > start {
        var end = index
        if let afterSpace, text.utf8.distance(from: start, to: afterSpace) >= limit / 2 {
          end = afterSpace
        }
        pieces.append(String(text[start..<end]))
        bytes = text.utf8.distance(from: end, to: index)
        start = end
        afterSpace = nil
      }
      bytes += size
      index = text.index(after: index)
      if character == " " { afterSpace = index }
    }
    pieces.append(String(text[start...]))
    return pieces
  }

  /// The lines the text wraps to beside the indent; at least one.
  package static func height(of props: Props, styles: Style, width: Int) -> Int {
    max(1, label(props).height(forWidth: width - props.indent))
  }

  /// Draws the name, then the text from the indent.
  package static func draw(_ props: Props, styles: Style, in canvas: inout Canvas) {
    canvas.fill(style: styles)
    let width = canvas.size.width
    if !props.name.isEmpty {
      canvas.write(
        props.name, at: .zero, width: min(width, props.indent - gap),
        style: Style(attributes: .bold))
    }
    canvas.draw(
      in: Rect(x: props.indent, y: 0, width: width - props.indent, height: canvas.size.height)
    ) { label(props).draw(in: &$0) }
  }

  /// The label that lays out and draws the text.
  static func label(_ props: Props) -> ElementOf<Label> {
    ElementOfLabel(props: props.text).styles {
      $0.style = style(of: props.kind)
      $0.lineBreakMode = props.kind == .hexDump ? .truncateTail : .wordWrap
    }
  }

  /// The style of a kind of text.
  static func style(of kind: Kind) -> Style {
    switch kind {
    case .text, .hexDump: .plain
    case .null: RecordLine.style(of: .null)
    case .summary: RecordLine.style(of: .blob)
    case .note: Style(attributes: .dim)
    case .error: Style(foreground: .red, monochrome: .bold)
    }
  }
}
