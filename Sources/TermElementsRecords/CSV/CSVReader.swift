/// Reads records one after another from a record boundary of a ``CSVFile``, a chunk at a time.
///
/// After ``next()`` returns `true`, ``recordStart``, ``recordEnd`` and ``fields(limit:)``
/// describe the record just read, and, unless it ``isLong``, ``spans`` and ``withRecord(_:)``.
///
/// A record is parsed in the buffer while it is shorter than ``longRecordSize``; a longer one
/// is read on a chunk at a time by a ``CSVFieldStream``, which keeps ``fieldLimit`` bytes of
/// each field, so that the reader never holds more than a few MiB whatever the fields' sizes.
struct CSVReader {
  /// Bytes read first: a page or a record is found without reading more.
  static let firstChunkSize = 64 << 10
  /// Bytes read at a time once the reader goes on: it grows to this.
  static let chunkSize = 1 << 20
  /// Bytes of a record from which it is read on a chunk at a time rather than held.
  static let longRecordSize = 1 << 20

  let file: CSVFile
  let delimiter: UInt8
  /// Bytes kept of each field of a long record.
  let fieldLimit: Int
  /// The file's bytes from ``bufferOffset``.
  private(set) var buffer: [UInt8] = []
  /// The file offset of `buffer[0]`.
  private(set) var bufferOffset: UInt64
  /// The index in `buffer` of the next record.
  private var position = 0
  /// Where the last record's content ends in `buffer` (before its line end).
  private var contentEnd = 0
  /// Where the last record starts in `buffer`.
  private var startIndex = 0
  /// The fields of the last record, as spans of `buffer`.
  private(set) var spans: [CSVFieldSpan] = []
  /// Whether a record read so far bent RFC 4180 (see ``CSVRecordParser/parse``).
  private(set) var sawLenientRecord = false
  /// Bytes the next read asks for.
  private var nextChunkSize = firstChunkSize
  /// Where the file ends: its size, or less if it shrank while being read.
  private var fileEnd: UInt64
  /// The fields of the last record when it was long, each cut to ``fieldLimit`` bytes.
  private var longFields: [CSVField]?
  /// The file offset where the last record starts.
  private(set) var recordStart: UInt64

  /// A reader of the records that start at `offset`, a record boundary, that keeps
  /// `fieldLimit` bytes of each field of a record too long to hold (by default what a page
  /// shows of a field).
  init(
    file: CSVFile, delimiter: UInt8, from offset: UInt64,
    fieldLimit: Int = CSVValue.pageByteLimit
  ) {
    self.file = file
    self.delimiter = delimiter
    self.fieldLimit = fieldLimit
    self.bufferOffset = offset
    self.recordStart = offset
    self.fileEnd = file.size
  }

  /// A reader of the records that start at `bytes[position]`, a record boundary, where `bytes`
  /// are the file's from `offset` on: it reads on from the file past them.
  init(
    file: CSVFile, delimiter: UInt8, bytes: [UInt8], at offset: UInt64, from position: Int,
    fieldLimit: Int
  ) {
    self.init(file: file, delimiter: delimiter, from: offset, fieldLimit: fieldLimit)
    buffer = bytes
    self.position = position
    recordStart = offset + UInt64(position)
    nextChunkSize = Self.chunkSize
  }

  /// Goes on from `offset`, a record boundary at or after the next record, when the bytes held
  /// reach it; `false` (and nothing changed) when they do not.
  mutating func skip(to offset: UInt64) -> Bool {
    guard offset >= nextOffset, offset < bufferOffset + UInt64(buffer.count) else { return false }
    position = Int(offset - bufferOffset)
    return true
  }

  /// The file offset of the next record.
  var nextOffset: UInt64 { bufferOffset + UInt64(position) }
  /// Whether the last record was too long to hold: read a chunk at a time, its fields cut.
  var isLong: Bool { longFields != nil }
  /// The file offset past the last record and its line end.
  var recordEnd: UInt64 { nextOffset }

  /// Reads the next record; `false` at the end of the file.
  mutating func next() throws(RecordSourceError) -> Bool {
    while true {
      let atEnd = bufferOffset + UInt64(buffer.count) >= fileEnd
      if position >= buffer.count && atEnd { return false }
      let delimiter = delimiter
      let start = position
      var lenient = false
      let parsed = buffer.withUnsafeBufferPointer { bytes in
        CSVRecordParser.parse(
          bytes, from: start, atEnd: atEnd, delimiter: delimiter, into: &spans, lenient: &lenient)
      }
      if let parsed {
        if lenient { sawLenientRecord = true }
        startIndex = start
        contentEnd = parsed.contentEnd
        position = parsed.next
        recordStart = bufferOffset + UInt64(start)
        longFields = nil
        return true
      }
      if buffer.count - start >= Self.longRecordSize {
        try readLongRecord()
        return true
      }
      try refill()
    }
  }

  /// Reads the record at ``position`` on a chunk at a time, keeping ``fieldLimit`` bytes of
  /// each field, and drops each chunk once read.
  private mutating func readLongRecord() throws(RecordSourceError) {
    recordStart = nextOffset
    var stream = CSVFieldStream(delimiter: delimiter, limit: fieldLimit)
    var index = position
    while true {
      let end = buffer.withUnsafeBufferPointer { stream.feed($0, from: index) }
      if let end {
        position = end
        break
      }
      let offset = bufferOffset + UInt64(buffer.count)
      try file.read(into: &buffer, at: offset, count: offset < fileEnd ? Self.chunkSize : 0)
      (bufferOffset, position, index) = (offset, 0, 0)
      if buffer.isEmpty {
        fileEnd = offset
        stream.finish()
        break
      }
    }
    if stream.lenient { sawLenientRecord = true }
    spans = []
    startIndex = position
    contentEnd = position
    longFields = stream.fields
  }

  /// Drops the records read and reads at least another chunk after what is left.
  private mutating func refill() throws(RecordSourceError) {
    let kept = buffer.count - position
    let more = try file.bytes(
      at: bufferOffset + UInt64(buffer.count), count: max(nextChunkSize, kept))
    nextChunkSize = min(Self.chunkSize, nextChunkSize * 4)
    if more.isEmpty { fileEnd = bufferOffset + UInt64(buffer.count) }
    if position > 0 {
      buffer.removeSubrange(0..<position)
      bufferOffset += UInt64(position)
      position = 0
    }
    buffer.append(contentsOf: more)
  }

  /// Calls `body` with the buffer, the last record's spans and its content's range in it; a long
  /// record (``isLong``) is no longer in the buffer: its spans and range are empty.
  func withRecord<Result>(
    _ body: (UnsafeBufferPointer<UInt8>, [CSVFieldSpan], Range<Int>) throws -> Result
  ) rethrows -> Result {
    try buffer.withUnsafeBufferPointer { try body($0, spans, startIndex..<contentEnd) }
  }

  /// The last record's fields, each value cut to `limit` bytes, and a long record's to
  /// ``fieldLimit`` at most.
  func fields(limit: Int = .max) -> [CSVField] {
    if let longFields {
      guard limit < fieldLimit else { return longFields }
      return longFields.map { CSVField(bytes: Array($0.bytes.prefix(limit)), size: $0.size) }
    }
    return withRecord { bytes, spans, _ in
      spans.map { CSVRecordParser.field(of: $0, in: bytes, limit: limit) }
    }
  }
}
