/// How many records of a CSV file hold each value of a column, from one pass over the file:
/// ``CSVRecordSource/valueCounts(ofColumn:limit:)``.
///
/// The table keeps at most the limit asked for of distinct values, the first ones the file
/// holds; when the column has more, ``isComplete`` is `false`, ``otherRecords`` counts the
/// records whose values were not kept, and the counts kept are at least what they say (the
/// file is read in parts, and a part with more values than the limit counts some records of
/// kept values among the others).
public struct CSVValueCounts: Equatable, Sendable {
  /// A value and the number of records that hold it.
  public struct Entry: Equatable, Sendable {
    /// The value, as a page shows it whole (NULL for a record without the field).
    public let value: CellValue
    /// The records that hold it.
    public let count: Int
  }

  /// The values kept, most frequent first, equal counts in the values' order.
  public let entries: [Entry]
  /// Records whose value was not kept, because the table was full when it came.
  public let otherRecords: Int
  /// The records counted: all of them.
  public let records: Int

  /// Whether every distinct value of the column is in ``entries``.
  public var isComplete: Bool { otherRecords == 0 }
}
