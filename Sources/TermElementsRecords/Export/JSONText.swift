import Foundation

/// Values written as JSON, for the lines of an export in JSON lines.
enum JSONText {
  /// Appends `value` as JSON to `out`: a number as a number (a decimal whose digits JSON
  /// does not read, such as `012` or `+1`, and a real that is not finite as a string), a truth
  /// value as `true` or `false`, NULL as `null`, a JSON value as itself when it reads as one
  /// (its line breaks, between tokens, as spaces),
  /// a BLOB as the string of `\x` and its bytes in hex, anything else as a string; a long
  /// value a slice at a time.
  ///
  /// - Throws: ``RecordExportError/writeFailed(_:reason:)``.
  static func append(_ value: CellValue, to out: inout ExportBuffer) throws(RecordExportError) {
    switch value {
    case .null:
      out.append(contentsOf: "null".utf8)
    case .integer(let number):
      RecordLineWriter.appendDigits(number, to: &out)
    case .real(let number) where number.isFinite:
      out.append(contentsOf: String(number).utf8)
    case .decimal(let digits) where isNumber(Array(digits.utf8)):
      out.append(contentsOf: digits.utf8)
    case .boolean(let truth):
      out.append(contentsOf: (truth ? "true" : "false").utf8)
    case .json(let text) where isDocument(text):
      // Valid JSON holds a line break only between tokens, where a space does as well.
      try out.appendSlices(of: text) { slice, out in
        for byte in slice { out.append(byte == 0x0A || byte == 0x0D ? 0x20 : byte) }
      }
    case .blob(_, let prefix):
      // A backslash in a JSON string is written twice.
      out.append(contentsOf: "\"\\".utf8)
      try RecordLineWriter.appendHex(prefix, to: &out)
      out.append(UInt8(ascii: "\""))
    default:
      try appendString(value.cellText, to: &out)
    }
  }

  /// Appends `text` as a JSON string: in quotes, with quotes, backslashes and control
  /// characters escaped; a long text a slice at a time.
  ///
  /// - Throws: ``RecordExportError/writeFailed(_:reason:)``.
  static func appendString(_ text: String, to out: inout ExportBuffer) throws(RecordExportError) {
    let hex: StaticString = "0123456789abcdef"
    out.append(UInt8(ascii: "\""))
    try out.appendSlices(of: text) { slice, out in
      for byte in slice {
        switch byte {
        case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
        case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
        case 0x0A: out.append(contentsOf: "\\n".utf8)
        case 0x0D: out.append(contentsOf: "\\r".utf8)
        case 0x09: out.append(contentsOf: "\\t".utf8)
        case 0..<0x20, 0x7F:
          out.append(contentsOf: "\\u00".utf8)
          hex.withUTF8Buffer { digits in
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
          }
        default: out.append(byte)
        }
      }
    }
    out.append(UInt8(ascii: "\""))
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
