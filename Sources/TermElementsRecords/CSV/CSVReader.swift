/// Reads records one after another from a record boundary of a ``CSVFile``, a chunk at a time.
///
/// After ``next()`` returns `true`, ``recordStart``, ``recordEnd``, ``spans`` and
/// ``withRecord(_:)`` describe the record just read.
struct CSVReader {
  /// Bytes read first: a page or a record is found without reading more.
  static let firstChunkSize = 64 << 10
  /// Bytes read at a time once the reader goes on: it grows to this.
  static let chunkSize = 1 << 20

  let file: CSVFile
  let delimiter: UInt8
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

  /// A reader of the records that start at `offset`, a record boundary.
  init(file: CSVFile, delimiter: UInt8, from offset: UInt64) {
    self.file = file
    self.delimiter = delimiter
    self.bufferOffset = offset
    self.fileEnd = file.size
  }

  /// The file offset of the next record.
  var nextOffset: UInt64 { bufferOffset + UInt64(position) }
  /// The file offset where the last record starts.
  var recordStart: UInt64 { bufferOffset + UInt64(startIndex) }
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
        return true
      }
      try refill()
    }
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

  /// Calls `body` with the buffer, the last record's spans and its content's range in it.
  func withRecord<Result>(
    _ body: (UnsafeBufferPointer<UInt8>, [CSVFieldSpan], Range<Int>) throws -> Result
  ) rethrows -> Result {
    try buffer.withUnsafeBufferPointer { try body($0, spans, startIndex..<contentEnd) }
  }

  /// The last record's fields' values, as bytes.
  func fieldValues() -> [[UInt8]] {
    withRecord { bytes, spans, _ in spans.map { CSVRecordParser.value(of: $0, in: bytes) } }
  }
}
