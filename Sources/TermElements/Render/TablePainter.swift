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

/// What one paint of a table drew, and the rows it painted that a later frame may copy.
struct PaintedFrame {
  /// The items drawn, where, and whether pinned.
  var drawn: [VisibleItem] = []
  /// What the rows' cells depend on in this frame.
  var frame: PaintedRows.Frame
  /// The rows painted that can be copied by a frame under the same ``frame``: each one's
  /// cells are its range of ``keptCells``.
  var kept: [(row: PaintedRows.Painted, cells: Range<Int>)] = []
  /// The cells of the rows of ``kept``, one after the other: one buffer a frame, rather than
  /// one array a row.
  var keptCells: [Cell] = []
}

/// Draws a window of a table into a canvas: the stretchy header, the table header, the
/// sections with their headers, footers, rows and separators, and the pinned header.
///
/// A frame goes in two steps: ``measureWindow(_:scrollOffset:size:)`` measures the items the
/// window shows (and so works out where it is), then ``paint(_:scrollOffset:selection:replacing:in:)``
/// draws each of them once, from a layout it cannot change. It measures and builds only the
/// items it draws, so a frame costs the same for ten rows as for ten million.
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

  /// Measures, paints and keeps the painted rows in one go: the table laid out by `layout`,
  /// scrolled `scrollOffset` lines, over the whole canvas; returns what it drew.
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
    measureWindow(&layout, scrollOffset: scrollOffset, size: canvas.size)
    let painted = paint(
      layout, scrollOffset: scrollOffset, selection: selection, replacing: replacement,
      in: &canvas)
    layout.painted.take(painted)
    return painted.drawn
  }

  /// Measures every item a window of `size` scrolled `scrollOffset` lines shows, the pinned
  /// header included, at the window's width: after it, ``paint(_:scrollOffset:selection:replacing:in:)``
  /// finds every item it draws measured.
  static func measureWindow(_ layout: inout TableLayout, scrollOffset: Int, size: Size) {
    layout.setWidth(size.width)
    let geometry = ScrollGeometry(
      table: layout.table, layout: layout, height: size.height, scrollOffset: scrollOffset)
    let top = geometry.contentTop - geometry.clipTop
    let start = windowStart(layout, top: top)
    let count = layout.itemCount
    walkWindow(from: start, count: count, height: max(0, size.height - geometry.clipTop)) {
      position, _ in layout.height(ofPosition: position)
    }
    if layout.table.pinsSectionHeaders, let header = pinnedHeaderPosition(layout, top: top) {
      _ = layout.height(ofPosition: header)
    }
  }

  /// Paints the table laid out by `layout` (measured by ``measureWindow(_:scrollOffset:size:)``
  /// for this window), scrolled `scrollOffset` lines, over the whole canvas, each item on
  /// screen once; returns what it drew and the rows a later frame may copy.
  static func paint(
    _ layout: TableLayout,
    scrollOffset: Int,
    selection: IndexPath? = nil,
    replacing replacement: (indexPath: IndexPath, row: Row)? = nil,
    in canvas: inout Canvas
  ) -> PaintedFrame {
    let table = layout.table
    let geometry = ScrollGeometry(
      table: table, layout: layout, height: canvas.size.height, scrollOffset: scrollOffset)
    var painted = PaintedFrame(
      frame: PaintedRows.Frame(
        version: layout.version, width: canvas.size.width, glyphs: canvas.glyphs,
        baseStyle: canvas.context.baseStyle))
    painted.keptCells.reserveCapacity(
      min(canvas.size.width * canvas.size.height, PaintedRows.cellLimit))
    let content = Rect(
      x: 0, y: geometry.clipTop, width: canvas.size.width,
      height: max(0, canvas.size.height - geometry.clipTop))
    canvas.draw(in: content) { clipped in
      // Coordinates inside `clipped` are relative to the clip's top.
      let top = geometry.contentTop - geometry.clipTop
      // Items fill their own boxes; only the space above and below them needs blanking.
      let (first, end) = drawItems(
        layout, top: top, selection: selection, replacing: replacement, in: &clipped,
        painted: &painted)
      let height = clipped.size.height
      clipped.fill(lines: 0..<min(max(0, first), height))
      clipped.fill(lines: min(max(0, end), height)..<height)
      if !table.hidesTrailingSeparators && painted.drawn.last?.item == layout.lastItem {
        drawTrailingSeparators(from: end, layout: layout, in: &clipped)
      }
      if table.pinsSectionHeaders {
        pinHeader(layout, top: top, in: &clipped, drawn: &painted.drawn)
      }
    }
    for index in painted.drawn.indices { painted.drawn[index].frame.y += geometry.clipTop }
    if let header = table.stretchyHeader {
      drawStretchyHeader(header, geometry: geometry, in: &canvas)
    }
    return painted
  }

  /// The items a window of `size` scrolled `scrollOffset` lines shows and where, as
  /// ``paint(_:scrollOffset:selection:replacing:in:)`` draws them (items of no line left out,
  /// the pinned header last), worked out from the layout alone: what a frame will show,
  /// known before it is painted.
  static func window(_ layout: TableLayout, scrollOffset: Int, size: Size) -> [VisibleItem] {
    let geometry = ScrollGeometry(
      table: layout.table, layout: layout, height: size.height, scrollOffset: scrollOffset)
    let top = geometry.contentTop - geometry.clipTop
    var items: [VisibleItem] = []
    walkWindow(
      from: windowStart(layout, top: top), count: layout.itemCount,
      height: max(0, size.height - geometry.clipTop)
    ) { position, y in
      let itemHeight = item(at: position, in: layout).height
      if itemHeight > 0 {
        let frame = Rect(x: 0, y: y + geometry.clipTop, width: size.width, height: itemHeight)
        items.append(VisibleItem(item: layout.item(at: position), frame: frame, isPinned: false))
      }
      return itemHeight
    }
    if layout.table.pinsSectionHeaders, let (section, frame) = pinnedHeader(layout, top: top) {
      items.removeAll { $0.item == .sectionHeader(section) }
      var frame = frame
      frame.y += geometry.clipTop
      items.append(VisibleItem(item: .sectionHeader(section), frame: frame, isPinned: true))
    }
    return items
  }

  /// Where a window whose content line 0 is at canvas line `top` starts: the position of the
  /// first item it shows, and that item's top line on the canvas.
  private static func windowStart(_ layout: TableLayout, top: Int) -> (position: Int, y: Int) {
    let position = layout.position(atLine: max(0, -top))
    return (position, top + layout.offset(ofPosition: position))
  }

  /// Walks the items of a window from `start` (see ``windowStart(_:top:)``) while they fall in
  /// canvas lines `..<height`, `count` items in all: calls `body` with each item's position
  /// and top line, and goes on by the lines `body` says the item took. Returns the lines where
  /// the first item starts and where the last one ends. Measuring, listing and painting a
  /// window all walk it so; it holds no layout, so `body` may measure into one.
  @discardableResult
  private static func walkWindow(
    from start: (position: Int, y: Int), count: Int, height: Int,
    _ body: (_ position: Int, _ y: Int) -> Int
  ) -> (first: Int, end: Int) {
    var (position, y) = start
    while position < count && y < height {
      y += body(position, y)
      position += 1
    }
    return (start.y, y)
  }

  /// The height and row of the item at `position`: as measured for this window, or, for an
  /// item that was not, measured now and recorded nowhere.
  private static func item(at position: Int, in layout: TableLayout) -> (height: Int, row: Row?) {
    layout.measured(position: position) ?? layout.unrecordedMeasurement(position: position)
  }

  /// Draws the items that fall in the canvas, content line 0 being at canvas line `top`, and
  /// returns the lines where the first item starts and where the last one ends.
  private static func drawItems(
    _ layout: TableLayout, top: Int, selection: IndexPath?,
    replacing replacement: (indexPath: IndexPath, row: Row)?, in canvas: inout Canvas,
    painted: inout PaintedFrame
  ) -> (first: Int, end: Int) {
    let height = canvas.size.height
    // Whether the rows painted before may be copied: the same for every row of the frame.
    let reuses = layout.painted.keepsRows(of: painted.frame)
    return walkWindow(
      from: windowStart(layout, top: top), count: layout.itemCount, height: height
    ) { position, y in
      let item = layout.item(at: position)
      // A row shown again, unchanged, is copied from the frame that painted it.
      var keepsPainting: Bool?
      if case .row(let indexPath) = item, replacement?.indexPath != indexPath {
        let selected = indexPath == selection
        if reuses, let entry = layout.painted.entry(at: position, selected: selected), y >= 0,
          y + entry.height <= height, canvas.replaceLines(from: y, with: entry.cells)
        {
          let frame = Rect(x: 0, y: y, width: canvas.size.width, height: entry.height)
          painted.drawn.append(VisibleItem(item: item, frame: frame, isPinned: false))
          return entry.height
        }
        keepsPainting = selected
      }
      var (itemHeight, row) = Self.item(at: position, in: layout)
      if let replacement, case .row(replacement.indexPath) = item { row = replacement.row }
      guard itemHeight > 0 else { return 0 }
      let frame = Rect(x: 0, y: y, width: canvas.size.width, height: itemHeight)
      let animated = canvas.screen.isAnimated
      canvas.screen.isAnimated = false
      draw(
        item, row: row, position: position, layout: layout, selected: item.isRow(selection),
        in: frame, canvas: &canvas)
      painted.drawn.append(VisibleItem(item: item, frame: frame, isPinned: false))
      let start = painted.keptCells.count
      if let selected = keepsPainting, !canvas.screen.isAnimated, y >= 0,
        y + itemHeight <= height,
        canvas.appendCells(ofLines: y..<(y + itemHeight), to: &painted.keptCells)
      {
        let row = PaintedRows.Painted(position: position, selected: selected, height: itemHeight)
        painted.kept.append((row, start..<painted.keptCells.count))
      }
      canvas.screen.isAnimated = animated || canvas.screen.isAnimated
      return itemHeight
    }
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

  /// The position of the header to pin at the top of content drawn from canvas line `top`:
  /// the header of the section at the top, when it starts above it.
  private static func pinnedHeaderPosition(_ layout: TableLayout, top: Int) -> Int? {
    let firstLine = max(0, -top)
    let position = layout.position(atLine: firstLine)
    guard position < layout.itemCount, let section = layout.item(at: position).section,
      layout.table.sections[section].header != nil
    else { return nil }
    let headerPosition = layout.sectionStart(section)
    guard layout.offset(ofPosition: headerPosition) < firstLine else { return nil }
    return headerPosition
  }

  /// Lines at the top of content drawn from canvas line `top` that the pinned header covers
  /// (the header pushed up by the end of its section covers fewer), 0 when none is pinned: a
  /// header at its own place is drawn there, not pinned over its section's rows.
  static func linesCoveredByPinnedHeader(_ layout: TableLayout, top: Int) -> Int {
    guard layout.table.pinsSectionHeaders, let (_, box) = pinnedHeader(layout, top: top) else {
      return 0
    }
    return max(0, box.y + box.height)
  }

  /// The section whose header is pinned at the top of content drawn from canvas line `top`,
  /// and the header's box, pushed up by the end of its section.
  private static func pinnedHeader(_ layout: TableLayout, top: Int) -> (Int, Rect)? {
    guard let headerPosition = pinnedHeaderPosition(layout, top: top),
      case .sectionHeader(let section) = layout.item(at: headerPosition)
    else { return nil }
    let firstLine = max(0, -top)
    let headerHeight = item(at: headerPosition, in: layout).height
    let sectionEnd =
      section + 1 < layout.table.sections.count
      ? layout.offset(ofPosition: layout.sectionStart(section + 1)) : layout.contentHeight
    let y = min(0, sectionEnd - firstLine - headerHeight)
    return (section, Rect(x: 0, y: y, width: layout.width, height: headerHeight))
  }

  /// Pins the header of the section at the top, pushed up by the end of its section.
  private static func pinHeader(
    _ layout: TableLayout, top: Int, in canvas: inout Canvas, drawn: inout [VisibleItem]
  ) {
    guard let (section, box) = pinnedHeader(layout, top: top),
      let header = layout.table.sections[section].header
    else { return }
    let frame = Rect(x: 0, y: box.y, width: canvas.size.width, height: box.height)
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
