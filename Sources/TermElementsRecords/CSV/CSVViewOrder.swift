/// The records of a view with a column's order or a filter: built by reading the whole file
/// once, and kept in memory.
///
/// It keeps the record numbers of the view in ascending order (ties by number), each record's
/// rank, and, in a column's order, every record's value in the column (the positions of a
/// column's order carry it): for 10,000,000 records, 80 MB of numbers and the values (a text
/// of up to 15 bytes in 16 bytes, longer ones on the heap).
///
/// A value is kept, and compared, by its first ``CSVValue/compareByteLimit`` bytes (64 KiB),
/// so that a field of 200 MB costs 64 KiB here: two values that agree on that much tie, and
/// ties go by record number, as equal values do.
final class CSVViewOrder: Sendable {
  /// The column ordered by, or `nil` for the key's order.
  let column: Int?
  /// The filter, or `nil` for every record.
  let filter: String?
  /// `values[n - 1]`: the value of record `n` in the column; empty in the key's order.
  let values: [CellValue]
  /// The view's record numbers less one, in ascending order.
  let order: [Int32]
  /// `ranks[n - 1]`: where record `n` stands in ascending order, or -1 when it is not in the
  /// view.
  let ranks: [Int32]

  /// The view of the records numbered `included` (less one, ascending) of `recordCount`, in
  /// the order of `values` when `column` is not `nil`, ties by number.
  init(
    column: Int?, filter: String?, recordCount: Int, included: [Int32], values: [CellValue]
  ) {
    self.column = column
    self.filter = filter
    self.values = values
    var order = included
    if column != nil {
      order.sort { left, right in
        let (a, b) = (values[Int(left)], values[Int(right)])
        if a.precedes(b) { return true }
        if b.precedes(a) { return false }
        return left < right
      }
    }
    var ranks = [Int32](repeating: -1, count: recordCount)
    for (rank, record) in order.enumerated() { ranks[Int(record)] = Int32(rank) }
    self.order = order
    self.ranks = ranks
  }

  /// Whether this is the view of `view`'s column and filter.
  func serves(_ view: RecordView) -> Bool {
    column == view.order.column && filter == view.filter
  }

  /// The number of records in the view.
  var count: Int { order.count }

  /// The number of the record at `ordinal` in the order, reversed when `descending`.
  func recordNumber(atOrdinal ordinal: Int, descending: Bool) -> Int {
    Int(order[descending ? count - 1 - ordinal : ordinal]) + 1
  }

  /// Where record `number` stands in the order, reversed when `descending`; `nil` when it is
  /// not in the view.
  func ordinal(ofRecord number: Int, descending: Bool) -> Int? {
    guard number >= 1 && number <= ranks.count else { return nil }
    let rank = Int(ranks[number - 1])
    guard rank >= 0 else { return nil }
    return descending ? count - 1 - rank : rank
  }

  /// Record `number`'s value in the column, or `nil` in the key's order.
  func sortValue(ofRecord number: Int) -> CellValue? {
    column == nil ? nil : values[number - 1]
  }
}
