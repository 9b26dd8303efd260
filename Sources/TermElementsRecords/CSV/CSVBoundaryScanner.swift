/// Finds where records end in a stream of chunks, with ``CSVRecordParser``'s reading but
/// without building fields: what the index runs over the whole file.
struct CSVBoundaryScanner: Sendable {
  /// The reading's state at the end of the last chunk.
  var state = CSVRecordParser.State.fieldStart
  /// The delimiter.
  let delimiter: UInt8

  /// Scans `bytes`, calling `recordEnd` with the index past each LF that ends a record.
  mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, recordEnd: (Int) -> Void) {
    let quote = CSVRecordParser.quote
    let lineFeed = CSVRecordParser.lineFeed
    var state = self.state
    for index in bytes.indices {
      let byte = bytes[index]
      switch state {
      case .quoted:
        if byte == quote { state = .quoteSeen }
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
          state = .unquoted
        }
      }
    }
    self.state = state
  }
}
