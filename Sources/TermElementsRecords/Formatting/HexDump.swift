/// Bytes as `hexdump -C` shows them: a hex offset, 16 bytes in hex in two groups of 8, and the
/// same bytes as ASCII between bars, with `.` for anything that is not printable ASCII.
///
/// `HexDump.line(of: Array("{\n  \"name\": \"foo\"".utf8)[...], at: 0)` is
/// `00000000  7b 0a 20 20 22 6e 61 6d  65 22 3a 20 22 66 6f 6f  |{.  "name": "foo|`.
package enum HexDump {
  /// Bytes on each line.
  package static let bytesPerLine = 16

  /// The most bytes the detail view dumps; the rest of a BLOB is left out.
  package static let limit = 4_096

  /// The lines of the first `limit` bytes of `bytes`, 16 to a line; the last line may be shorter,
  /// padded so that its ASCII column lines up with the others.
  package static func lines(of bytes: [UInt8], limit: Int = HexDump.limit) -> [String] {
    let shown = bytes.prefix(max(0, limit))
    return stride(from: 0, to: shown.count, by: bytesPerLine).map { offset in
      line(of: shown[offset..<min(offset + bytesPerLine, shown.count)], at: offset)
    }
  }

  /// One line: `offset` in hex, then up to 16 `bytes` in hex and as ASCII.
  package static func line(of bytes: ArraySlice<UInt8>, at offset: Int) -> String {
    var text = hex(offset, digits: 8) + "  "
    let row = Array(bytes.prefix(bytesPerLine))
    for index in 0..<bytesPerLine {
      text += index < row.count ? hex(Int(row[index]), digits: 2) : "  "
      text += index == bytesPerLine / 2 - 1 ? "  " : " "
    }
    let ascii = row.map { byte in
      (0x20..<0x7F).contains(byte) ? Character(Unicode.Scalar(byte)) : "."
    }
    return text + " |" + String(ascii) + "|"
  }

  /// `value` in lowercase hex, padded with zeros to at least `digits` digits.
  static func hex(_ value: Int, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
