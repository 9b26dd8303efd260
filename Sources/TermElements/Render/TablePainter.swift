internal import FoundationEssentials

/// Something the painter drew: which item, where, and whether it was pinned to the top.
struct VisibleItem: Equatable, Sendable {
  /// The item.
  var item: TableItem
  /// Its whole box in the canvas's coordinates, including any part cut off by the edges.
  var frame: Rect
  /// Whether it is a section header pinned to the top while its rows scroll.
  var isPinned: Bool
}

/// Draws a window of a table into a canvas: the stretchy header, the table header, the
/// sections with their headers, footers, rows and separators, and the pinned header.
///
/// It measures and builds only the items it draws, so a frame costs the same for ten rows as
/// for ten million.
///
/// ```swift
/// var layout = TableLayout(table: table, width: 40)
/// var screen = Screen(width: 40, height: 10)
/// screen.draw { canvas in
///   TablePainter.paint(&layout, scrollOffset: 0, in: &canvas)
/// }
/// print(screen.lines.joined(separator: "\n"))
/// ```
enum TablePainter {
  /// The style of separator lines.
  static let separatorStyle = Style(attributes: .dim)

  /// Paints the table laid out by `layout`, scrolled `scrollOffset` lines, over the whole
  /// canvas, and returns what it drew.
  ///
  /// The layout is set to the canvas's width first. The offset is clamped to the scroll range.
  @discardableResult
  static func paint(
    _ layout: inout TableLayout,
    scrollOffset: Int,
    selection: IndexPath? = nil,
    replacing replacement: (indexPath: IndexPath, row: Row)? = nil,
    in canvas: inout Canvas
  ) -> [VisibleItem] {
    layout.setWidth(canvas.size.width)
    let table = layout.table
    let geometry = ScrollGeometry(
      table: table, layout: layout, height: canvas.size.height, scrollOffset: scrollOffset)
    var drawn: [VisibleItem] = []
    let content = Rect(
      x: 0, y: geometry.clipTop, width: canvas.size.width,
      height: max(0, canvas.size.height - geometry.clipTop))
    canvas.draw(in: content) { clipped in
      // Coordinates inside `clipped` are relative to the clip's top.
      let top = geometry.contentTop - geometry.clipTop
      // Items fill their own boxes; only the space above and below them needs blanking.
      let (first, end) = drawItems(
        &layout, top: top, selection: selection, replacing: replacement, in: &clipped,
        drawn: &drawn)
      let height = clipped.size.height
      clipped.fill(lines: 0..<min(max(0, first), height))
      clipped.fill(lines: min(max(0, end), height)..<height)
      if !table.hidesTrailingSeparators && drawn.last?.item == layout.lastItem {
        drawTrailingSeparators(from: end, layout: layout, in: &clipped)
      }
      if table.pinsSectionHeaders {
        pinHeader(&layout, top: top, in: &clipped, drawn: &drawn)
      }
    }
    for index in drawn.indices { drawn[index].frame.y += geometry.clipTop }
    if let header = table.stretchyHeader {
      drawStretchyHeader(header, geometry: geometry, in: &canvas)
    }
    return drawn
  }

