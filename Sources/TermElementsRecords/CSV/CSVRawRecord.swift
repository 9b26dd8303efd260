/// A record as read from the file: its key's number, where it starts, and its fields' values.
struct CSVRawRecord: Sendable {
  /// Its number from 1, or, before the count is known, from the end: `-1` for the last.
  var number: Int64
  /// The offset of its first byte.
  var start: UInt64
  /// Its fields' values, as many as it has.
  var fields: [[UInt8]]

  /// Its key.
  var key: RecordKey { RecordKey([.integer(number)]) }
}
