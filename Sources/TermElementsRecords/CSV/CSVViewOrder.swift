/// The records of a view with a column's order or a filter: built by reading the whole file
/// once, and kept in memory.
///
/// It keeps the record numbers of the view in order (ties by number) and each record's rank:
/// for 10,000,000 records, 80 MB. A column's values are not kept: a page reads them with its
/// records (see ``CSVRecordSource/sortedOrder(column:filter:)``).
final class CSVViewOrder: Sendable {
  /// The column ordered by, or `nil` for the key's order.
  let column: Int?
  /// The filter, or `nil` for every record.
  let filter: String?
  /// The view's record numbers less one, in ascending order.
  let order: [Int32]
  /// `ranks[n - 1]`: where record `n` stands in ascending order, or -1 when it is not in the
  /// view.
  let ranks: [Int32]

  /// The view of `column`'s order (the key's when `nil`) through `filter`: the records
  /// numbered `order` (less one) in ascending order, and their `ranks`.
  init(column: Int?, filter: String?, order: [Int32], ranks: [Int32]) {
    self.column = column
    self.filter = filter
    self.order = order
    self.ranks = ranks
  }

  /// The view in the key's order of the records numbered `included` (less one, ascending) of
  /// `recordCount`.
  convenience init(filter: String?, recordCount: Int, included: [Int32]) {
    var ranks = [Int32](repeating: -1, count: recordCount)
    for (rank, record) in included.enumerated() { ranks[Int(record)] = Int32(rank) }
    self.init(column: nil, filter: filter, order: included, ranks: ranks)
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
}
