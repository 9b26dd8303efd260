import GRDB

/// The order records are shown in: by one column, ties broken by the key, or by the key alone,
/// ascending or descending.
///
/// It follows SQLite's `ORDER BY`: the column's own collation, and NULLs first when ascending,
/// last when descending. `SQLOrder(column: "city", descending: true)` is `ORDER BY city DESC,
/// id DESC` on a table keyed by `id`.
public struct SQLOrder: Hashable, Sendable {
  /// The column ordered by, or `nil` for the key's order.
  public var column: String?
  /// Whether the order is reversed.
  public var descending: Bool

  /// Makes an order by `column` (the key's order when `nil`).
  public init(column: String? = nil, descending: Bool = false) {
    self.column = column
    self.descending = descending
  }

  /// The key's order, ascending: the table's natural order.
  public static let key = SQLOrder()
}

/// Where a record stands in a ``SQLOrder``: its value in the order's column and its key, all
/// that keyset pagination needs to go on from it in either direction.
///
/// A position belongs to the order it was read in: ``SQLRecord/position`` gives it, and
/// ``RecordQuery/position(_:ofKey:)`` finds it for a key in another order.
public struct SQLPosition: Hashable, Sendable {
  /// The record's value in the order's column, in full; `nil` in the key's order.
  public let sortValue: DatabaseValue?
  /// The record's key, in key order.
  public let key: [DatabaseValue]

  /// Makes a position.
  public init(sortValue: DatabaseValue?, key: [DatabaseValue]) {
    self.sortValue = sortValue
    self.key = key
  }
}

/// A request a ``RecordQuery`` cannot answer.
public enum RecordQueryError: Error, Equatable, CustomStringConvertible {
  /// A position without a sort value was given to a query ordered by a column, or one with a
  /// sort value to a query in key order: it belongs to another order.
  case positionOfAnotherOrder
  /// A position's key has not as many values as the table's key has columns.
  case wrongKeyLength(expected: Int, got: Int)

  /// What went wrong.
  public var description: String {
    switch self {
    case .positionOfAnotherOrder: "the position belongs to another order"
    case .wrongKeyLength(let expected, let got): "a key of \(got) values, \(expected) expected"
    }
  }
}
