/// How the bytes of a CSV field become a ``CellValue``.
///
/// A field is an ``CellValue/integer(_:)`` when it is a whole number written plainly (`-12`,
/// not `+12` or `012`) that fits 64 bits, a ``CellValue/decimal(_:)`` with its digits as
/// written when it is any other number (`012`, `+1.50`, `.5`, `6.02e23`), and
/// ``CellValue/text(_:)`` otherwise, an empty field included: a CSV file has no NULL. Bytes
/// that are not UTF-8 become U+FFFD.
enum CSVValue {
  /// The characters a page keeps of a long field, as the SQLite source keeps of TEXT.
  static let pageCharacterLimit = 1024
  /// The bytes a page reads of a field: enough for ``pageCharacterLimit`` characters of up
  /// to 8 bytes each.
  static let pageByteLimit = pageCharacterLimit * 8
  /// The bytes of a field a sort or a filter compares: more than any value typed in a filter,
  /// so that `=`, `<` and the like decide on them exactly (a value cut there is longer than
  /// the one it is compared with).
  static let compareByteLimit = 64 << 10
  /// Numbers longer than this are text.
  static let numberLengthLimit = 64

  /// The value of a field whose value is `bytes`; cut to ``pageCharacterLimit`` characters
  /// when `cut`.
  static func value(_ bytes: [UInt8], cut: Bool) -> CellValue {
    switch numberKind(bytes) {
    case .integer(let number): return .integer(number)
    case .decimal: return .decimal(String(decoding: bytes, as: UTF8.self))
    case nil: return .text(text(bytes, cut: cut))
    }
  }

  /// The value of `field`: as ``value(_:cut:)`` makes it, and text when only its start was
  /// read, that start ending at a whole character.
  static func value(_ field: CSVField, cut: Bool) -> CellValue {
    guard field.isCut else { return value(field.bytes, cut: cut) }
    return .text(text(complete(field.bytes), cut: cut))
  }

  /// `bytes` less an incomplete UTF-8 sequence at their end, where a read cut them.
  static func complete(_ bytes: [UInt8]) -> [UInt8] {
    var end = bytes.count
    var back = 0
    while end > 0 && back < 4 && bytes[end - 1] & 0xC0 == 0x80 {
      end -= 1
      back += 1
    }
    guard end > 0, bytes[end - 1] >= 0xC0 else { return bytes }
    let lead = bytes[end - 1]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    return length > back + 1 ? Array(bytes[..<(end - 1)]) : bytes
  }

  /// `bytes` as text, invalid UTF-8 repaired, cut to ``pageCharacterLimit`` characters when
  /// `cut`.
  static func text(_ bytes: [UInt8], cut: Bool) -> String {
    guard cut && bytes.count > pageCharacterLimit else {
      return String(decoding: bytes, as: UTF8.self)
    }
    // A character is at least a byte; read a generous prefix, ending on a scalar's start.
    var end = min(bytes.count, pageCharacterLimit * 8)
    if end < bytes.count {
      while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
    }
    let text = String(decoding: bytes[..<end], as: UTF8.self)
    return text.count > pageCharacterLimit ? String(text.prefix(pageCharacterLimit)) : text
  }

  /// What kind of number `bytes` writes.
  enum NumberKind: Equatable {
    case integer(Int64)
    case decimal
  }

  /// The value of a field whose whole value is `bytes`, as ``value(_:cut:)`` makes it uncut:
  /// read in place, with no array made of them.
  static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> CellValue {
    switch numberKind(bytes) {
    case .integer(let number): return .integer(number)
    case .decimal: return .decimal(String(decoding: bytes, as: UTF8.self))
    case nil: return .text(String(decoding: bytes, as: UTF8.self))
    }
  }

  /// The kind of number `bytes` writes, or `nil` when it is not a number.
  static func numberKind(_ bytes: [UInt8]) -> NumberKind? {
    bytes.withUnsafeBufferPointer { numberKind($0) }
  }

  /// The kind of number `bytes` writes, or `nil` when it is not a number.
  static func numberKind(_ bytes: UnsafeBufferPointer<UInt8>) -> NumberKind? {
    guard !bytes.isEmpty, bytes.count <= numberLengthLimit else { return nil }
    let zero = UInt8(ascii: "0")
    func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }
    var index = 0
    let sign = bytes[0]
    if sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { index += 1 }
    let integerStart = index
    while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    let integerDigits = index - integerStart
    var fractionDigits = 0
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      let fractionStart = index
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
      fractionDigits = index - fractionStart
      guard fractionDigits > 0 else { return nil }
    }
    guard integerDigits + fractionDigits > 0 else { return nil }
    var exponent = false
    if index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+"))
      {
        index += 1
      }
      let exponentStart = index
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
      guard index > exponentStart else { return nil }
      exponent = true
    }
    guard index == bytes.count else { return nil }
    let plain =
      sign != UInt8(ascii: "+") && fractionDigits == 0 && !exponent
      && (integerDigits == 1 || bytes[integerStart] != zero)
      && !(integerDigits == 1 && bytes[integerStart] == zero && integerStart == 1)
    if plain, let number = Int64(String(decoding: bytes, as: UTF8.self)) {
      return .integer(number)
    }
    return .decimal
  }
}
