/// The rows the last frame drew, as a value: what a mouse click hits, and what tells which
/// rows the next frame brings on screen.
///
/// ```swift
/// var history = ShownRowsHistory()
/// let arrived = history.record([]) { _ in .id(RowID(1)) }  // no rows drawn: none arrived
/// ```
struct ShownRowsHistory {
  /// What the last frame drew, in order: each row's identity, where it was, and its box.
  private(set) var rows = ShownRows()
  /// The list of the frame before, kept for its storage.
  private var spare = ShownRows()
  /// Whether the next frame counts every row it draws as come on screen, as after
  /// ``TableModelController/reloadData()``.
  var showsAnew = false

  /// Records the rows of `drawn`, each known by `key`, as the rows shown, and returns the
  /// index paths of those that were not shown before, in order; with `findsArrivals` false,
  /// when nobody hears of them, it returns none and does not look for them.
  mutating func record(
    _ drawn: [VisibleItem], findsArrivals: Bool = true, key: (IndexPath) -> RowKey
  ) -> [IndexPath] {
    // The list of the frame before last is reused, to keep its storage.
    let previous = showsAnew ? ShownRows() : rows
    var current = spare
    spare = ShownRows()
    rows = ShownRows()
    showsAnew = false
    current.removeAll()
    var arrived: [IndexPath] = []
    // Each row is looked for from where the last one was found: a frame on which rows stay
    // costs a comparison or two a row.
    var next = 0
    for visible in drawn {
      guard case .row(let indexPath) = visible.item else { continue }
      let key = key(indexPath)
      current.append(key: key, indexPath: indexPath, frame: visible.frame)
      guard findsArrivals else { continue }
      if let found = previous.index(of: key, from: next) {
        next = found + 1
      } else {
        arrived.append(indexPath)
      }
    }
    rows = current
    spare = previous
    return arrived
  }
}
