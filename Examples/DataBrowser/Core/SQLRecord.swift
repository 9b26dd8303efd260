import GRDB
import TermElementsRecords

/// One record of a page: its values in column order, its key, and, in a ``RecordQuery``
/// ordered by a column, its value in that column.
public struct SQLRecord: Equatable, Sendable {
  /// The values, one per column of the schema.
  public let values: [CellValue]
  /// The key's values, in key order.
  public let key: [DatabaseValue]
  /// The record's value in the column of the order, in full; `nil` in key order.
  public let sortValue: DatabaseValue?

  /// Makes a record.
  public init(values: [CellValue], key: [DatabaseValue], sortValue: DatabaseValue? = nil) {
    self.values = values
    self.key = key
    self.sortValue = sortValue
  }

  /// Where the record stands in its order, to page or search on from it.
  public var position: SQLPosition { SQLPosition(sortValue: sortValue, key: key) }
}
