/// Finds one column's field in each record of a buffer without reading the other fields'
/// values: the bytes of an unquoted field are passed over eight at a time, looking only for
/// the delimiter, LF and CR, a quoted one from quote to quote with `memchr`, and the fields
/// after the column, when they hold no quote, with one `memchr` for the line end.
///
/// It reads as ``CSVRecordParser/parse(_:from:atEnd:delimiter:into:lenient:)`` does: the same
/// records, and for the column the same ``CSVFieldSpan`` (a quoted field's doubled quotes, text
/// after its closing quote, an unclosed one, LF and CR inside quotes, CRLF, a lone CR as a byte
/// of the value), so that a sort or a count reads what a page shows.
struct CSVColumnScanner: Sendable {
  /// The field delimiter.
  let delimiter: UInt8
  /// The column whose field is wanted, from 0.
  let column: Int
  /// The file's columns: fields past the last are folded into it
  /// (``CSVRecordSource/field(ofColumn:in:)``).
  let columnCount: Int

  /// What a record holds in the column.
  enum Found: Equatable {
    /// The record has fewer fields.
    case missing
    /// The column's field.
    case span(CSVFieldSpan)
    /// The column is the last, and the record has more fields, which fold into it: the
    /// caller parses the record whole.
    case folded
  }

  /// How a field ends.
  private enum Terminator {
    case delimiter, lineEnd, bufferEnd
  }

  /// Reads the record that starts at `start` of `bytes`: returns what it holds in the column
  /// and where the next record starts, or `nil` when the buffer ends first and more of the
  /// file follows (`atEnd` false), as ``CSVRecordParser`` does.
  func record(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool)
    -> (found: Found, next: Int)?
  {
    var position = start
    var field = 0
    while true {
      guard let scanned = scanField(bytes, from: position, atEnd: atEnd) else { return nil }
      if field == column {
        let span = CSVFieldSpan(start: position, end: scanned.end, kind: scanned.kind)
        guard scanned.terminator == .delimiter else { return (.span(span), scanned.next) }
        guard let next = skipRest(bytes, from: scanned.next, atEnd: atEnd) else { return nil }
        return (column == columnCount - 1 ? .folded : .span(span), next)
      }
      guard scanned.terminator == .delimiter else { return (.missing, scanned.next) }
      field += 1
      position = scanned.next
    }
  }

  /// Reads the record that starts at `start` of `bytes`, calling `body` with the number and
  /// span of each of its fields up to the column's, in order: returns whether the record has
  /// fields past the column's and where the next record starts, or `nil` when the buffer ends
  /// first and more of the file follows (`body` may have been called for some fields then).
  /// How a filter reads the few columns it compares.
  func fields(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool,
    _ body: (Int, CSVFieldSpan) -> Void
  ) -> (more: Bool, next: Int)? {
    var position = start
    var field = 0
    while true {
      guard let scanned = scanField(bytes, from: position, atEnd: atEnd) else { return nil }
      body(field, CSVFieldSpan(start: position, end: scanned.end, kind: scanned.kind))
      guard scanned.terminator == .delimiter else { return (false, scanned.next) }
      if field == column {
        guard let next = skipRest(bytes, from: scanned.next, atEnd: atEnd) else { return nil }
        return (true, next)
      }
      field += 1
      position = scanned.next
    }
  }

  /// Where the next record starts after the one that starts at `start`, its fields passed over
  /// unread (the column plays no part), or `nil` when the buffer ends first and more of the file
  /// follows: how a read by bytes steps over records it does not look at.
  func nextRecord(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool) -> Int? {
    skipRest(bytes, from: start, atEnd: atEnd)
  }

