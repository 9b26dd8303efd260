import Glibc

/// Line feeds in a run of a CSV file's bytes with no quote in it, where every one ends a record:
/// how a read by bytes steps from one record to a far one without parsing those between.
enum CSVLineFeeds {
  /// How many LF bytes `bytes[range]` holds, eight bytes at a time.
  static func count(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let feeds = UInt64(CSVRecordParser.lineFeed) &* ones
    var total = 0
    var position = range.lowerBound
    while position + 8 <= range.upperBound {
      let word = bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self) ^ feeds
      total += (~(((word & low) &+ low) | word | low)).nonzeroBitCount
      position += 8
    }
    while position < range.upperBound {
      if bytes[position] == CSVRecordParser.lineFeed { total += 1 }
      position += 1
    }
    return total
  }

  /// The index past the last LF in `bytes[range]`, or `nil` when there is none.
  static func endOfLast(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
    var position = range.upperBound
    while position > range.lowerBound {
      position -= 1
      if bytes[position] == CSVRecordParser.lineFeed { return position + 1 }
    }
    return nil
  }

  /// Whether `bytes[range]` holds a quote.
  static func hasQuote(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
    guard !range.isEmpty, let base = bytes.baseAddress else { return false }
    return memchr(base + range.lowerBound, Int32(CSVRecordParser.quote), range.count) != nil
  }
}
