/// Bounded memory for sections that load in both directions: ``Section/loadedRowLimit``.
extension TableModelController {
  /// Drops rows far from the screen from sections holding more than their
  /// ``Section/loadedRowLimit``: from the end farther from the selection first, and only from
  /// an end whose loader can fetch them again and has no page in flight. The rows within two
  /// screens of the selection and of what is shown stay.
  func dropDistantRows() {
    applyTableChange()
    var dropped = false
    for index in state.loading.loaderSections where index < table.sections.count {
      guard let limit = table.sections[index].loadedRowLimit,
        table.sections[index].rows.count > max(0, limit)
      else { continue }
      let section = table.sections[index]
      let headRow = state.loading.addedRows.contains(IndexPath(row: 0, section: index)) ? 1 : 0
      // The rows shown and selected, as rows of the app's section: the row at the top of the
      // screen and a screenful after it.
      var kept: [Int] = []
      if case .row(let top)? = state.layout.item(atLine: state.offsetFromAnchor()),
        top.section == index
      {
        kept += [top.row, top.row + state.tableHeight]
      }
      if let selected = state.selection.row, selected.section == index {
        kept.append(selected.row)
      }
      kept = kept.map { min(max(0, $0 - headRow), section.rows.count - 1) }
      let margin = 2 * max(1, state.tableHeight)
      let keepFrom = max(0, (kept.min() ?? 0) - margin)
      let keepTo = min(section.rows.count, (kept.max() ?? 0) + margin + 1)
      var excess = section.rows.count - max(0, limit)
      let tail = section.tailLoader.map { LoaderID.tail($0.id) }
      let head = section.headLoader.map { LoaderID.head($0.id) }
      // Nor rows within a loader's prefetch distance of the screen, which it would fetch
      // again at once, and drop again, for ever.
      let (headLines, tailLines) = prefetchReach(of: section)
      let roomAtHead = min(keepFrom, rows(ofSection: index, headRow: headRow, above: headLines))
      let roomAtTail = min(
        section.rows.count - keepTo, rows(ofSection: index, headRow: headRow, below: tailLines))
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
        state.loading.phases[end] = nil
      }
    }
    guard dropped else { return }
    tableChanged = true
    applyTableChange()
  }

  /// The content lines the loaders of `section` keep loaded, one line beyond their prefetch
  /// distances from the screen: rows above the first and below the second may go.
  private func prefetchReach(of section: Section) -> (head: Int, tail: Int) {
    let geometry = state.geometry(at: state.offsetFromAnchor())
    let screens = 2 * max(1, state.tableHeight)
    let head = max(0, section.headLoader?.prefetchDistance ?? screens)
    let tail = max(0, section.tailLoader?.prefetchDistance ?? screens)
    return (-geometry.contentTop - head - 1, state.tableHeight - geometry.contentTop + tail + 1)
  }

  /// How many of the app's rows of section `index` (the first at row `headRow` of the section
  /// as shown) lie wholly above content line `line`.
  private func rows(ofSection index: Int, headRow: Int, above line: Int) -> Int {
    let count = table.sections[index].rows.count
    guard line > 0, count > 0 else { return 0 }
    guard line < state.layout.contentHeight else { return count }
    let first = state.layout.position(of: .row(IndexPath(row: headRow, section: index)))
    return min(count, max(0, state.layout.position(atLine: line) - first))
  }

  /// How many of the app's rows of section `index` lie wholly below content line `line`.
  private func rows(ofSection index: Int, headRow: Int, below line: Int) -> Int {
    let count = table.sections[index].rows.count
    guard line < state.layout.contentHeight, count > 0 else { return 0 }
    let last = state.layout.position(of: .row(IndexPath(row: headRow + count - 1, section: index)))
    return min(count, max(0, last - state.layout.position(atLine: max(0, line))))
  }

  /// Whether rows may be dropped at the end that `loader` fills: it has no page in flight.
  private func canDrop(at loader: LoaderID) -> Bool {
    !state.loading.isLoading(loader)
  }
}
