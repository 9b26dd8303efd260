/// What a sort keeps of a record: where its value stands in ``CellValue/precedes(_:)``'s order,
/// in 16 bytes, and its number; 24 bytes in all, whatever the value's size.
///
/// NULL comes first, then numbers by value (ties by their text), then text by its bytes (UTF-8
/// orders as Unicode scalars do). Of the text, the key holds the first 15 bytes and the length
/// up to 15, or 16 for longer text: two keys that differ order their values, and two equal ones
/// have equal values unless ``isExact`` is `false`, when the sort reads the values to order them.
struct CSVSortKey: Comparable, Sendable {
  /// The kind of value (0 NULL, 2 number, 4 text), then the number's value, or the first 8
  /// bytes of the text.
  var major: UInt64
  /// The next 7 bytes of the text (a number's first 7), then its length up to 16.
  var minor: UInt64
  /// The record's number less one.
  var record: Int32
  /// The kind of value.
  var kind: UInt8
  /// Whether an equal key means an equal value.
  var isExact: Bool

  static func < (left: CSVSortKey, right: CSVSortKey) -> Bool {
    if left.kind != right.kind { return left.kind < right.kind }
    if left.major != right.major { return left.major < right.major }
    if left.minor != right.minor { return left.minor < right.minor }
    return left.record < right.record
  }

  /// Whether the two keys say the same of their values: only an inexact pair may still differ.
  func sameValue(as other: CSVSortKey) -> Bool {
    kind == other.kind && major == other.major && minor == other.minor
  }

  /// The key of record `record` (less one) whose field in the column is `field` (`nil` when
  /// it has none), as ``CSVValue/value(_:cut:)`` reads it.
  init(record: Int32, field: CSVField?) {
    guard let field else {
      (self.record, kind, major, minor, isExact) = (record, 0, 0, 0, true)
      return
    }
    guard field.isCut else {
      self = field.bytes.withUnsafeBufferPointer { CSVSortKey(record: record, value: $0) }
      return
    }
    self = CSVValue.complete(field.bytes).withUnsafeBufferPointer {
      CSVSortKey(record: record, text: $0)
    }
  }

  /// The key of record `record` (less one) whose field's whole value is `bytes`, read in place.
  init(record: Int32, value bytes: UnsafeBufferPointer<UInt8>) {
    guard let number = CSVValue.numberKind(bytes) else {
      self = CSVSortKey(record: record, text: bytes)
      return
    }
    let value: Double
    switch number {
    case .integer(let whole): value = Double(whole)
    case .decimal: value = Double(String(decoding: bytes, as: UTF8.self)) ?? 0
    }
    self.record = record
    kind = 2
    major = Self.orderBits(value)
    minor = Self.prefix(bytes, from: 0, count: 7)
    isExact = bytes.count <= 7
  }

  /// The key of record `record` (less one) whose value is the text `bytes`: invalid UTF-8
  /// repaired as the value's text is.
  private init(record: Int32, text bytes: UnsafeBufferPointer<UInt8>) {
    self.record = record
    kind = 4
    guard bytes.contains(where: { $0 >= 0x80 }) else {
      major = Self.prefix(bytes, from: 0, count: 8)
      minor = Self.prefix(bytes, from: 8, count: 7)
      isExact = bytes.count <= 15
      return
    }
    let repaired = Array(String(decoding: bytes, as: UTF8.self).utf8)
    (major, minor) = repaired.withUnsafeBufferPointer {
      (Self.prefix($0, from: 0, count: 8), Self.prefix($0, from: 8, count: 7))
    }
    isExact = repaired.count <= 15
  }

  /// `count` bytes of `bytes` from `start`, big-endian, zeros past their end, then a byte of
  /// the length: up to 15, or 16 for more.
  private static func prefix(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int)
    -> UInt64
  {
    var word: UInt64 = 0
    for index in start..<start + count {
      word = word << 8 | UInt64(index < bytes.count ? bytes[index] : 0)
    }
    guard count == 7 else { return word }
    return word << 8 | UInt64(min(bytes.count, 16))
  }

  /// The bits of `value` as an unsigned number in the order of the values.
  private static func orderBits(_ value: Double) -> UInt64 {
    let bits = (value == 0 ? 0.0 : value).bitPattern
    return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
  }
}
