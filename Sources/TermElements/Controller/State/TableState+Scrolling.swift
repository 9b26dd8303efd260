/// Scroll arithmetic: anchoring, `scrollToRow`, what is on screen, and finding selectable rows.
extension TableState {
  /// Lines content can show on: the table's lines less the smallest stretchy header.
  var contentLines: Int { max(0, tableHeight - minimumHeaderHeight) }

  /// Whether some line of the row at `indexPath` shows at the current offset, below the
  /// header and any pinned section header.
  mutating func isOnScreen(_ indexPath: IndexPath) -> Bool {
    let geometry = geometry(at: offsetFromAnchor())
    let position = layout.position(of: .row(indexPath))
    let top = geometry.contentTop + layout.offset(ofPosition: position)
    let bottom = top + layout.height(ofPosition: position)
    let visibleTop = geometry.clipTop + pinnedHeaderHeight(inSection: indexPath.section)
    return bottom > visibleTop && top < tableHeight && bottom > top
  }

  /// The first selectable row on screen at the current offset, below any pinned header.
  mutating func firstVisibleSelectableRow() -> IndexPath? {
    let geometry = geometry(at: offsetFromAnchor())
    var line = max(0, geometry.visibleContentLines.lowerBound)
    var position = layout.position(atLine: line)
    while position < layout.itemCount && geometry.contentTop + line < tableHeight {
      if case .row(let indexPath) = layout.item(at: position),
        layout.shownRow(at: indexPath).isEnabled, isOnScreen(indexPath)
      {
        return indexPath
      }
      line = layout.offset(ofPosition: position) + layout.height(ofPosition: position)
      position += 1
    }
    return nil
  }

  /// Lines of the stretchy header at rest.
  var restingHeaderHeight: Int {
    layout.headerSpan?.resting ?? 0
  }

  /// Lines the stretchy header keeps however far the table scrolls.
  var minimumHeaderHeight: Int {
    layout.headerSpan?.minimum ?? 0
  }

  /// The geometry at `offset`.
  func geometry(at offset: Int) -> ScrollGeometry {
    ScrollGeometry(
      header: layout.headerSpan, centersContent: layout.table.centersContentIfPossible,
      contentHeight: layout.contentHeight, height: tableHeight, scrollOffset: offset)
  }

  /// The scroll offset the scroll.anchor stands for, within the scroll range.
  func offsetFromAnchor() -> Int {
    let offset =
      switch scroll.anchor {
      case .header(let offset): offset
      case .content(let position, let delta):
        restingHeaderHeight + layout.offset(ofPosition: min(position, layout.itemCount)) + delta
      }
    return geometry(at: offset).scrollOffset
  }

  /// The content line the user sees first in `geometry`: the first below the stretchy header
  /// and below a section header pinned over its section's rows, which hide the lines above it.
  func firstSeenLine(in geometry: ScrollGeometry) -> Int {
    let top = geometry.contentTop - geometry.clipTop
    return -top + TablePainter.linesCoveredByPinnedHeader(layout, top: top)
  }

  /// Scrolls to `offset`, clamped to the scroll range, and anchors it to the item on the first
  /// line the user sees (``firstSeenLine(in:)``), not to the top of the window: rows that come
  /// or go, or are measured, above that line, under the stretchy header or a pinned one, then
  /// leave what the user sees on its lines.
  mutating func setOffset(_ offset: Int) {
    var geometry = geometry(at: offset)
    var seen = firstSeenLine(in: geometry)
    if seen > geometry.scrollOffset - restingHeaderHeight {
      // Under the headers, rows of estimated heights would put the wrong row on the first line
      // seen, one that measuring them later pushes away: the window is measured first.
      TablePainter.measureWindow(&layout, scrollOffset: geometry.scrollOffset, size: tableSize)
      geometry = self.geometry(at: offset)
      seen = firstSeenLine(in: geometry)
    }
    let clamped = geometry.scrollOffset
    // The content line at the top of the window, under the headers.
    let line = clamped - restingHeaderHeight
    // Headers that cover the whole window leave no content seen: the window's top is kept.
    if seen >= min(line + tableHeight, layout.contentHeight) { seen = line }
    // The stretchy header not yet scrolled away, with no content under it: its offset is kept,
    // so that rows put first in the table show below it.
    guard line >= 0 || seen > 0, layout.itemCount > 0 else {
      scroll.anchor = .header(offset: clamped)
      return
    }
    let position = min(layout.position(atLine: max(0, seen)), layout.itemCount - 1)
    scroll.anchor = .content(position: position, delta: line - layout.offset(ofPosition: position))
  }

  /// Scrolls by `lines`, down when positive; the selection follows the screen rather than
  /// the screen the selection.
  mutating func scrollWindow(by lines: Int) {
    endEditing(commit: true)
    applyPendingScroll()
    let before = offsetFromAnchor()
    setOffset(before + lines)
    scroll.followsSelection = false
    // Turning the wheel at an end asks a loader that had nothing more there again.
    if lines != 0 && offsetFromAnchor() == before {
      loading.rearmCaughtUp(at: lines > 0 ? .tail : .head)
    }
  }

