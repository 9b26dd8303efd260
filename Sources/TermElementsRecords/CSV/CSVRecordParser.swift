/// The one reading of CSV that every part of the source shares: RFC 4180 with lenient edges.
///
/// A field that starts with `"` is quoted: it runs to the next `"` not doubled, and may hold
/// delimiters, CR and LF; `""` inside it is one `"`. Text after the closing quote is kept as
/// it is (`"ab"c` is `abc`), and a `"` inside an unquoted field is an ordinary byte. A record
/// ends at LF or CRLF outside quotes, or at the end of the file; an empty line is a record of
/// one empty field.
enum CSVRecordParser {
  static let quote = UInt8(ascii: "\"")
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")

  /// The states of the reading, shared with ``CSVBoundaryScanner``.
  enum State: Sendable {
    case fieldStart, unquoted, quoted, quoteSeen
  }

  /// Parses the record that starts at `start` of `bytes` into `spans`: returns where its
  /// content ends and where the next record starts, or `nil` when the buffer ends first and
  /// more of the file follows (`atEnd` false), so that the caller reads more and parses again.
  ///
  /// Sets `lenient` when the record bends RFC 4180: a quote inside an unquoted field, text
  /// after a closing quote, or a quoted field the file ends in.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool, delimiter: UInt8,
    into spans: inout [CSVFieldSpan], lenient: inout Bool
  ) -> (contentEnd: Int, next: Int)? {
    spans.removeAll(keepingCapacity: true)
    let count = bytes.count
    var index = start
    var fieldStart = start
    var state = State.fieldStart
    var messy = false

    func kind() -> CSVFieldSpan.Kind {
      switch state {
      case .fieldStart, .unquoted: messy ? .messy : .plain
      case .quoted: .messy
      case .quoteSeen: messy ? .messy : .quoted
      }
    }

    while index < count {
      let byte = bytes[index]
      switch state {
      case .quoted:
        if byte == quote { state = .quoteSeen }
        index += 1
        continue
      case .fieldStart where byte == quote:
        state = .quoted
        index += 1
        continue
      case .quoteSeen where byte == quote:
        state = .quoted
        messy = true
        index += 1
        continue
      case .unquoted where byte == quote:
        lenient = true
      case .fieldStart, .unquoted, .quoteSeen:
        break
      }
      if byte == delimiter {
        spans.append(CSVFieldSpan(start: fieldStart, end: index, kind: kind()))
        index += 1
        fieldStart = index
        state = .fieldStart
        messy = false
        continue
      }
      if byte == lineFeed {
        spans.append(CSVFieldSpan(start: fieldStart, end: index, kind: kind()))
        return (index, index + 1)
      }
      if byte == carriageReturn {
        if index + 1 < count {
          if bytes[index + 1] == lineFeed {
            spans.append(CSVFieldSpan(start: fieldStart, end: index, kind: kind()))
            return (index, index + 2)
          }
        } else if !atEnd {
          return nil
        }
      }
      if state == .quoteSeen {
        messy = true
        lenient = true
      }
      state = .unquoted
      index += 1
    }
    guard atEnd else { return nil }
    if state == .quoted { lenient = true }
    spans.append(CSVFieldSpan(start: fieldStart, end: count, kind: kind()))
    return (count, count)
  }

  /// The value of a field as written: its bytes, or the bytes between its quotes with `""`
  /// read as `"`, and any text after the closing quote.
  static func value(of span: CSVFieldSpan, in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    switch span.kind {
    case .plain: Array(bytes[span.start..<span.end])
    case .quoted: Array(bytes[(span.start + 1)..<(span.end - 1)])
    case .messy: unescape(bytes[span.start..<span.end])
    }
  }

  /// The field of a span: its value cut to `limit` bytes, and the size of the whole value.
  static func field(of span: CSVFieldSpan, in bytes: UnsafeBufferPointer<UInt8>, limit: Int)
    -> CSVField
  {
    switch span.kind {
    case .plain, .quoted:
      let range = span.kind == .plain ? span.start..<span.end : (span.start + 1)..<(span.end - 1)
      let kept = range.lowerBound..<(range.lowerBound + min(range.count, max(0, limit)))
      return CSVField(bytes: Array(bytes[kept]), size: range.count)
    case .messy:
      let value = unescape(bytes[span.start..<span.end])
      return CSVField(bytes: Array(value.prefix(max(0, limit))), size: value.count)
    }
  }

  /// A quoted field's value: `""` is `"`, the closing quote ends the quotes, and what follows
  /// is kept; an unclosed field runs to its end.
  static func unescape(_ raw: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8] {
    var value: [UInt8] = []
    value.reserveCapacity(raw.count)
    var index = raw.startIndex
    guard index < raw.endIndex, raw[index] == quote else { return Array(raw) }
    index += 1
    var inQuotes = true
    while index < raw.endIndex {
      let byte = raw[index]
      if inQuotes && byte == quote {
        if index + 1 < raw.endIndex && raw[index + 1] == quote {
          value.append(quote)
          index += 2
        } else {
          inQuotes = false
          index += 1
        }
        continue
      }
      value.append(byte)
      index += 1
    }
    return value
  }
}
