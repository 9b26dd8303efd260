/// One record of a page: its values in column order, its key, and, in a view ordered by a
/// column, its whole value in that column.
///
/// Values in a page may be cut, so that a page never holds a huge value: long text to its
/// start, a BLOB to its size and first bytes. ``RecordSource/wholeRecord(key:)`` reads them
/// whole.
public struct PageRecord: Hashable, Sendable {
  /// The values, one per column.
  public var values: [CellValue]
  /// The key.
  public var key: RecordKey
  /// The value in the column of the order, whole; `nil` in the key's order.
  public var sortValue: CellValue?

  /// A record.
  ///
  /// ```swift
  /// let record = PageRecord(values: [.integer(1), .text("Ada")], key: RecordKey([.integer(1)]))
  /// ```
  public init(values: [CellValue], key: RecordKey, sortValue: CellValue? = nil) {
    self.values = values
    self.key = key
    self.sortValue = sortValue
  }

  /// Where the record stands in its view's order, to page or search on from it.
  public var position: RecordPosition { RecordPosition(sortValue: sortValue, key: key) }
}
