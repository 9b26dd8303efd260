/// A record as read from the file: its key's number, where it starts, and its fields, each
/// value cut as the reader that read it cuts them.
struct CSVRawRecord: Sendable {
  /// Its number from 1, or, before the count is known, from the end: `-1` for the last.
  var number: Int64
  /// The offset of its first byte.
  var start: UInt64
  /// Its fields, as many as it has.
  var fields: [CSVField]

  /// Whether a field's value was cut: a search or a filter that needs all of it reads the
  /// record again a chunk at a time.
  var isCut: Bool { fields.contains(where: \.isCut) }

  /// Its key.
  var key: RecordKey { RecordKey([.integer(number)]) }
}
