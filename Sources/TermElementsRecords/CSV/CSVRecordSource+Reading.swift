/// Finding records: by key, forward from a record, and backward from one or from the end.
extension CSVRecordSource {
  /// The number and start of the record with `key`, waiting for the index when it has to;
  /// `nil` when there is no such record. Keys from the end become numbers once the count is
  /// known.
  func resolve(_ key: RecordKey) async throws -> (number: Int64, start: UInt64)? {
    guard key.values.count == 1, case .integer(var number) = key.values[0], number != 0 else {
      throw RecordSourceError.foreignPosition("A CSV record's key is its number")
    }
    if let count = index.completeCount {
      if number < 0 { number += Int64(count) + 1 }
      guard number >= 1 && number <= Int64(count) else { return nil }
    }
    if let start = knownStarts.withLock({ $0[number] }) { return (number, start) }
    if number > 0 {
      guard let start = try await index.offset(ofRecord: Int(number)) else { return nil }
      return (number, start)
    }
    // A key from the end this source no longer remembers: its number needs the count.
    try await waitForIndex()
    return try await resolve(key)
  }

  /// The number of a key, counted from 1 once the count is known (0, past the last record,
  /// becomes the count plus one).
  func canonical(_ number: Int64) -> Int64 {
    guard number <= 0, let count = index.completeCount else { return number }
    return number + Int64(count) + 1
  }

  /// Keeps where `records` start, to go on from them without the index.
  func remember(_ records: [CSVRawRecord]) {
    knownStarts.withLock { known in
      if known.count > 1 << 16 { known.removeAll(keepingCapacity: true) }
      for record in records { known[record.number] = record.start }
    }
  }

  /// The record `reader` just read, numbered `number`, its values as a page shows them.
  func pageRecord(_ reader: CSVReader, number: Int64) -> CSVRawRecord {
    let fields = reader.fields(limit: CSVValue.pageByteLimit)
    let values = shape(fields, cut: true)
    // A value is cut when its bytes were, or when its text lost characters.
    let isCut = values.indices.contains { column in
      guard let field = field(ofColumn: column, in: fields),
        field.size > CSVValue.pageCharacterLimit
      else { return false }
      if field.isCut { return true }
      guard case .text(let text) = values[column] else { return false }
      return text.utf8.count < field.size
    }
    return CSVRawRecord(number: number, start: reader.recordStart, values: values, isCut: isCut)
  }

  /// Up to `limit` records from `start` on, the first numbered `number`, each field cut to what
  /// a page reads of it (``CSVValue/pageByteLimit``).
  func readForward(from start: UInt64, number: Int64, limit: Int) throws -> [CSVRawRecord] {
    var reader = CSVReader(file: file, delimiter: delimiter, from: start)
    var records: [CSVRawRecord] = []
    var number = number
    while records.count < limit, try reader.next() {
      records.append(pageRecord(reader, number: number))
      number += 1
    }
    return records
  }

  /// The records in key order after the one with `key` (the first ones when `nil`): at most
  /// `limit`.
  func recordsAfter(_ key: RecordKey?, limit: Int) async throws -> [CSVRawRecord] {
    guard limit > 0 else { return [] }
    guard let key else { return try readForward(from: dataStart, number: 1, limit: limit) }
    guard let (number, start) = try await resolve(key) else { return [] }
    var reader = CSVReader(file: file, delimiter: delimiter, from: start, fieldLimit: 0)
    guard try reader.next() else { return [] }
    return try readForward(from: reader.nextOffset, number: number + 1, limit: limit)
  }

  /// The records in key order before the one with `key` (the last ones when `nil`), in file
  /// order: at most `limit`.
  func recordsBefore(_ key: RecordKey?, limit: Int) async throws -> [CSVRawRecord] {
    guard limit > 0 else { return [] }
    if let key {
      guard let (number, start) = try await resolve(key) else { return [] }
      return try await records(before: start, numbered: number, limit: limit)
    }
    if let count = index.completeCount {
      return try await records(before: file.size, numbered: Int64(count) + 1, limit: limit)
    }
    return try await records(before: file.size, numbered: 0, limit: limit)
  }

