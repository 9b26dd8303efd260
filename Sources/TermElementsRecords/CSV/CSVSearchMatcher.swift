/// A ``SearchText`` and the columns searched, with a quick test on a record's bytes that rules
/// most records out before their values are built.
struct CSVSearchMatcher: Sendable {
  /// The text.
  let text: SearchText
  /// The columns searched, or `nil` for every column.
  let columns: Set<Int>?
  /// The text's bytes with ASCII letters lowered, when a match must show in the record's bytes
  /// as they are: the text is ASCII with no quote, delimiter or line end; otherwise `nil`.
  let needle: [UInt8]?

  /// A matcher of `text` in the values of `columns` (every column's when `nil`) of a file
  /// whose fields `delimiter` separates.
  init(_ text: SearchText, delimiter: UInt8, columns: Set<Int>? = nil) {
    self.text = text
    self.columns = columns
    let bytes = Array(text.text.utf8)
    let plain =
      text.isASCII
      && !bytes.contains {
        $0 == CSVRecordParser.quote || $0 == delimiter || $0 == CSVRecordParser.lineFeed
          || $0 == CSVRecordParser.carriageReturn
      }
    needle = plain ? bytes.map(Self.lower) : nil
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }

  /// Whether the record, or the fields, at `content` of `bytes` may hold the text; `false` only
  /// when they cannot.
  ///
  /// The value of a field is its bytes, less quotes that a text with no quote cannot span, so an
  /// ASCII match is in the bytes too, and a number's cell shows its digits as written.
  func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> Bool {
    guard let needle, let head = needle.first else { return true }
    guard content.count >= needle.count else { return false }
    var position = content.lowerBound
    let last = content.upperBound - needle.count
    search: while position <= last {
      if Self.lower(bytes[position]) == head {
        for offset in 1..<needle.count where Self.lower(bytes[position + offset]) != needle[offset]
        {
          position += 1
          continue search
        }
        return true
      }
      position += 1
    }
    return false
  }
}