  /// Draws the items that fall in the canvas, content line 0 being at canvas line `top`, and
  /// returns the lines where the first item starts and where the last one ends.
  private static func drawItems(
    _ layout: inout TableLayout, top: Int, selection: IndexPath?,
    replacing replacement: (indexPath: IndexPath, row: Row)?, in canvas: inout Canvas,
    drawn: inout [VisibleItem]
  ) -> (first: Int, end: Int) {
    let height = canvas.size.height
    layout.painted.begin(
      PaintedRows.Frame(
        version: layout.version, width: canvas.size.width, glyphs: canvas.glyphs,
        baseStyle: canvas.context.baseStyle))
    var position = layout.position(atLine: max(0, -top))
    var y = top + layout.offset(ofPosition: position)
    let first = y
    while position < layout.itemCount && y < height {
      let item = layout.item(at: position)
      // A row shown again, unchanged, is copied from the frame that painted it.
      var keepsPainting: Bool?
      if case .row(let indexPath) = item, replacement?.indexPath != indexPath {
        let selected = indexPath == selection
        if let painted = layout.painted.entry(at: position, selected: selected), y >= 0,
          y + painted.height <= height, canvas.replaceLines(from: y, with: painted.cells)
        {
          let frame = Rect(x: 0, y: y, width: canvas.size.width, height: painted.height)
          drawn.append(VisibleItem(item: item, frame: frame, isPinned: false))
          y += painted.height
          position += 1
          continue
        }
        keepsPainting = selected
      }
      var (itemHeight, row) = layout.measure(position: position)
      if let replacement, case .row(replacement.indexPath) = item { row = replacement.row }
      let frame = Rect(x: 0, y: y, width: canvas.size.width, height: itemHeight)
      if itemHeight > 0 {
        let animated = canvas.screen.isAnimated
        canvas.screen.isAnimated = false
        draw(
          item, row: row, position: position, layout: layout, selected: item.isRow(selection),
          in: frame, canvas: &canvas)
        drawn.append(VisibleItem(item: item, frame: frame, isPinned: false))
        if let selected = keepsPainting, !canvas.screen.isAnimated, y >= 0,
          y + itemHeight <= height, let cells = canvas.cells(ofLines: y..<(y + itemHeight))
        {
          layout.painted.keep(
            PaintedRows.Entry(
              position: position, selected: selected, height: itemHeight, cells: cells))
        }
        canvas.screen.isAnimated = animated || canvas.screen.isAnimated
      }
      y += itemHeight
      position += 1
    }
    return (first, y)
  }

  /// Draws one item into `frame` of the canvas.
  private static func draw(
    _ item: TableItem, row: Row?, position: Int, layout: TableLayout, selected: Bool,
    in frame: Rect, canvas: inout Canvas
  ) {
    switch item {
    case .tableHeader:
      guard let view = layout.table.tableHeaderView else { return }
      canvas.draw(in: frame) { box in
        ContentBox.draw(view.element, margins: view.layoutMargins, style: view.style, in: &box)
      }
    case .sectionHeader(let section):
      guard let header = layout.table.sections[section].header else { return }
      canvas.draw(in: frame) { box in
        ContentBox.draw(
          header.element, margins: header.layoutMargins, style: header.style, in: &box)
      }
    case .sectionFooter(let section):
      guard let footer = layout.table.sections[section].footer else { return }
      canvas.draw(in: frame) { box in
        ContentBox.draw(
          footer.element, margins: footer.layoutMargins, style: footer.style, in: &box)
      }
    case .row:
      guard let row else { return }
      let separator = layout.showsSeparator(row, at: position)
      canvas.draw(in: frame) { box in
        drawRow(
          row, selected: selected, separator: separator, disabled: layout.table.disabledStyle,
          in: &box)
      }
    }
  }

  /// Draws a row and its separator into the whole canvas; a row that cannot be chosen is
  /// drawn over the `disabled` look.
  private static func drawRow(
    _ row: Row, selected: Bool, separator: Bool, disabled: Style, in canvas: inout Canvas
  ) {
    var style = row.isEnabled ? row.style : row.style.over(disabled)
    if selected {
      switch row.selectionStyle {
      case .none: break
      case .default: style = row.style.toggling(.reverse)
      case .style(let selection): style = selection.over(row.style)
      }
    }
    let contentHeight = canvas.size.height - (separator ? 1 : 0)
    canvas.draw(in: Rect(x: 0, y: 0, width: canvas.size.width, height: contentHeight)) {
      ContentBox.draw(row.element, margins: row.contentMargins, style: style, in: &$0)
      drawAccessory(of: row, in: &$0)
    }
    if separator {
      canvas.context.baseStyle = row.style.over(canvas.context.baseStyle)
      let (left, right) = insets(of: row.separatorStyle, margins: row.layoutMargins)
      let y = canvas.size.height - 1
      canvas.repeatCharacter(" ", at: Point(x: 0, y: y), width: canvas.size.width)
      canvas.repeatCharacter(
        canvas.glyphs.horizontalLine, at: Point(x: left, y: y),
        width: max(0, canvas.size.width - left - right), style: separatorStyle)
    }
  }

