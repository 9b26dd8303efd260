/// The bytes of an export on their way to its file: gathered, and written each time
/// ``capacity`` of them are. The writers append a long value a slice at a time
/// (``appendSlices(of:_:)``), so memory follows the buffer: not the file, nor one long value.
struct ExportBuffer {
  /// The bytes not written yet.
  private(set) var bytes: [UInt8] = []
  /// The file written to; `nil` keeps every byte in ``bytes``.
  let file: ExportFile?
  /// How many bytes are gathered before they are written.
  let capacity: Int
  /// The most bytes the buffer held before they were written.
  private(set) var mostHeld = 0
  /// The most bytes of a value escaped before the buffer is written, if full.
  static let sliceSize = 64 << 10

  /// A buffer writing to `file` each time `capacity` bytes are gathered, or keeping them all
  /// when `file` is `nil`.
  init(file: ExportFile?, capacity: Int = RecordExport.bufferSize) {
    self.file = file
    self.capacity = capacity
    if file != nil { bytes.reserveCapacity(capacity + capacity / 2) }
  }

  /// Appends `byte`.
  mutating func append(_ byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends `newBytes`.
  mutating func append(contentsOf newBytes: some Sequence<UInt8>) {
    bytes.append(contentsOf: newBytes)
  }

  /// Writes the bytes gathered when they are ``capacity`` or more.
  ///
  /// - Throws: ``RecordExportError/writeFailed(_:reason:)``.
  mutating func writeIfFull() throws(RecordExportError) {
    guard bytes.count >= capacity else { return }
    try writeAll()
  }

  /// Writes every byte gathered.
  ///
  /// - Throws: ``RecordExportError/writeFailed(_:reason:)``.
  mutating func writeAll() throws(RecordExportError) {
    guard let file else { return }
    mostHeld = max(mostHeld, bytes.count)
    try file.write(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Gives `body` the UTF-8 of `text` a slice of at most ``sliceSize`` bytes at a time, each
  /// cut between two bytes (a character may span two slices), and writes the buffer between
  /// slices when it is full.
  ///
  /// - Throws: ``RecordExportError/writeFailed(_:reason:)``.
  mutating func appendSlices(
    of text: String, _ body: (Slice<UnsafeBufferPointer<UInt8>>, inout ExportBuffer) -> Void
  ) throws(RecordExportError) {
    var text = text
    let failure: RecordExportError? = text.withUTF8 { utf8 in
      var start = 0
      while start < utf8.count {
        let end = min(utf8.count, start + Self.sliceSize)
        body(utf8[start..<end], &self)
        do throws(RecordExportError) {
          try writeIfFull()
        } catch {
          return error
        }
        start = end
      }
      return nil
    }
    if let failure { throw failure }
  }
}