  /// Carries out a waiting `scrollToRow`.
  mutating func applyPendingScroll() {
    guard let (indexPath, position) = scroll.pendingScroll else { return }
    scroll.intent = nil
    guard layout.table.contains(indexPath) else { return }
    setOffset(offset(toShow: indexPath, at: position))
    if indexPath != selection.row { scroll.followsSelection = false }
  }

  /// The offset that puts the row at `indexPath` at `position`.
  mutating func offset(toShow indexPath: IndexPath, at position: ScrollPosition) -> Int {
    var offset = estimatedOffset(toShow: indexPath, at: position)
    // Rows between the top of the screen and the row may still have estimated heights; once
    // measured they can push the row away, so measure them and work the offset out again.
    let item = layout.position(of: .row(indexPath))
    for _ in 0..<8 {
      // estimatedOffset measured the screenful that ends with the row: when the row ends
      // within a screen of the top, every row between was measured, and nothing can move.
      let top = max(0, offset - restingHeaderHeight)
      let rowEnd = layout.offset(ofPosition: item) + layout.knownHeight(ofPosition: item)
      if rowEnd - top <= tableHeight { break }
      var changed = false
      var cursor = layout.position(atLine: max(0, offset - restingHeaderHeight))
      var looked = 0
      while cursor < item && looked < 1_000 {
        let estimate = layout.knownHeight(ofPosition: cursor)
        if layout.height(ofPosition: cursor) != estimate { changed = true }
        cursor += 1
        looked += 1
      }
      guard changed else { break }
      offset = estimatedOffset(toShow: indexPath, at: position)
    }
    return offset
  }

  /// The offset that puts the row at `indexPath` at `position`, with the heights known now.
  private mutating func estimatedOffset(toShow indexPath: IndexPath, at position: ScrollPosition)
    -> Int
  {
    let item = layout.position(of: .row(indexPath))
    let rowHeight = layout.height(ofPosition: item)
    // What would share the screen with the row must not push it off with wrong estimates.
    measureScreenful(endingAt: item)
    let rowTop = layout.offset(ofPosition: item)
    let pinned = pinnedHeaderHeight(inSection: indexPath.section)
    let resting = restingHeaderHeight
    let minimum = minimumHeaderHeight
    let height = tableHeight
    let top = resting + rowTop - minimum - pinned
    let bottom = resting + rowTop + rowHeight - height
    switch position {
    case .top:
      return top
    case .bottom:
      return rowHeight > height - minimum - pinned ? top : bottom
    case .middle:
      return resting + rowTop + rowHeight / 2 - (minimum + pinned + height) / 2
    case .none:
      let current = offsetFromAnchor()
      let geometry = geometry(at: current)
      let screenTop = geometry.contentTop + rowTop
      let visibleTop = geometry.clipTop + pinned
      // A row taller than the room can never be seen whole: any part of it on screen will do.
      if rowHeight > height - minimum - pinned {
        let partlyShown = screenTop + rowHeight > visibleTop && screenTop < height
        return partlyShown ? current : top
      }
      if screenTop < visibleTop { return top }
      if screenTop + rowHeight > height { return max(bottom, current) }
      return current
    }
  }

  /// Measures the items that fill a screen up to and including `position`, so that the lines
  /// they take are real rather than estimated; rows measured lately are not built again.
  mutating func measureScreenful(endingAt position: Int) {
    var position = position
    var covered = 0
    while position >= 0 && covered < tableHeight {
      covered += layout.height(ofPosition: position)
      position -= 1
    }
  }

  /// Lines the pinned header of `section` covers, if headers pin.
  mutating func pinnedHeaderHeight(inSection section: Int) -> Int {
    guard layout.table.pinsSectionHeaders, section < layout.table.sections.count,
      layout.table.sections[section].header != nil
    else {
      return 0
    }
    return layout.height(ofPosition: layout.sectionStart(section))
  }

  /// Whether the row at `indexPath` can be selected: it allows it and takes at least a line
  /// at the current width.
  mutating func isSelectable(_ indexPath: IndexPath) -> Bool {
    guard layout.table.contains(indexPath), layout.shownRow(at: indexPath).isEnabled else {
      return false
    }
    return layout.height(ofPosition: layout.position(of: .row(indexPath))) > 0
  }

  /// The nearest selectable row at or after (`step` 1) or before (`step` -1) item `position`:
  /// a row that allows it and takes at least a line, so that it can be seen.
  ///
  /// At most `limit` items are looked at, so that a long run of rows that cannot be selected
  /// does not stall a frame.
  mutating func firstSelectableRow(from position: Int, step: Int, limit: Int = 10_000) -> IndexPath?
  {
    var position = position
    var looked = 0
    while position >= 0 && position < layout.itemCount && looked < limit {
      if case .row(let indexPath) = layout.item(at: position),
        layout.shownRow(at: indexPath).isEnabled,
        layout.height(ofPosition: position) > 0
      {
        return indexPath
      }
      position += step
      looked += 1
    }
    return nil
  }
}
