/// Whether a BLOB holds text: valid UTF-8, no NUL, and hardly any control characters, as the
/// JSON that SwiftPM's manifest cache stores in BLOBs is.
///
/// `BlobText.text(of: Array("{\"name\": \"foo\"}".utf8))` is the JSON as a string; the bytes of
/// a PNG, or any with a NUL, give `nil`.
package enum BlobText {
  /// The most control characters text may hold: one in this many characters. Tabs, line feeds,
  /// carriage returns, form feeds and escapes, which text of terminals and files has, do not
  /// count.
  package static let controlRatio = 20

  /// The bytes as text, or `nil` when they do not look like text.
  ///
  /// When `isCut` is true the bytes are the start of a longer value, so a character cut short
  /// at their end is left out rather than making them invalid.
  package static func text(of bytes: [UInt8], isCut: Bool = false) -> String? {
    guard !bytes.isEmpty, !bytes.contains(0) else { return nil }
    let whole = isCut ? bytes[..<completeEnd(of: bytes)] : bytes[...]
    guard let text = String(validating: whole, as: UTF8.self) else { return nil }
    var scalars = 0
    var controls = 0
    for scalar in text.unicodeScalars {
      scalars += 1
      if isControl(scalar) { controls += 1 }
    }
    return controls * controlRatio <= scalars ? text : nil
  }

  /// Whether a scalar is a control character that text seldom holds.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0C, 0x0D, 0x1B: false
    case 0x00..<0x20, 0x7F..<0xA0: true
    default: false
    }
  }

  /// The end of the last whole UTF-8 sequence in `bytes`: their count, less a sequence cut short
  /// at the end.
  static func completeEnd(of bytes: [UInt8]) -> Int {
    // A sequence is at most 4 bytes: look back that far for the byte that starts the last one.
    var start = bytes.count - 1
    while start > 0 && start > bytes.count - 4 && bytes[start] & 0xC0 == 0x80 {
      start -= 1
    }
    guard start >= 0 else { return 0 }
    let lead = bytes[start]
    let length =
      switch lead {
      case 0xF0...: 4
      case 0xE0...: 3
      case 0xC0...: 2
      default: 1
      }
    return start + length <= bytes.count ? bytes.count : start
  }
}