  /// Where the record whose fields from `start` on are not wanted ends: the byte past its line
  /// end.
  private func skipRest(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool)
    -> Int?
  {
    let count = bytes.count
    let lineFeed = CSVFieldStream.find(CSVRecordParser.lineFeed, in: bytes, from: start, to: count)
    // With no quote before it, the first LF ends the record.
    if CSVFieldStream.find(CSVRecordParser.quote, in: bytes, from: start, to: lineFeed ?? count)
      == nil
    {
      if let lineFeed { return lineFeed + 1 }
      return atEnd ? count : nil
    }
    var position = start
    while true {
      guard let scanned = scanField(bytes, from: position, atEnd: atEnd) else { return nil }
      guard scanned.terminator == .delimiter else { return scanned.next }
      position = scanned.next
    }
  }

  /// The field that starts at `start`: where it ends, how it is written, what ends it and
  /// where what follows starts; `nil` when the buffer ends first and more follows.
  private func scanField(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool)
    -> (end: Int, kind: CSVFieldSpan.Kind, terminator: Terminator, next: Int)?
  {
    let quote = CSVRecordParser.quote
    let lineFeed = CSVRecordParser.lineFeed
    let carriageReturn = CSVRecordParser.carriageReturn
    let count = bytes.count
    var kind = CSVFieldSpan.Kind.plain
    var position = start
    if position < count && bytes[position] == quote {
      kind = .quoted
      position += 1
      while true {
        guard let closing = CSVFieldStream.find(quote, in: bytes, from: position, to: count) else {
          // A quoted field the file ends in.
          return atEnd ? (count, .messy, .bufferEnd, count) : nil
        }
        if closing + 1 >= count && !atEnd { return nil }
        if closing + 1 < count && bytes[closing + 1] == quote {
          kind = .messy
          position = closing + 2
          continue
        }
        position = closing + 1
        break
      }
      guard position < count else { return (count, kind, .bufferEnd, count) }
      let byte = bytes[position]
      if byte == delimiter { return (position, kind, .delimiter, position + 1) }
      if byte == lineFeed { return (position, kind, .lineEnd, position + 1) }
      if byte == carriageReturn {
        if position + 1 < count {
          if bytes[position + 1] == lineFeed { return (position, kind, .lineEnd, position + 2) }
        } else if !atEnd {
          return nil
        }
      }
      // Text after the closing quote: the rest of the field is read as unquoted.
      kind = .messy
      position += 1
    }
    while true {
      guard let found = firstSpecial(bytes, from: position) else {
        return atEnd ? (count, kind, .bufferEnd, count) : nil
      }
      let byte = bytes[found]
      if byte == delimiter { return (found, kind, .delimiter, found + 1) }
      if byte == lineFeed { return (found, kind, .lineEnd, found + 1) }
      // A CR: a line end before LF, else a byte of the value.
      if found + 1 < count {
        if bytes[found + 1] == lineFeed { return (found, kind, .lineEnd, found + 2) }
      } else if !atEnd {
        return nil
      }
      position = found + 1
    }
  }

  /// The index of the first delimiter, LF or CR in `bytes` from `start`, or `nil`: eight bytes
  /// at a time.
  private func firstSpecial(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    let count = bytes.count
    guard start < count, let base = bytes.baseAddress else { return nil }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let delimiters = UInt64(delimiter) &* ones
    let lineFeeds = UInt64(CSVRecordParser.lineFeed) &* ones
    let carriageReturns = UInt64(CSVRecordParser.carriageReturn) &* ones
    /// The high bit of each byte of `word` that is zero.
    func zeros(_ word: UInt64) -> UInt64 {
      ~(((word & low) &+ low) | word | low)
    }
    let raw = UnsafeRawPointer(base)
    var position = start
    while position + 8 <= count {
      let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
      let hits =
        zeros(word ^ delimiters) | zeros(word ^ lineFeeds) | zeros(word ^ carriageReturns)
      if hits != 0 { return position + hits.trailingZeroBitCount >> 3 }
      position += 8
    }
    while position < count {
      let byte = bytes[position]
      if byte == delimiter || byte == CSVRecordParser.lineFeed
        || byte == CSVRecordParser.carriageReturn
      {
        return position
      }
      position += 1
    }
    return nil
  }
}
