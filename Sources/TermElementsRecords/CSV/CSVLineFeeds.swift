import Glibc

/// Line feeds in a run of a CSV file's bytes with no quote in it, where every one ends a record:
/// how a read by bytes steps from one record to a far one without parsing those between.
enum CSVLineFeeds {
  /// How many LF bytes `bytes[range]` holds, found one after another with `memchr`: a few
  /// times faster than a count eight bytes at a time when records are tens of bytes or more,
  /// as `memchr` passes over a record's bytes many at a time.
  static func count(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int {
    guard !range.isEmpty, let base = bytes.baseAddress else { return 0 }
    var total = 0
    var position = base + range.lowerBound
    let end = base + range.upperBound
    while position < end,
      let found = memchr(position, Int32(CSVRecordParser.lineFeed), end - position)
    {
      total += 1
      position = UnsafeRawPointer(found) + 1
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
