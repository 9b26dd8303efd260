import Synchronization

/// Where every ``CSVIndex/stride``-th record starts, filled in the background from the start of
/// the file to its end.
///
/// The layout is one `UInt64` per 64 records: for 10,000,000 records, 156,250 offsets or
/// 1.2 MiB. Record `n` (from 1) is found by seeking to the offset of record
/// `(n - 1) / 64 * 64 + 1` and reading at most 63 records forward.
final class CSVIndex: Sendable {
  /// Records per offset kept.
  static let stride = 64
  /// Bytes the build reads at a time.
  static let chunkSize = 4 << 20
  /// The most places of text after a closing quote the index keeps (8 MiB of them).
  static let quoteJoinLimit = 1 << 20

  /// What the build has found.
  struct State: Sendable {
    /// `checkpoints[j]`: where record `j * stride + 1` starts.
    var checkpoints: [UInt64] = []
    /// Records whose end was found, so whose start is known.
    var records = 0
    /// Bytes read.
    var bytesRead: UInt64 = 0
    /// Whether the build reached the end: `records` is the count.
    var isComplete = false
    /// Where a field has text after its closing quote (`"ab"c`), in order, up to
    /// ``CSVIndex/quoteJoinLimit`` of them: a search by bytes looks at those records whole,
    /// since their values join bytes the quote keeps apart.
    var quoteJoins: [UInt64] = []
    /// Whether the file has more of those than ``quoteJoins`` keeps.
    var tooManyQuoteJoins = false
    /// Why the build stopped, if it failed.
    var failure: RecordSourceError?
    /// Streams of progress to feed.
    var observers: [Int: AsyncStream<CSVIndexProgress>.Continuation] = [:]
    /// The next observer's number.
    var nextObserver = 0
  }

  let state = Mutex(State())
  let file: CSVFile
  let delimiter: UInt8
  /// Where the first record starts, after the BOM and the header.
  let dataStart: UInt64

  init(file: CSVFile, delimiter: UInt8, dataStart: UInt64) {
    self.file = file
    self.delimiter = delimiter
    self.dataStart = dataStart
  }

  /// The progress so far.
  var progress: CSVIndexProgress {
    state.withLock { Self.progress(of: $0, total: file.size - dataStart) }
  }

  private static func progress(of state: State, total: UInt64) -> CSVIndexProgress {
    CSVIndexProgress(
      bytesRead: state.bytesRead, totalBytes: total, records: state.records,
      isComplete: state.isComplete, failure: state.failure?.description)
  }

