import Foundation

/// A JSON object or array laid out one member a line, indented 2 spaces, with its keys in the
/// order they were written and its strings exactly as they were written, escapes and all.
///
/// `PrettyJSON.format(#"{"b":1,"a":[true,"x\"y"],"c":{}}"#)` gives these lines:
/// `{`, `  "b": 1,`, `  "a": [`, `    true,`, `    "x\"y"`, `  ],`, `  "c": {}`, `}`.
package enum PrettyJSON {
  /// Spaces for each level of nesting.
  package static let indentWidth = 2

  /// The text laid out, lines joined by line feeds; `nil` unless it is one valid JSON object or
  /// array, with nothing but whitespace around it.
  package static func format(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    guard let first = bytes.first(where: { !isWhitespace($0) }), first == 0x7B || first == 0x5B,
      (try? JSONSerialization.jsonObject(with: Data(bytes))) != nil
    else { return nil }
    return reindent(bytes)
  }

  /// Valid JSON, laid out again token by token: whitespace between tokens is dropped, a line
  /// ends after each opening bracket, comma and before each closing bracket, and strings,
  /// numbers and literals are copied as they are.
  static func reindent(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    var depth = 0
    func newLine() {
      out.append(0x0A)
      out.append(contentsOf: repeatElement(0x20, count: depth * indentWidth))
    }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case _ where isWhitespace(byte):
        index += 1
      case 0x22:  // A string, to its closing quote; a backslash escapes the byte after it.
        var end = index + 1
        while end < bytes.count && bytes[end] != 0x22 {
          end += bytes[end] == 0x5C ? 2 : 1
        }
        end = min(end, bytes.count - 1)
        out.append(contentsOf: bytes[index...end])
        index = end + 1
      case 0x7B, 0x5B:  // `{` or `[`: empty ones stay on their line.
        let close: UInt8 = byte == 0x7B ? 0x7D : 0x5D
        var next = index + 1
        while next < bytes.count && isWhitespace(bytes[next]) { next += 1 }
        if next < bytes.count && bytes[next] == close {
          out.append(contentsOf: [byte, close])
          index = next + 1
        } else {
          out.append(byte)
          depth += 1
          newLine()
          index += 1
        }
      case 0x7D, 0x5D:
        depth = max(0, depth - 1)
        newLine()
        out.append(byte)
        index += 1
      case 0x2C:
        out.append(byte)
        newLine()
        index += 1
      case 0x3A:
        out.append(contentsOf: [0x3A, 0x20])
        index += 1
      default:
        out.append(byte)
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether a byte is JSON whitespace: space, tab, line feed or carriage return.
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
