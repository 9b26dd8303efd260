/// Applying a changed table by row identity: the selection, the scroll anchor, the edited field
/// and the rows already displayed follow their rows.
extension TableModelController {
  /// Brings the layout up to date with `table`, as ``layOutTableChange()`` does, for an event,
  /// a frame or a change the controller made itself, and asks for a frame.
  func applyTableChange() {
    guard tableChanged else { return }
    layOutTableChange()
    setNeedsDisplay()
  }

  /// Brings the layout up to date with `table` and what the controller shows with it, moving
  /// everything that names a row to where that row is now, with no effect: what the reads
  /// (``selection``, ``position``, ``row(at:)``) call. The streams the new table binds start
  /// after the next frame (``runEffects()``), and the change asked for that frame when it was
  /// made.
  func layOutTableChange() {
    guard tableChanged else { return }
    tableChanged = false
    live.streamsDue = true
    // Rows a head loader put above keep the screen still, even when a header is at its top.
    let heldRow = heldSection.flatMap { firstRowOnScreen(inSection: $0) }
    heldSection = nil
    let shown = presented(table)
    reportDuplicateIDs(in: shown)
    let oldAnchor = anchorItem()
    // What followed the anchor takes its line if the anchor goes.
    let following: TableItem? = {
      guard case .content(let position, _) = anchor, position + 1 < layout.itemCount else {
        return nil
      }
      return layout.item(at: position + 1)
    }()
    let diff = layout.update(table: shown)
    selectedRow = selectedRow.flatMap { survivor(of: $0, in: diff) }
    selectedRow = validSelection(near: selectedRow)
    if let (item, delta) = oldAnchor {
      anchorTo(item, delta: delta, following: following, diff: diff)
    }
    if let (indexPath, oldOffset) = heldRow, let moved = diff.newIndexPath(of: indexPath) {
      // What arrived above it pushed it down by as many lines; scroll down as far.
      setOffset(offsetFromAnchor() + layout.offset(of: .row(moved)) - oldOffset)
    }
    if let pending = pendingScroll {
      pendingScroll = diff.newIndexPath(of: pending.indexPath).map { ($0, pending.position) }
    }
    updateEditing(diff)
  }

  /// The first of the app's rows of section `section` and its line in the content, when it is
  /// on screen below a header at the top: the row a page that a head loader puts above it must
  /// not move. (When a row is at the top, the anchor keeps it already.)
  private func firstRowOnScreen(inSection section: Int) -> (IndexPath, Int)? {
    guard section < layout.table.sections.count else { return nil }
    switch anchorItem()?.0 {
    case .tableHeader?, .sectionHeader?, nil: break
    case .row(let indexPath)?: guard addedRows.contains(indexPath) else { return nil }
    case .sectionFooter?: return nil
    }
    let head = addedRows.contains(IndexPath(row: 0, section: section)) ? 1 : 0
    let first = IndexPath(row: head, section: section)
    guard layout.table.contains(first), !addedRows.contains(first) else { return nil }
    let geometry = geometry(at: offsetFromAnchor())
    let offset = layout.offset(of: .row(first))
    let y = geometry.contentTop + offset
    guard y >= geometry.clipTop, y < tableHeight else { return nil }
    return (first, offset)
  }

  /// Where the old row at `indexPath` is now, or, when it is gone, its nearest neighbour that
  /// is still there: the next row down first, then up.
  func survivor(of indexPath: IndexPath, in diff: TableDiff) -> IndexPath? {
    if let moved = diff.newIndexPath(of: indexPath) { return moved }
    let oldRows =
      diff.old.sections.indices.contains(indexPath.section)
      ? diff.old.sections[indexPath.section].rows.count : 0
    for distance in 1...max(1, min(oldRows, 1_000)) {
      for row in [indexPath.row + distance, indexPath.row - distance]
      where row >= 0 && row < oldRows {
        if let moved = diff.newRow(ofOldRow: row, section: indexPath.section) {
          return IndexPath(row: moved, section: indexPath.section)
        }
      }
    }
    // Nothing near it survived: the row now at its place, or the table's last row.
    return nearestRow(to: indexPath, in: diff.new)
  }

