/// Finds where records end in a stream of chunks, with ``CSVRecordParser``'s reading but
/// without building fields: what the index runs over the whole file.
struct CSVBoundaryScanner: Sendable {
  /// The reading's state at the end of the last chunk.
  var state = CSVRecordParser.State.fieldStart
  /// The delimiter.
  let delimiter: UInt8

  /// Scans `bytes`, calling `recordEnd` with the index past each LF that ends a record, and
  /// `textAfterQuote` with the index of each byte of text after a closing quote (`"ab"c`), a
  /// quote the field's value leaves out (other than a CR, which a search never looks through).
  ///
  /// The bytes of a quoted field, and a run of more than a few plain bytes, are skipped with
  /// memchr, so that a field of 200 MB is scanned at memory speed; short fields go byte by byte.
  mutating func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, recordEnd: (Int) -> Void,
    textAfterQuote: (Int) -> Void = { _ in }
  ) {
    let quote = CSVRecordParser.quote
    let lineFeed = CSVRecordParser.lineFeed
    let delimiter = delimiter
    let count = bytes.count
    var state = self.state
    var index = 0
    while index < count {
      let byte = bytes[index]
      switch state {
      case .quoted:
        if byte == quote {
          state = .quoteSeen
          index += 1
        } else {
          index = CSVFieldStream.find(quote, in: bytes, from: index + 1, to: count) ?? count
        }
        continue
      case .fieldStart:
        if byte == quote {
          state = .quoted
        } else if byte == delimiter {
          state = .fieldStart
        } else if byte == lineFeed {
          recordEnd(index + 1)
        } else {
          state = .unquoted
        }
      case .unquoted, .quoteSeen:
        if byte == quote && state == .quoteSeen {
          state = .quoted
        } else if byte == delimiter {
          state = .fieldStart
        } else if byte == lineFeed {
          state = .fieldStart
          recordEnd(index + 1)
        } else {
          if state == .quoteSeen && byte != CSVRecordParser.carriageReturn {
            textAfterQuote(index)
          }
          state = .unquoted
          index = Self.plainRunEnd(bytes, from: index + 1, delimiter: delimiter)
          continue
        }
      }
      index += 1
    }
    self.state = state
  }

  /// Where the plain bytes from `start` end: at the next delimiter or LF, or the end of the
  /// bytes. A quote is plain here: it is only special at the start of a field.
  static func plainRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8)
    -> Int
  {
    let lineFeed = CSVRecordParser.lineFeed
    let count = bytes.count
    let shortEnd = min(count, start + 32)
    var index = start
    while index < shortEnd {
      let byte = bytes[index]
      if byte == delimiter || byte == lineFeed { return index }
      index += 1
    }
    guard index < count else { return count }
    let field = CSVFieldStream.find(delimiter, in: bytes, from: index, to: count) ?? count
    return CSVFieldStream.find(lineFeed, in: bytes, from: index, to: field) ?? field
  }
}
