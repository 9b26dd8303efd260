/// What tells a record from every other of its source, whatever the order: a primary key's
/// values, a line number, an index in an array.
///
/// Screens keep a record's key to read it whole, to find it again after a sort or a filter,
/// and to tell its row apart; only the source knows what the values mean.
///
/// ```swift
/// let key = RecordKey([.integer(17)])
/// ```
public struct RecordKey: Hashable, Sendable {
  /// The key's values, in key order, each whole.
  public var values: [CellValue]

  /// A key of `values`.
  public init(_ values: [CellValue]) {
    self.values = values
  }
}