  /// The row at or nearest to `indexPath` in `table`, if it has any rows.
  func nearestRow(to indexPath: IndexPath, in table: Table) -> IndexPath? {
    guard !table.sections.isEmpty, indexPath.count == 2 else { return nil }
    let section = min(max(0, indexPath.section), table.sections.count - 1)
    let rows = table.sections[section].rows.count
    if rows > 0 { return IndexPath(row: min(max(0, indexPath.row), rows - 1), section: section) }
    for distance in 1..<table.sections.count {
      for candidate in [section + distance, section - distance]
      where candidate >= 0 && candidate < table.sections.count {
        let count = table.sections[candidate].rows.count
        if count > 0 {
          return IndexPath(row: candidate > section ? 0 : count - 1, section: candidate)
        }
      }
    }
    return nil
  }

  /// The item the scroll window is anchored to, with the lines into it, if it is content.
  private func anchorItem() -> (TableItem, Int)? {
    guard case .content(let position, let delta) = anchor, position < layout.itemCount else {
      return nil
    }
    return (layout.item(at: position), delta)
  }

  /// Anchors the scroll window to where `item` of the old table is in the new one, so that
  /// it stays on the same screen line; when it is gone, what `following` it takes its line.
  private func anchorTo(
    _ item: TableItem, delta: Int, following: TableItem?, diff: TableDiff
  ) {
    var delta = delta
    var moved = newItem(of: item, diff: diff)
    if moved == nil, case .row(let indexPath) = item {
      // The top row went: what followed it takes its line, or else its nearest neighbour.
      moved =
        following.flatMap { newItem(of: $0, diff: diff) }
        ?? survivor(of: indexPath, in: diff).map { .row($0) }
      delta = 0
    }
    guard let moved, layout.itemCount > 0 else {
      anchor = .header(offset: 0)
      return
    }
    let position = layout.position(of: moved)
    delta = min(delta, max(0, layout.knownHeight(ofPosition: position) - 1))
    anchor = .content(position: position, delta: delta)
  }

  /// Where `item` of the old table is in the new one, if it is still there: a row where the
  /// diff puts it, a header or footer if its section still has one.
  private func newItem(of item: TableItem, diff: TableDiff) -> TableItem? {
    let new = diff.new
    switch item {
    case .tableHeader:
      return new.tableHeaderView == nil ? nil : .tableHeader
    case .sectionHeader(let section):
      return section < new.sections.count && new.sections[section].header != nil ? item : nil
    case .sectionFooter(let section):
      return section < new.sections.count && new.sections[section].footer != nil ? item : nil
    case .row(let indexPath):
      return diff.newIndexPath(of: indexPath).map { .row($0) }
    }
  }

  /// The selection if it names a row that can be selected, else the nearest that can: down
  /// first, then up.
  func validSelection(near indexPath: IndexPath?) -> IndexPath? {
    guard let indexPath, let row = nearestRow(to: indexPath, in: layout.table) else {
      return nil
    }
    let position = layout.position(of: .row(row))
    return firstSelectableRow(from: position, step: 1, limit: 1_000)
      ?? firstSelectableRow(from: position, step: -1, limit: 1_000)
  }

  /// Reports row ids used more than once, a programming error, in the status line of debug
  /// builds; release builds take the first row with the id.
  func reportDuplicateIDs(in table: Table) {
    #if DEBUG
      guard table.rowCount <= 100_000 else { return }
      let duplicates = table.duplicateIDs()
      duplicateIDReport =
        duplicates.isEmpty
        ? nil
        : "duplicate row ids: " + duplicates.map { "\($0)" }.joined(separator: ", ")
    #endif
  }
}
