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
    let shown = presented(table)
    reportDuplicateIDs(in: shown.table)
    state.takeTable(shown)
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
