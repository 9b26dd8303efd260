/// A new table taken by row identity: the selection, the scroll anchor, the edited field and
/// a `scrollToRow` follow their rows.
extension TableState {
  /// Takes `shown`, the table as the screen now shows it, in place of the one laid out:
  /// everything that names a row moves to where that row is now, and rows a head loader put
  /// above the rows on screen leave them on their lines.
  mutating func takeTable(_ shown: PresentedTable) {
    // Rows a head loader put above keep the screen still, even when a header is at its top.
    var heldRow: (IndexPath, Int)?
    if let section = loading.heldSection { heldRow = firstRowOnScreen(inSection: section) }
    let oldOffset = offsetFromAnchor()
    let oldAnchor = anchorItem()
    // What followed the anchor, and how far below the top it was, in case the anchor goes.
    var following: (item: TableItem, line: Int)?
    if case .content(let position, let delta) = scroll.anchor, position + 1 < layout.itemCount {
      following = (layout.item(at: position + 1), layout.knownHeight(ofPosition: position) - delta)
    }
    // A spinner or error row of the controller's own at the top, rather than one of the app's.
    var anchorWasAdded = false
    if case .row(let indexPath)? = oldAnchor?.0 {
      anchorWasAdded = loading.addedRows.contains(indexPath)
    }
    loading.heldSection = nil
    loading.loaderSections = shown.loaderSections
    loading.addedRows = shown.addedRows
    let diff = layout.update(table: shown.table)
    if let selected = selection.row { selection.row = survivor(of: selected, in: diff) }
    selection.row = validSelection(near: selection.row)
    if let (item, delta) = oldAnchor {
      anchorTo(
        item, delta: delta, following: following, keepsFollowingLine: anchorWasAdded, diff: diff)
    }
    if let (indexPath, oldLine) = heldRow, let moved = diff.newIndexPath(of: indexPath) {
      // What arrived above it pushed it down by as many lines; scroll down as far from where
      // the window was, whatever the anchor now stands on (what it stood on may be gone).
      // What came above is measured first, so that the line is real, not estimated.
      measureScreenful(endingAt: layout.position(of: .row(moved)))
      setOffset(oldOffset + layout.offset(of: .row(moved)) - oldLine)
    }
    if let pending = scroll.pendingScroll {
      scroll.intent = diff.newIndexPath(of: pending.indexPath).map {
        .scroll(to: $0, at: pending.position)
      }
    }
    updateEditing(diff)
  }

  /// The first of the app's rows of section `section` and its line in the content, when some
  /// of it shows below a header, or below the loader's own spinner or error row, at the top:
  /// the row a page (or an error row) that a head loader puts above it must not move, even
  /// when a stretchy or pinned header covers its first lines. (When one of the app's rows is
  /// at the top, the anchor keeps it already.)
  private mutating func firstRowOnScreen(inSection section: Int) -> (IndexPath, Int)? {
    guard section < layout.table.sections.count else { return nil }
    switch anchorItem()?.0 {
    case .tableHeader?, .sectionHeader?, nil: break
    case .row(let indexPath)?: guard loading.addedRows.contains(indexPath) else { return nil }
    case .sectionFooter?: return nil
    }
    let head = loading.addedRows.contains(IndexPath(row: 0, section: section)) ? 1 : 0
    let first = IndexPath(row: head, section: section)
    guard layout.table.contains(first), !loading.addedRows.contains(first) else { return nil }
    let geometry = geometry(at: offsetFromAnchor())
    let offset = layout.offset(of: .row(first))
    let y = geometry.contentTop + offset
    let height = layout.knownHeight(ofPosition: layout.position(of: .row(first)))
    guard y + height > geometry.clipTop, y < tableHeight else { return nil }
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
    guard case .content(let position, let delta) = scroll.anchor, position < layout.itemCount else {
      return nil
    }
    return (layout.item(at: position), delta)
  }

  /// Anchors the scroll window to where `item` of the old table is in the new one, so that
  /// it stays on the same screen line; when it is gone, what was `following` it (`line` lines
  /// below the top) takes its line, or, with `keepsFollowingLine`, stays on its own.
  private mutating func anchorTo(
    _ item: TableItem, delta: Int, following: (item: TableItem, line: Int)?,
    keepsFollowingLine: Bool, diff: TableDiff
  ) {
    var delta = delta
    var moved = newItem(of: item, diff: diff)
    if moved == nil, case .row(let indexPath) = item {
      if let following, let next = newItem(of: following.item, diff: diff) {
        // One of the app's rows went from the top: what followed it takes its line, as the
        // rows below a deleted row move up. A spinner or error row of the controller's went
        // (its page came, its loader ended): what followed stays on its line, and what the
        // page brought shows above it, so that a page never moves the app's rows on screen.
        moved = next
        delta = keepsFollowingLine ? -following.line : min(delta, 0)
      } else {
        // Else its nearest neighbour takes its line, or the top when it started above it.
        moved = survivor(of: indexPath, in: diff).map { .row($0) }
        delta = min(delta, 0)
      }
    }
    guard let moved, layout.itemCount > 0 else {
      scroll.anchor = .header(offset: 0)
      return
    }
    let position = layout.position(of: moved)
    // Above the top of the item, what shows there is measured, so that its lines are real.
    if delta < 0 { measureScreenful(endingAt: position) }
    delta = min(delta, max(0, layout.knownHeight(ofPosition: position) - 1))
    scroll.anchor = .content(position: position, delta: delta)
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
  mutating func validSelection(near indexPath: IndexPath?) -> IndexPath? {
    guard let indexPath, let row = nearestRow(to: indexPath, in: layout.table) else {
      return nil
    }
    let position = layout.position(of: .row(row))
    return firstSelectableRow(from: position, step: 1, limit: 1_000)
      ?? firstSelectableRow(from: position, step: -1, limit: 1_000)
  }
}
