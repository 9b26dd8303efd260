/// A record as read from the file for a page: its key's number, where it starts, and its values
/// as a page shows them.
///
/// The values are made as each record is read, so that reading a page holds one record's
/// fields at a time: a record of 100,000 columns costs its values, not 100,000 arrays of bytes.
struct CSVRawRecord: Sendable {
  /// Its number from 1, or, before the count is known, from the end: `-1` for the last.
  var number: Int64
  /// The offset of its first byte.
  var start: UInt64
  /// Its values, one per column, cut as a page cuts them.
  var values: [CellValue]
  /// Whether a value may be cut: a search that needs all of it reads the record again a chunk
  /// at a time.
  var isCut: Bool

  /// A record of `values`.
  init(number: Int64, start: UInt64, values: [CellValue] = [], isCut: Bool = false) {
    self.number = number
    self.start = start
    self.values = values
    self.isCut = isCut
  }

  /// Its key.
  var key: RecordKey { RecordKey([.integer(number)]) }
}
