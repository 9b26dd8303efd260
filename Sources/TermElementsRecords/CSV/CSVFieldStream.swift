import Glibc

/// Reads one record a chunk at a time with ``CSVRecordParser``'s reading, keeping of each field
/// only the first ``limit`` bytes of its value and its size: how ``CSVReader`` reads a record
/// too long to hold, so that a field of 200 MB costs its first bytes, not 200 MB.
///
/// ``observe`` hears every byte of every value as it goes (a run of bytes, and `nil` when a
/// field ends), which is how a search looks for text anywhere in a huge field.
struct CSVFieldStream {
  /// The field delimiter.
  let delimiter: UInt8
  /// Bytes kept of each value.
  let limit: Int
  /// The fields ended so far.
  private(set) var fields: [CSVField] = []
  /// Whether the record bent RFC 4180, as ``CSVRecordParser/parse`` says.
  private(set) var lenient = false
  /// Hears each run of a value's bytes with the field's number from 0, and `nil` at its end.
  var observe: ((Int, UnsafeBufferPointer<UInt8>?) -> Void)?
  /// The field being read.
  private var current = CSVField()
  private var state = CSVRecordParser.State.fieldStart
  /// Whether the last byte was a CR outside quotes, which a LF would make a line end.
  private var pendingCarriageReturn = false

  init(delimiter: UInt8, limit: Int) {
    self.delimiter = delimiter
    self.limit = max(0, limit)
  }

  /// Reads `bytes` from `start`: returns the index past the record's line end, or `nil` when
  /// the bytes end first.
  mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    let quote = CSVRecordParser.quote
    let lineFeed = CSVRecordParser.lineFeed
    let carriageReturn = CSVRecordParser.carriageReturn
    let count = bytes.count
    var index = start
    while index < count {
      let byte = bytes[index]
      if pendingCarriageReturn {
        pendingCarriageReturn = false
        if byte == lineFeed {
          endField()
          return index + 1
        }
        // A CR that ends no line is a byte of the value.
        if state == .quoteSeen { lenient = true }
        state = .unquoted
        emit(carriageReturn)
        continue
      }
      switch state {
      case .quoted:
        let end = Self.find(quote, in: bytes, from: index, to: count)
        emit(UnsafeBufferPointer(rebasing: bytes[index..<(end ?? count)]))
        guard let end else { return nil }
        state = .quoteSeen
        index = end + 1
        continue
      case .fieldStart where byte == quote:
        state = .quoted
        index += 1
        continue
      case .quoteSeen where byte == quote:
        emit(quote)
        state = .quoted
        index += 1
        continue
      case .fieldStart, .unquoted, .quoteSeen:
        break
      }
      if byte == delimiter {
        endField()
        state = .fieldStart
        index += 1
        continue
      }
      if byte == lineFeed {
        endField()
        return index + 1
      }
      if byte == carriageReturn {
        pendingCarriageReturn = true
        index += 1
        continue
      }
      if state == .quoteSeen || (state == .unquoted && byte == quote) { lenient = true }
      state = .unquoted
      // The run of ordinary bytes up to the next delimiter or line end, found with memchr over
      // a shrinking range, so that a field of 200 MB is skipped at memory speed: the
      // delimiter first, the nearest in a record of many fields, so that the others are short.
      var end = Self.find(delimiter, in: bytes, from: index + 1, to: count) ?? count
      end = Self.find(lineFeed, in: bytes, from: index + 1, to: end) ?? end
      end = Self.find(carriageReturn, in: bytes, from: index + 1, to: end) ?? end
      if !lenient && Self.find(quote, in: bytes, from: index + 1, to: end) != nil {
        lenient = true
      }
      emit(UnsafeBufferPointer(rebasing: bytes[index..<end]))
      index = end
    }
    return nil
  }

  /// The index of the first `byte` in `bytes[start..<end]`, or `nil`.
  static func find(
    _ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  )
    -> Int?
  {
    guard start < end, let base = bytes.baseAddress else { return nil }
    guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }

  /// Ends the record at the end of the file.
  mutating func finish() {
    if pendingCarriageReturn {
      pendingCarriageReturn = false
      if state == .quoteSeen { lenient = true }
      state = .unquoted
      emit(CSVRecordParser.carriageReturn)
    }
    if state == .quoted { lenient = true }
    endField()
  }

  private mutating func emit(_ byte: UInt8) {
    var byte = byte
    withUnsafeBytes(of: &byte) { emit($0.bindMemory(to: UInt8.self)) }
  }

  private mutating func emit(_ run: UnsafeBufferPointer<UInt8>) {
    guard !run.isEmpty else { return }
    current.size += run.count
    let room = limit - current.bytes.count
    if room > 0 { current.bytes.append(contentsOf: run.prefix(room)) }
    observe?(fields.count, run)
  }

  private mutating func endField() {
    observe?(fields.count, nil)
    fields.append(current)
    current = CSVField()
  }
}
