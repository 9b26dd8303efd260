/// The measuring and drawing that rows and headers share: an element inside margins.
enum ContentBox {
  /// Lines an element takes inside margins at `width`, or the fixed height when there is one.
  static func height(
    of element: Element, rowHeight: RowHeight, margins: LayoutMargins, width: Int
  ) -> Int {
    switch rowHeight {
    case .fixed(let lines):
      return max(0, lines)
    case .automatic:
      let inner = max(0, width - margins.horizontal)
      return element.height(forWidth: inner) + margins.vertical
    }
  }

  /// Fills `canvas` with `style` and draws the element inside the margins.
  static func draw(
    _ element: Element, margins: LayoutMargins, style: Style, in canvas: inout Canvas
  ) {
    canvas.context.baseStyle = style.over(canvas.context.baseStyle)
    canvas.fill()
    let inner = Rect(
      x: margins.left, y: margins.top,
      width: max(0, canvas.size.width - margins.horizontal),
      height: max(0, canvas.size.height - margins.vertical))
    guard !inner.isEmpty else { return }
    canvas.draw(in: inner) { element.draw(in: &$0) }
  }
}
