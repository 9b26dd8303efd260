/// The text `y` and `Y` put on the clipboard: a value as it is, or a record as one line of
/// tab-separated values, and the cut at ``limit``.
///
/// In a record's line the values are escaped as PostgreSQL's `COPY` text format does, so that
/// the line stays one line and every value reads back: a backslash is `\\`, a tab `\t`, a line
/// feed `\n`, a carriage return `\r`; NULL is `\N`, and a BLOB is `\x` and its bytes in hex.
///
/// ```swift
/// let line = ClipboardText.record([.integer(1), .text("a\tb"), .null])  // "1\ta\\tb\t\\N"
/// ```
public enum ClipboardText {
  /// The most bytes of UTF-8 put on the clipboard: 100 KiB.
  public static let limit = 100 * 1_024

  /// The text of `value` alone: text, JSON, dates and numbers as they read, a BLOB as its
  /// bytes in hex; `nil` for NULL, which has none.
  public static func cell(_ value: CellValue) -> String? {
    switch value {
    case .null: nil
    case .blob(_, let bytes): hex(bytes)
    default: value.cellText
    }
  }

  /// The values of a record as one line of tab-separated values, escaped.
  public static func record(_ values: [CellValue]) -> String {
    values.map(field).joined(separator: "\t")
  }

  /// One value of a record's line, escaped.
  static func field(_ value: CellValue) -> String {
    switch value {
    case .null: return "\\N"
    case .blob(_, let bytes): return "\\x" + hex(bytes)
    default:
      var escaped: [UInt8] = []
      for byte in value.cellText.utf8 {
        if let letter = escape(byte) {
          escaped.append(UInt8(ascii: "\\"))
          escaped.append(letter)
        } else {
          escaped.append(byte)
        }
      }
      return String(decoding: escaped, as: UTF8.self)
    }
  }

  /// The letter that follows a backslash in place of `byte` of a value's UTF-8 in a record's
  /// line: `\\` for a backslash, `t` for a tab, `n` for a line feed, `r` for a carriage
  /// return; `nil` for any other byte, which goes as it is (no byte of a character of several
  /// bytes is one of those four).
  static func escape(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "\\"): UInt8(ascii: "\\")
    case 0x09: UInt8(ascii: "t")
    case 0x0A: UInt8(ascii: "n")
    case 0x0D: UInt8(ascii: "r")
    default: nil
    }
  }

  /// `bytes` in lowercase hex.
  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 15)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `text` cut to at most `limit` bytes of UTF-8 at the end of a whole character, and
  /// whether it was cut.
  public static func cut(_ text: String, limit: Int = limit) -> (text: String, isCut: Bool) {
    guard text.utf8.count > limit else { return (text, false) }
    var bytes = 0
    var end = text.startIndex
    for index in text.indices {
      let next = text.index(after: index)
      let size = text.utf8.distance(from: index, to: next)
      if bytes + size > limit { break }
      bytes += size
      end = next
    }
    return (String(text[..<end]), true)
  }
}
