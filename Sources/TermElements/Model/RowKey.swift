/// The identity a row has within its table, read without building the row.
///
/// A stored row with an ``Row/id`` is known by that id wherever it moves. A row of a
/// ``RowSource`` is known by the source's id and its index in the source, so that a section of
/// ten million rows can be diffed without making any of them. A stored row without an id is
/// known by its position, as in a table without identities.
enum RowKey: Hashable, Sendable {
  /// A stored row's own id.
  case id(RowID)
  /// Row `index` of the source named `source`.
  case generated(source: String, index: Int)
  /// The row at a position, for stored rows without an id.
  case position(section: Int, row: Int)

  /// Hashes a generated row by its index and its source's length only: frames hash the keys of
  /// the rows on screen several times, and a source's rows differ by index. Equal keys still
  /// compare the source's name.
  func hash(into hasher: inout Hasher) {
    switch self {
    case .id(let id):
      hasher.combine(0 as UInt8)
      hasher.combine(id)
    case .generated(let source, let index):
      hasher.combine(1 as UInt8)
      hasher.combine(source.utf8.count)
      hasher.combine(index)
    case .position(let section, let row):
      hasher.combine(2 as UInt8)
      hasher.combine(section)
      hasher.combine(row)
    }
  }

  /// Whether the key follows its row when rows move, rather than naming a position.
  var followsRow: Bool {
    if case .position = self { return false }
    return true
  }
}
