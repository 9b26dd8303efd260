import Synchronization

/// A read of a range of a CSV file by its bytes: blocks read with `pread`, two at a time on two
/// threads, a ``CSVByteProbe`` finding the places a record may match, and only the records at
/// those places parsed, found from the index's offsets (``CSVIndex``).
///
/// Each block's finds go to ``accept`` in the order of the blocks, nearest first (from the
/// start of the range forward, from its end backward), each block's in that order too, until
/// `accept` says it has enough. A record that spans blocks may be looked at from each of them;
/// it is handed on once.
struct CSVBlockScan<Found: Sendable>: Sendable {
  /// Thrown when the file has more places of text after a closing quote than the index keeps:
  /// the caller reads record by record instead.
  struct Unavailable: Error {}

  /// The source whose file is read.
  let source: CSVRecordSource
  /// What the records must hold.
  let probe: CSVByteProbe
  /// The bytes whose records are looked at: those that start in it.
  let range: Range<UInt64>
  /// From the start of the range to its end, or back from its end.
  let forward: Bool
  /// The bytes kept of each field of a record too long to hold (``CSVReader/fieldLimit``).
  var fieldLimit = CSVValue.pageByteLimit
  /// Looks at the record a reader just read, numbered as given: what it found, if anything.
  let visit: @Sendable (inout CSVReader, Int64) throws -> Found?
  /// Takes the finds of the next block, and the offset the scan has reached; `false` when it
  /// needs no more.
  let accept: @Sendable ([Found], UInt64) -> Bool
  /// Looks first, when given, at a record in the block's bytes with no reader: the bytes, where
  /// the record starts in them, whether the file ends where they do, and the record's number.
  /// It says what the record gives (`nil`: nothing) and where the next record starts, or
  /// returns `nil` to leave the record to ``visit``.
  var judge: (@Sendable (UnsafeBufferPointer<UInt8>, Int, Bool, Int64) -> (Found?, Int)?)? = nil

  /// The blocks, and how many threads read them.
  private var blockSize: Int { max(1, source.scanBlockSize) }
  private var blockCount: Int {
    Int((range.upperBound - range.lowerBound + UInt64(blockSize) - 1) / UInt64(blockSize))
  }