  /// A stream of the progress, from now until the build ends.
  func updates() -> AsyncStream<CSVIndexProgress> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: CSVIndexProgress.self, bufferingPolicy: .bufferingNewest(1))
    let total = file.size - dataStart
    let number: Int? = state.withLock { state in
      continuation.yield(Self.progress(of: state, total: total))
      if state.isComplete || state.failure != nil { return nil }
      let number = state.nextObserver
      state.nextObserver += 1
      state.observers[number] = continuation
      return number
    }
    guard let number else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.observers.removeValue(forKey: number) }
    }
    return stream
  }

  /// Reads the file from ``dataStart`` to its end, publishing the offsets as it goes; stops
  /// quietly when its task is cancelled. It yields after each chunk, so that on a machine of
  /// few cores it does not hold a thread of the shared pool for seconds.
  func build() async {
    var scanner = CSVBoundaryScanner(delimiter: delimiter)
    var offset = dataStart
    var records = 0
    var lastEnd = dataStart
    var found: [UInt64] = []
    var joins: [UInt64] = []
    var joinCount = 0
    if dataStart < file.size { found.append(dataStart) }
    var chunk: [UInt8] = []
    while offset < file.size {
      if Task.isCancelled { return }
      do {
        try file.read(into: &chunk, at: offset, count: Self.chunkSize)
      } catch {
        fail(error)
        return
      }
      if chunk.isEmpty { break }
      let base = offset
      chunk.withUnsafeBufferPointer { bytes in
        scanner.scan(bytes) { end in
          records += 1
          lastEnd = base + UInt64(end)
          if records % Self.stride == 0 && lastEnd < file.size { found.append(lastEnd) }
        } textAfterQuote: { at in
          joinCount += 1
          if joinCount <= Self.quoteJoinLimit { joins.append(base + UInt64(at)) }
        }
      }
      offset += UInt64(chunk.count)
      publish(
        found: &found, joins: &joins, tooManyJoins: joinCount > Self.quoteJoinLimit,
        records: records, bytesRead: offset - dataStart, complete: false)
      await Task.yield()
    }
    if lastEnd < offset { records += 1 }
    publish(
      found: &found, joins: &joins, tooManyJoins: joinCount > Self.quoteJoinLimit,
      records: records, bytesRead: offset - dataStart, complete: true)
  }

  private func fail(_ error: RecordSourceError) {
    let observers = state.withLock { state in
      state.failure = error
      defer { state.observers = [:] }
      return state.observers
    }
    for observer in observers.values {
      observer.yield(progress)
      observer.finish()
    }
  }

  private func publish(
    found: inout [UInt64], joins: inout [UInt64], tooManyJoins: Bool, records: Int,
    bytesRead: UInt64, complete: Bool
  ) {
    let total = file.size - dataStart
    let moved = found
    let movedJoins = joins
    found.removeAll(keepingCapacity: true)
    joins.removeAll(keepingCapacity: true)
    let (progress, observers) = state.withLock { state in
      state.checkpoints.append(contentsOf: moved)
      state.quoteJoins.append(contentsOf: movedJoins)
      state.tooManyQuoteJoins = tooManyJoins
      state.records = records
      state.bytesRead = bytesRead
      state.isComplete = complete
      let observers = state.observers
      if complete { state.observers = [:] }
      return (Self.progress(of: state, total: total), observers)
    }
    for observer in observers.values {
      observer.yield(progress)
      if complete { observer.finish() }
    }
  }

  /// Waits until `ready` holds of the state, or the build ends; throws the build's error, or
  /// `CancellationError` when the waiting task is cancelled.
  func wait(until ready: @Sendable (State) -> Bool) async throws -> State {
    while true {
      let snapshot: State? = try state.withLock { state in
        if let failure = state.failure { throw failure }
        return ready(state) || state.isComplete ? state : nil
      }
      if let snapshot { return snapshot }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// The count, once the build is complete.
  var completeCount: Int? {
    state.withLock { $0.isComplete ? $0.records : nil }
  }

  /// Where record `number` (from 1) starts, waiting for the build to reach it; `nil` when
  /// there is no such record.
  func offset(ofRecord number: Int) async throws -> UInt64? {
    guard number >= 1 else { return nil }
    let state = try await wait { $0.records >= number }
    guard number <= state.records else { return nil }
    let block = (number - 1) / Self.stride
    var reader = CSVReader(
      file: file, delimiter: delimiter, from: state.checkpoints[block], fieldLimit: 0)
    for _ in 0..<((number - 1) % Self.stride) {
      guard try reader.next() else { return nil }
    }
    return reader.nextOffset
  }
}

extension CSVIndex {
  /// The last of `checkpoints` at or before `offset`: `j`, where record `j * stride + 1`
  /// starts; `nil` when `offset` is before the first.
  static func checkpoint(atOrBefore offset: UInt64, in checkpoints: [UInt64]) -> Int? {
    var (low, high) = (0, checkpoints.count)
    while low < high {
      let middle = (low + high) / 2
      if checkpoints[middle] <= offset {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low > 0 ? low - 1 : nil
  }

  /// The places of text after a closing quote in `range`, from `joins`, in order.
  static func quoteJoins(in range: Range<UInt64>, of joins: [UInt64]) -> ArraySlice<UInt64> {
    func firstIndex(notBelow offset: UInt64) -> Int {
      var (low, high) = (0, joins.count)
      while low < high {
        let middle = (low + high) / 2
        if joins[middle] < offset {
          low = middle + 1
        } else {
          high = middle
        }
      }
      return low
    }
    return joins[firstIndex(notBelow: range.lowerBound)..<firstIndex(notBelow: range.upperBound)]
  }

  /// Waits until the index has read past `offset` (or to the end of the file) and returns what
  /// it knows then.
  func state(through offset: UInt64) async throws -> State {
    let target = offset > dataStart ? offset - dataStart : 0
    return try await wait { $0.bytesRead >= target }
  }
}