  /// Draws the row's accessory in the last column inside its margins, on its first line.
  private static func drawAccessory(of row: Row, in canvas: inout Canvas) {
    guard let mark = row.accessory.mark(in: canvas.glyphs) else { return }
    let margins = row.layoutMargins
    let x = canvas.size.width - margins.right - 1
    guard x >= margins.left + 1, margins.top < canvas.size.height else { return }
    canvas.write(String(mark), at: Point(x: x, y: margins.top), width: 1)
  }

  /// Columns left blank at each end of a separator.
  private static func insets(of separator: SeparatorStyle, margins: LayoutMargins) -> (Int, Int) {
    switch separator {
    case .none, .fullWidth: (0, 0)
    case .default: (margins.left, 0)
    case .custom(let left, let right): (max(0, left), max(0, right))
    }
  }

  /// Draws the separators UITableView shows in the empty space below the last row.
  private static func drawTrailingSeparators(
    from y: Int, layout: TableLayout, in canvas: inout Canvas
  ) {
    let last = layout.itemCount - 1
    let period = max(2, last >= 0 ? layout.knownHeight(ofPosition: last) : 0)
    let left = LayoutMargins.default.left
    var line = y + period - 1
    while line < canvas.size.height {
      if line >= 0 {
        canvas.repeatCharacter(
          canvas.glyphs.horizontalLine, at: Point(x: left, y: line),
          width: canvas.size.width - left, style: separatorStyle)
      }
      line += period
    }
  }

  /// Pins the header of the section at the top, pushed up by the end of its section.
  private static func pinHeader(
    _ layout: inout TableLayout, top: Int, in canvas: inout Canvas, drawn: inout [VisibleItem]
  ) {
    let firstLine = max(0, -top)
    let position = layout.position(atLine: firstLine)
    guard position < layout.itemCount, let section = layout.item(at: position).section,
      let header = layout.table.sections[section].header
    else { return }
    let headerPosition = layout.sectionStart(section)
    let headerStart = layout.offset(ofPosition: headerPosition)
    guard headerStart < firstLine else { return }
    let headerHeight = layout.measure(position: headerPosition).height
    let sectionEnd =
      section + 1 < layout.table.sections.count
      ? layout.offset(ofPosition: layout.sectionStart(section + 1)) : layout.contentHeight
    let y = min(0, sectionEnd - firstLine - headerHeight)
    let frame = Rect(x: 0, y: y, width: canvas.size.width, height: headerHeight)
    canvas.draw(in: frame) { box in
      ContentBox.draw(
        header.element, margins: header.layoutMargins, style: header.style, in: &box)
    }
    drawn.removeAll { $0.item == .sectionHeader(section) }
    drawn.append(VisibleItem(item: .sectionHeader(section), frame: frame, isPinned: true))
  }

  /// Draws the stretchy header at its height for the geometry's offset: squeezed while it is
  /// taller than its element, then scrolling off the top.
  private static func drawStretchyHeader(
    _ header: StretchyHeader, geometry: ScrollGeometry, in canvas: inout Canvas
  ) {
    let visible = geometry.headerHeight
    guard visible > 0 else { return }
    let natural = header.naturalHeight(atWidth: canvas.size.width)
    let frame =
      visible >= natural
      ? Rect(x: 0, y: 0, width: canvas.size.width, height: visible)
      : Rect(x: 0, y: visible - natural, width: canvas.size.width, height: natural)
    canvas.draw(in: Rect(x: 0, y: 0, width: canvas.size.width, height: visible)) { clip in
      clip.draw(in: frame) { box in
        ContentBox.draw(
          header.element, margins: header.layoutMargins, style: header.style, in: &box)
      }
    }
  }
}

extension TableItem {
  /// Whether this is the row at `indexPath`.
  func isRow(_ indexPath: IndexPath?) -> Bool {
    guard let indexPath, case .row(let path) = self else { return false }
    return path == indexPath
  }
}