  /// Reads the range; throws `CancellationError` within a block when the task is cancelled, and
  /// ``Unavailable`` when the index cannot say where a value joins bytes across a quote.
  func run() async throws {
    guard !range.isEmpty else { return }
    let order = CSVBlockOrder<Found>(blocks: blockCount, forward: forward)
    let workers = blockCount > 4 ? 2 : 1
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<workers {
        group.addTask {
          var buffer: [UInt8] = []
          while let block = order.take() {
            try Task.checkCancellation()
            let (found, reached) = try await scan(block: block, buffer: &buffer)
            order.deliver(block, found, reached: reached, to: accept)
            await Task.yield()
          }
        }
      }
      try await group.waitForAll()
    }
  }

  /// The bytes of block `block`: forward the `block`-th from the start, backward from the end.
  private func bounds(of block: Int) -> Range<UInt64> {
    let size = UInt64(blockSize)
    if forward {
      let start = range.lowerBound + UInt64(block) * size
      return start..<min(range.upperBound, start + size)
    }
    let end = range.upperBound - UInt64(block) * size
    return (end - min(end - range.lowerBound, size))..<end
  }

  /// The finds of one block with their records' numbers, in the scan's order, and the offset
  /// the scan reached past it.
  private func scan(block: Int, buffer: inout [UInt8]) async throws -> (
    [(Int64, Found)], UInt64
  ) {
    let bounds = bounds(of: block)
    let reached = forward ? bounds.upperBound : bounds.lowerBound
    let file = source.file
    let readEnd = min(file.size, bounds.upperBound + UInt64(probe.bytes.count - 1))
    try file.read(into: &buffer, at: bounds.lowerBound, count: Int(readEnd - bounds.lowerBound))
    let startEnd = min(
      Int(bounds.upperBound - bounds.lowerBound), buffer.count - probe.bytes.count + 1)
    var places: [UInt64] = []
    buffer.withUnsafeBytes { bytes in
      probe.forEachMatch(in: bytes, starts: 0..<max(0, startEnd)) { start in
        places.append(bounds.lowerBound + UInt64(start))
        return true
      }
    }
    let state = try await source.index.state(through: bounds.upperBound)
    if state.tooManyQuoteJoins { throw Unavailable() }
    let joins = CSVIndex.quoteJoins(in: bounds, of: state.quoteJoins)
    if !joins.isEmpty { places = (places + joins).sorted() }
    guard !places.isEmpty else { return ([], reached) }
    let base = bounds.lowerBound
    let held = base + UInt64(buffer.count)
    let delimiter = source.delimiter
    let skipper = CSVColumnScanner(delimiter: delimiter, column: 0, columnCount: 1)
    var found: [(Int64, Found)] = []
    var reader: CSVReader?
    // The records before the reader's next one.
    var number: Int64 = 0
    var recordEnd: UInt64 = 0
    for place in places where place >= recordEnd {
      try Task.checkCancellation()
      guard let checkpoint = CSVIndex.checkpoint(atOrBefore: place, in: state.checkpoints) else {
        continue
      }
      let checkpointStart = state.checkpoints[checkpoint]
      if reader == nil || reader!.nextOffset < checkpointStart {
        // From the checkpoint: in the block's bytes when they hold it, else from the file.
        reader =
          checkpointStart >= base && checkpointStart < held
          ? CSVReader(
            file: file, delimiter: delimiter, bytes: buffer, at: base,
            from: Int(checkpointStart - base), fieldLimit: fieldLimit)
          : CSVReader(
            file: file, delimiter: delimiter, from: checkpointStart, fieldLimit: fieldLimit)
        number = Int64(checkpoint * CSVIndex.stride)
      }
      // Over the records before the place's without parsing them, when the bytes between hold
      // no quote, so that every LF there ends a record.
      let next = reader!.nextOffset
      if next >= base, place <= held {
        let between = Int(next - base)..<Int(place - base)
        buffer.withUnsafeBytes { bytes in
          guard !CSVLineFeeds.hasQuote(in: bytes, between),
            let end = CSVLineFeeds.endOfLast(in: bytes, between),
            reader!.skip(to: base + UInt64(end))
          else { return }
          number += Int64(CSVLineFeeds.count(in: bytes, between))
        }
      }
      // Over the records still before the place's, quotes and all, with a column scanner,
      // which reads no values.
      if reader!.nextOffset >= base, place < held {
        let atEnd = held >= file.size
        let skipped = buffer.withUnsafeBufferPointer { bytes in
          var index = Int(reader!.nextOffset - base)
          var skipped = 0
          while let next = skipper.nextRecord(bytes, from: index, atEnd: atEnd), next > index,
            base + UInt64(next) <= place
          {
            index = next
            skipped += 1
          }
          return skipped > 0 && reader!.skip(to: base + UInt64(index)) ? skipped : 0
        }
        number += Int64(skipped)
      }
      // The place's record judged in the block's bytes, when it is there whole.
      if let judge, reader!.nextOffset >= base, place < held {
        let start = Int(reader!.nextOffset - base)
        let atEnd = held >= file.size
        let judged = buffer.withUnsafeBufferPointer { judge($0, start, atEnd, number + 1) }
        if let (hit, next) = judged, base + UInt64(next) > place,
          reader!.skip(to: base + UInt64(next))
        {
          number += 1
          recordEnd = base + UInt64(next)
          let recordStart = base + UInt64(start)
          if let hit, recordStart >= range.lowerBound, recordStart < range.upperBound {
            found.append((number, hit))
          }
          continue
        }
      }
      while reader!.nextOffset <= place, try reader!.next() { number += 1 }
      guard reader!.nextOffset > place else { break }
      let start = reader!.recordStart
      recordEnd = reader!.recordEnd
      guard start >= range.lowerBound, start < range.upperBound, start <= place else { continue }
      if let hit = try visit(&reader!, number) { found.append((number, hit)) }
    }
    return (forward ? found : found.reversed(), reached)
  }
}

/// The blocks of a ``CSVBlockScan``: which to read next, and their finds handed on in order.
final class CSVBlockOrder<Found: Sendable>: Sendable {
  private struct State {
    var next = 0
    var delivered = 0
    var waiting: [Int: ([(Int64, Found)], UInt64)] = [:]
    var done = false
    /// The number of the last record handed on.
    var last: Int64?
  }
  private let state = Mutex(State())
  private let blocks: Int
  private let forward: Bool

  init(blocks: Int, forward: Bool) {
    self.blocks = blocks
    self.forward = forward
  }

  /// The next block to read, or `nil` when there is none or the finds are enough.
  func take() -> Int? {
    state.withLock { state in
      guard !state.done, state.next < blocks else { return nil }
      defer { state.next += 1 }
      return state.next
    }
  }

  /// Keeps block `block`'s finds, and hands `accept` those of every block now in order, less
  /// those of records already handed on.
  func deliver(
    _ block: Int, _ found: [(Int64, Found)], reached: UInt64,
    to accept: ([Found], UInt64) -> Bool
  ) {
    let forward = forward
    state.withLock { state in
      state.waiting[block] = (found, reached)
      while !state.done, let (found, reached) = state.waiting.removeValue(forKey: state.delivered) {
        state.delivered += 1
        let last = state.last
        let new = found.filter { number, _ in
          guard let last else { return true }
          return forward ? number > last : number < last
        }
        if let final = new.last { state.last = final.0 }
        if !accept(new.map(\.1), reached) { state.done = true }
      }
    }
  }
}
