internal import FoundationEssentials

/// The rows a frame drew, in table order: each one's identity, index path and box, kept as
/// three arrays so that looking for a key walks keys alone.
///
/// ```swift
/// var shown = ShownRows()
/// shown.append(
///   key: .id(RowID(7)), indexPath: IndexPath(row: 0, section: 0),
///   frame: Rect(x: 0, y: 0, width: 20, height: 1))
/// shown.index(of: .id(RowID(7)), from: 0)  // 0
/// ```
struct ShownRows: RandomAccessCollection, Sendable {
  /// The rows' identities.
  private(set) var keys: [RowKey] = []
  /// Where the rows were in the table.
  private var indexPaths: [IndexPath] = []
  /// The rows' boxes on screen.
  private var frames: [Rect] = []

  /// The first row.
  var startIndex: Int { 0 }
  /// Past the last row.
  var endIndex: Int { keys.count }

  /// Row `index`: its identity, index path and box.
  subscript(index: Int) -> (key: RowKey, indexPath: IndexPath, frame: Rect) {
    (keys[index], indexPaths[index], frames[index])
  }

  /// Adds a row after the others.
  mutating func append(key: RowKey, indexPath: IndexPath, frame: Rect) {
    keys.append(key)
    indexPaths.append(indexPath)
    frames.append(frame)
  }

  /// Drops every row, keeping the storage.
  mutating func removeAll() {
    keys.removeAll(keepingCapacity: true)
    indexPaths.removeAll(keepingCapacity: true)
    frames.removeAll(keepingCapacity: true)
  }

  /// Where the row `key` is, looked for from `start` to the end, then from the beginning:
  /// rows keep their order from frame to frame, so a row is usually where the last one found
  /// was followed.
  func index(of key: RowKey, from start: Int) -> Int? {
    let start = Swift.min(start, keys.count)
    if let found = keys[start...].firstIndex(of: key) { return found }
    return keys[..<start].firstIndex(of: key)
  }
}
