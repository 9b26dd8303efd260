/// Bounded memory for sections that load in both directions: ``Section/loadedRowLimit``.
extension TableModelController {
  /// Drops rows far from the screen from sections holding more than their
  /// ``Section/loadedRowLimit``: from the end farther from the selection first, and only from
  /// an end whose loader can fetch them again and has no page in flight. The rows within two
  /// screens of the selection and of what is shown stay.
  func dropDistantRows() {
    applyTableChange()
    var dropped = false
    for index in loaderSections where index < table.sections.count {
      guard let limit = table.sections[index].loadedRowLimit,
        table.sections[index].rows.count > max(0, limit)
      else { continue }
      let section = table.sections[index]
      let headRow = addedRows.contains(IndexPath(row: 0, section: index)) ? 1 : 0
      // The rows shown and selected, as rows of the app's section: the row at the top of the
      // screen and a screenful after it.
      var kept: [Int] = []
      if case .row(let top)? = layout.item(atLine: offsetFromAnchor()), top.section == index {
        kept += [top.row, top.row + tableHeight]
      }
      if let selectedRow, selectedRow.section == index { kept.append(selectedRow.row) }
      kept = kept.map { min(max(0, $0 - headRow), section.rows.count - 1) }
      let margin = 2 * max(1, tableHeight)
      let keepFrom = max(0, (kept.min() ?? 0) - margin)
      let keepTo = min(section.rows.count, (kept.max() ?? 0) + margin + 1)
      var excess = section.rows.count - max(0, limit)
      let tail = section.tailLoader.map { LoaderID.tail($0.id) }
      let head = section.headLoader.map { LoaderID.head($0.id) }
      let roomAtHead = keepFrom
      let roomAtTail = section.rows.count - keepTo
      // The end farther from the selection goes first.
      let ends: [LoaderID?] = roomAtTail >= roomAtHead ? [tail, head] : [head, tail]
      for case let end? in ends where excess > 0 && canDrop(at: end) {
        let count = min(excess, end.end == .head ? roomAtHead : roomAtTail)
        guard count > 0 else { continue }
        if end.end == .head {
          table.sections[index].rows.removeSubrange(0..<count)
        } else {
          let total = table.sections[index].rows.count
          table.sections[index].rows.removeSubrange((total - count)..<total)
        }
        excess -= count
        dropped = true
        // What was dropped can be fetched again.
        loads[end] = nil
      }
    }
    guard dropped else { return }
    tableChanged = true
    applyTableChange()
  }

  /// Whether rows may be dropped at the end that `loader` fills: it has no page in flight.
  private func canDrop(at loader: LoaderID) -> Bool {
    if case .loading? = loads[loader] { return false }
    return true
  }
}
