import Foundation

/// Values written as JSON, for the lines of an export in JSON lines.
enum JSONText {
  /// Appends `value` as JSON to `bytes`: a number as a number (a decimal whose digits JSON
  /// does not read, such as `012` or `+1`, and a real that is not finite as a string), a truth
  /// value as `true` or `false`, NULL as `null`, a JSON value as itself when it reads as one
  /// (its line breaks, between tokens, as spaces),
  /// a BLOB as the string of `\x` and its bytes in hex, anything else as a string.
  static func append(_ value: CellValue, to bytes: inout [UInt8]) {
    switch value {
    case .null:
      bytes += "null".utf8
    case .integer(let number):
      RecordLineWriter.appendDigits(number, to: &bytes)
    case .real(let number) where number.isFinite:
      bytes += String(number).utf8
    case .decimal(let digits) where isNumber(Array(digits.utf8)):
      bytes += digits.utf8
    case .boolean(let truth):
      bytes += (truth ? "true" : "false").utf8
    case .json(let text) where isDocument(text):
      // Valid JSON holds a line break only between tokens, where a space does as well.
      for byte in text.utf8 { bytes.append(byte == 0x0A || byte == 0x0D ? 0x20 : byte) }
    case .blob(_, let prefix):
      // A backslash in a JSON string is written twice.
      bytes += "\"\\".utf8
      RecordLineWriter.appendHex(prefix, to: &bytes)
      bytes.append(UInt8(ascii: "\""))
    default:
      appendString(value.cellText, to: &bytes)
    }
  }

  /// Appends `text` as a JSON string: in quotes, with quotes, backslashes and control
  /// characters escaped.
  static func appendString(_ text: String, to bytes: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      for byte in utf8 {
        switch byte {
        case UInt8(ascii: "\""): bytes += "\\\"".utf8
        case UInt8(ascii: "\\"): bytes += "\\\\".utf8
        case 0x0A: bytes += "\\n".utf8
        case 0x0D: bytes += "\\r".utf8
        case 0x09: bytes += "\\t".utf8
        case 0..<0x20, 0x7F:
          bytes += "\\u00".utf8
          bytes.append(hex[Int(byte >> 4)])
          bytes.append(hex[Int(byte & 15)])
        default: bytes.append(byte)
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Whether `bytes` are a number as JSON writes one: `-`, digits with no leading zero, an
  /// optional fraction and exponent.
  static func isNumber(_ bytes: [UInt8]) -> Bool {
    var index = 0
    func digits() -> Int {
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index - start
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let start = index
    let whole = digits()
    guard whole > 0, whole == 1 || bytes[start] != UInt8(ascii: "0") else { return false }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { return false }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() > 0 else { return false }
    }
    return index == bytes.count
  }

  /// Whether `text` reads as one JSON value, whitespace around it allowed.
  static func isDocument(_ text: String) -> Bool {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil
  }
}
