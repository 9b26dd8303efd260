import Synchronization

/// Searching by bytes: the file read a block at a time for the text's bytes (a
/// ``CSVByteProbe``), and only the records where they are parsed and checked by
/// ``SearchText``'s rule.
extension CSVRecordSource {
  /// The first record after the one with `key` (the last before it when not `forward`; from
  /// either end when `nil`) whose values contain the text, found with a ``CSVBlockScan``.
  ///
  /// The scan waits for the index to reach each block it reads; `progress` hears the records
  /// passed, roughly as blocks end and exactly at the end.
  func scanSearch(
    _ matcher: CSVSearchMatcher, _ probe: CSVByteProbe, from key: RecordKey?, forward: Bool,
    progress: @escaping @Sendable (Int) -> Void
  ) async throws -> CSVRawRecord? {
    var range = dataStart..<file.size
    if let key {
      guard let found = try await resolve(key) else { return nil }
      if forward {
        var reader = CSVReader(file: file, delimiter: delimiter, from: found.start, fieldLimit: 0)
        guard try reader.next() else { return nil }
        range = reader.nextOffset..<file.size
      } else {
        range = dataStart..<found.start
      }
    }
    let edge = forward ? range.lowerBound : range.upperBound
    let before = try await recordCount(before: edge)
    let reported = Mutex(0)
    let hit = Mutex<CSVRawRecord?>(nil)
    let index = index
    let scan = CSVBlockScan<CSVRawRecord>(
      source: self, probe: probe, range: range, forward: forward,
      visit: { reader, number in
        try self.matches(matcher, reader) ? self.pageRecord(reader, number: number) : nil
      },
      accept: { found, reached in
        if let first = found.first {
          hit.withLock { $0 = first }
          return false
        }
        let passed = index.state.withLock { state in
          let checkpoint = CSVIndex.checkpoint(atOrBefore: reached, in: state.checkpoints) ?? 0
          return abs(checkpoint * CSVIndex.stride - before)
        }
        let larger = reported.withLock { last in
          defer { last = max(last, passed) }
          return passed > last
        }
        if larger { progress(passed) }
        return true
      })
    try await scan.run()
    try Task.checkCancellation()
    if let found = hit.withLock({ $0 }) {
      progress(forward ? Int(found.number) - before : before - Int(found.number) + 1)
      return found
    }
    progress(forward ? try await recordCount(before: file.size) - before : before)
    return nil
  }

  /// How many records start before `offset`, a record boundary: waits for the index to reach
  /// it.
  func recordCount(before offset: UInt64) async throws -> Int {
    let state = try await index.state(through: offset)
    if offset >= file.size, state.isComplete { return state.records }
    guard let checkpoint = CSVIndex.checkpoint(atOrBefore: offset, in: state.checkpoints) else {
      return 0
    }
    var reader = CSVReader(
      file: file, delimiter: delimiter, from: state.checkpoints[checkpoint], fieldLimit: 0)
    var count = checkpoint * CSVIndex.stride
    while reader.nextOffset < offset, try reader.next() { count += 1 }
    return count
  }
}
