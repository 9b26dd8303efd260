/// The order records are shown in: by one column, ties broken by the key, or by the key alone,
/// ascending or descending.
///
/// ```swift
/// let byCity = RecordOrder(column: 3, descending: true)
/// ```
public struct RecordOrder: Hashable, Sendable {
  /// The index of the column ordered by, or `nil` for the key's order.
  public var column: Int?
  /// Whether the order is reversed.
  public var descending: Bool

  /// An order by column `column` (the key's order when `nil`).
  public init(column: Int? = nil, descending: Bool = false) {
    self.column = column
    self.descending = descending
  }

  /// The key's order, ascending: the source's natural order.
  public static let key = RecordOrder()
}

/// Which records a screen shows, and in what order: what every request to a source names.
///
/// ```swift
/// let view = RecordView(order: RecordOrder(column: 1), filter: "city = 'Lagos'")
/// ```
public struct RecordView: Hashable, Sendable {
  /// The order.
  public var order: RecordOrder
  /// A filter in the source's own language (see ``RecordFiltering/filterLanguage``), or `nil`
  /// for every record.
  public var filter: String?

  /// The records through `filter`, in `order`.
  public init(order: RecordOrder = .key, filter: String? = nil) {
    self.order = order
    self.filter = filter
  }

  /// Every record in the key's order.
  public static let all = RecordView()
}

/// Where a record stands in a ``RecordView``'s order: its value in the order's column and its
/// key, all that a source needs to go on from it in either direction.
///
/// A position belongs to the order it was read in: ``PageRecord/position`` gives it, and
/// ``RecordJumping/position(ofKey:in:)`` finds it for a key in another order.
public struct RecordPosition: Hashable, Sendable {
  /// The record's value in the order's column, whole; `nil` in the key's order.
  public var sortValue: CellValue?
  /// The record's key.
  public var key: RecordKey

  /// A position.
  public init(sortValue: CellValue?, key: RecordKey) {
    self.sortValue = sortValue
    self.key = key
  }
}