  /// At most `limit` records that end at `end`, where the record numbered `number` starts (0
  /// past the last record while the count is unknown).
  ///
  /// Records the index or the remembered starts reach are read forward from there. Others are
  /// read from a window of bytes before `end` (see
  /// ``recordsInWindow(before:limit:)``); when that cannot tell where records start, this
  /// waits for the index.
  func records(before end: UInt64, numbered number: Int64, limit: Int) async throws
    -> [CSVRawRecord]
  {
    let number = canonical(number)
    if number > 0 {
      let first = max(1, number - Int64(limit))
      var known = knownStarts.withLock { $0[first] }
      if known == nil && index.state.withLock({ $0.records >= Int(first) }) {
        known = try await index.offset(ofRecord: Int(first))
      }
      if let known {
        return try readForward(from: known, number: first, limit: Int(number - first))
      }
    }
    if let found = try recordsInWindow(before: end, limit: limit) {
      let first = number - Int64(found.count)
      return found.enumerated().map { offset, record in
        CSVRawRecord(
          number: first + Int64(offset), start: record.start, values: record.values,
          isCut: record.isCut)
      }
    }
    if number > 0 {
      let first = max(1, number - Int64(limit))
      guard let start = try await index.offset(ofRecord: Int(first)) else { return [] }
      return try readForward(from: start, number: first, limit: Int(number - first))
    }
    try await waitForIndex()
    guard let count = index.completeCount else { return [] }
    let first = max(1, number + Int64(count) + 1 - Int64(limit))
    guard let start = try await index.offset(ofRecord: Int(first)) else { return [] }
    return try readForward(
      from: start, number: first, limit: Int(number + Int64(count) + 1 - first))
  }

  /// At most `limit` records ending at `end`, a record boundary, found without the index; `nil`
  /// when this cannot tell where they start.
  ///
  /// Reading backwards cannot tell a line end in a quoted field from one between records by
  /// itself, but counting quotes can: `end` is outside quotes, and a quote toggles being
  /// inside them (`""` inside a quoted field toggles twice), so a line feed is outside quotes,
  /// and a record starts after it, exactly when an even number of quotes lies between it and
  /// `end`. This reads a window of bytes before `end`, takes the earliest such line feed in it
  /// (or the start of the records, when the window reaches it), parses forward from there,
  /// and checks that the records end exactly at `end` and keep to RFC 4180, so that every quote
  /// did toggle. Too few records in the window widen it four times over, up to 64 MiB. Where
  /// quotes break the rule (a quote inside an unquoted field, text after a closing quote), the
  /// check fails and the caller waits for the index instead. (A window that starts inside a
  /// quoted field can still pass the check only if the file bends the rules there in a way the
  /// parse from the wrong start reads as clean, such as an unquoted field ending in `"`
  /// followed by a line that looks like a record: rare, but not impossible.)
  func recordsInWindow(before end: UInt64, limit: Int) throws -> [CSVRawRecord]? {
    var window = UInt64(backwardWindow)
    while true {
      try Task.checkCancellation()
      let windowStart = end > dataStart + window ? end - window : dataStart
      let boundary =
        windowStart == dataStart ? dataStart : try firstBoundary(from: windowStart, to: end)
      if let boundary {
        var reader = CSVReader(file: file, delimiter: delimiter, from: boundary, fieldLimit: 0)
        var starts: [UInt64] = []
        var lastEnd = boundary
        while reader.nextOffset < end, try reader.next() {
          starts.append(reader.recordStart)
          lastEnd = reader.recordEnd
        }
        guard lastEnd == end, !reader.sawLenientRecord else { return nil }
        if starts.count >= limit || windowStart == dataStart {
          guard let first = starts.suffix(limit).first else { return [] }
          return try readForward(from: first, number: 0, limit: min(limit, starts.count))
        }
      }
      guard windowStart > dataStart, window < 64 << 20 else { return nil }
      window *= 4
    }
  }

  /// The offset after the earliest line feed between `start` and `end` with an even number of
  /// quotes after it up to `end`, or `nil` when there is none: read backwards a chunk at a
  /// time, so that a window of 64 MiB costs a chunk of memory.
  func firstBoundary(from start: UInt64, to end: UInt64) throws -> UInt64? {
    var boundary: UInt64?
    var quotes = 0
    var chunkEnd = end
    while chunkEnd > start {
      let chunkStart = max(
        start, chunkEnd >= UInt64(CSVReader.chunkSize) ? chunkEnd - UInt64(CSVReader.chunkSize) : 0)
      let bytes = try file.bytes(at: chunkStart, count: Int(chunkEnd - chunkStart))
      for position in bytes.indices.reversed() {
        let byte = bytes[position]
        if byte == CSVRecordParser.quote {
          quotes += 1
        } else if byte == CSVRecordParser.lineFeed && quotes % 2 == 0 {
          boundary = chunkStart + UInt64(position) + 1
        }
      }
      chunkEnd = chunkStart
    }
    return boundary
  }
}
