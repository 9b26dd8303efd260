import Synchronization

/// Sorting by a column without holding it: one pass over the file on two threads keeps a
/// ``CSVSortKey`` per record, sorted in runs of ``CSVRecordSource/sortRunLimit`` keys written to
/// a temporary file (``CSVSortRuns``), then merged into the view's order of record numbers;
/// records whose keys cannot tell their values apart are ordered by reading their values.
extension CSVRecordSource {
  /// Records a block of the pass holds at most: a block is read whole unless it is longer
  /// than ``sortBlockByteLimit`` (huge fields), when it is read a chunk at a time.
  static let sortBlockCheckpoints = 256
  /// The most bytes of a block of the pass read at once.
  static let sortBlockByteLimit = 16 << 20

  /// The view of the records in `column`'s order, ties by number, through `filter` when it is
  /// not `nil`: the index must be complete. ``viewProgress`` follows the pass; cancelling the
  /// task throws `CancellationError` within a block.
  func sortedOrder(column: Int, filter: String?) async throws -> CSVViewOrder {
    let filtered = try await filter.asyncMap { try await viewOrder(RecordView(filter: $0)) }
    viewProgress.withLock { $0 = 0 }
    let state = try await index.wait { $0.isComplete }
    let checkpoints = state.checkpoints
    let runs = try CSVSortRuns(directory: sortDirectory)
    // Each thread's keys, and the bytes it reads records into.
    try await passOverBlocks(
      of: checkpoints, progressShare: 0.9, start: { ([CSVSortKey](), [UInt8]()) },
      read: { thread, block in
        try self.sortKeys(
          block.bytes, firstRecord: Int32(block.firstRecord), column: column,
          filtered: filtered, keys: &thread.0, buffer: &thread.1, runs: runs)
      },
      finish: { thread in try runs.write(&thread.0) })
    var order: [Int32] = []
    order.reserveCapacity(filtered?.count ?? state.records)
    var ties: [Range<Int>] = []
    var previous: CSVSortKey?
    var tieStart = 0
    var tieInexact = false
    try runs.merge { key in
      if let previous, previous.sameValue(as: key) {
        tieInexact = tieInexact || !key.isExact
      } else {
        if tieInexact && order.count - tieStart > 1 { ties.append(tieStart..<order.count) }
        tieStart = order.count
        tieInexact = !key.isExact
      }
      order.append(key.record)
      previous = key
    }
    if tieInexact && order.count - tieStart > 1 { ties.append(tieStart..<order.count) }
    var buffer: [UInt8] = []
    for tie in ties {
      try Task.checkCancellation()
      try orderByValues(&order, tie, column: column, checkpoints: checkpoints, buffer: &buffer)
    }
    var ranks = [Int32](repeating: -1, count: state.records)
    for (rank, record) in order.enumerated() { ranks[Int(record)] = Int32(rank) }
    return CSVViewOrder(column: column, filter: filter, order: order, ranks: ranks)
  }

  /// Appends the keys of the records in `range` (whole records, the first numbered
  /// `firstRecord` plus one) to `keys`, writing a run each time they reach
  /// ``sortRunLimit``; records `filtered` leaves out are passed over.
  private func sortKeys(
    _ range: Range<UInt64>, firstRecord: Int32, column: Int, filtered: CSVViewOrder?,
    keys: inout [CSVSortKey], buffer: inout [UInt8], runs: CSVSortRuns
  ) throws {
    var record = firstRecord
    try forEachField(ofColumn: column, in: range, buffer: &buffer) { value, field in
      defer { record += 1 }
      if let filtered, filtered.ranks[Int(record)] < 0 { return }
      keys.append(
        value.map { CSVSortKey(record: record, value: $0) }
          ?? CSVSortKey(record: record, field: field()))
      if keys.count >= sortRunLimit {
        try runs.write(&keys)
        keys.removeAll(keepingCapacity: true)
      }
    }
  }

  /// Calls `body` with each record's field in `column`, the records of `range` (whole ones) in
  /// order: its whole value in place when the field is written plainly or quoted with nothing to
  /// unescape and is no longer than ``CSVValue/compareByteLimit``, else `nil` and a way to read
  /// it (its first ``CSVValue/compareByteLimit`` bytes; `nil` when the record has none). The
  /// records are read whole into `buffer`, where a ``CSVColumnScanner`` finds the
  /// column's fields, unless longer than ``sortBlockByteLimit``, when it is read a chunk at a
  /// time.
  func forEachField(
    ofColumn column: Int, in range: Range<UInt64>, buffer: inout [UInt8],
    _ body: (UnsafeBufferPointer<UInt8>?, () -> CSVField?) throws -> Void
  ) throws {
    let limit = CSVValue.compareByteLimit
    guard range.count <= Self.sortBlockByteLimit else {
      var reader = CSVReader(
        file: file, delimiter: delimiter, from: range.lowerBound, fieldLimit: limit)
      while reader.nextOffset < range.upperBound, try reader.next() {
        let fields = reader.fields(limit: limit)
        try body(nil) { self.field(ofColumn: column, in: fields) }
      }
      return
    }
    try file.read(into: &buffer, at: range.lowerBound, count: range.count)
    let (delimiter, columnCount) = (delimiter, columns.count)
    let scanner = CSVColumnScanner(delimiter: delimiter, column: column, columnCount: columnCount)
    try buffer.withUnsafeBufferPointer { bytes in
      var spans: [CSVFieldSpan] = []
      var lenient = false
      var index = 0
      while index < bytes.count {
        guard let (found, next) = scanner.record(bytes, from: index, atEnd: true) else { break }
        let start = index
        index = next
        if case .span(let span) = found, span.kind != .messy, span.end - span.start <= limit {
          let value =
            span.kind == .plain ? span.start..<span.end : (span.start + 1)..<(span.end - 1)
          try body(UnsafeBufferPointer(rebasing: bytes[value])) { nil }
          continue
        }
        try body(nil) {
          switch found {
          case .missing: return nil
          case .span(let span): return CSVRecordParser.field(of: span, in: bytes, limit: limit)
          case .folded:
            _ = CSVRecordParser.parse(
              bytes, from: start, atEnd: true, delimiter: delimiter, into: &spans,
              lenient: &lenient)
            let fields = spans.map { CSVRecordParser.field(of: $0, in: bytes, limit: limit) }
            return self.field(ofColumn: column, in: fields)
          }
        }
      }
    }
  }

  /// Orders `order[tie]`, records whose keys are equal, by their values read from the file,
  /// ties by number: in the order of the file, each block of records between two of the
  /// index's `checkpoints` that holds some of them read once (into `buffer`) by
  /// ``forEachField(ofColumn:in:buffer:_:)``, as the sort's pass read their keys.
  private func orderByValues(
    _ order: inout [Int32], _ tie: Range<Int>, column: Int, checkpoints: [UInt64],
    buffer: inout [UInt8]
  ) throws {
    let records = order[tie].sorted()
    var values: [(value: CellValue, record: Int32)] = []
    values.reserveCapacity(records.count)
    var next = 0
    while next < records.count {
      try Task.checkCancellation()
      let block = Int(records[next]) / CSVIndex.stride
      let end = block + 1 < checkpoints.count ? checkpoints[block + 1] : file.size
      var record = Int32(block * CSVIndex.stride)
      try forEachField(ofColumn: column, in: checkpoints[block]..<end, buffer: &buffer) {
        value, field in
        defer { record += 1 }
        guard next < records.count, records[next] == record else { return }
        next += 1
        let read =
          value.map { CSVValue.value($0) } ?? field().map { CSVValue.value($0, cut: false) }
        values.append((read ?? .null, record))
      }
      // A record the block did not hold (the file changed under the index): NULL.
      while next < records.count, Int(records[next]) / CSVIndex.stride == block {
        values.append((.null, records[next]))
        next += 1
      }
    }
    values.sort { left, right in
      if left.value.precedes(right.value) { return true }
      if right.value.precedes(left.value) { return false }
      return left.record < right.record
    }
    order.replaceSubrange(tie, with: values.map(\.record))
  }

  /// The value record `number` (from 1) has in `column`, as a sort compares it.
  func sortValue(ofRecord number: Int, column: Int) async throws -> CellValue {
    guard let start = try await index.offset(ofRecord: number) else { return .null }
    let limit = CSVValue.compareByteLimit
    var reader = CSVReader(file: file, delimiter: delimiter, from: start, fieldLimit: limit)
    guard try reader.next() else { return .null }
    return value(ofColumn: column, in: reader.fields(limit: limit), cut: false)
  }
}

extension Optional {
  /// The value `transform` makes of the wrapped one, or `nil`.
  func asyncMap<Result>(_ transform: (Wrapped) async throws -> Result) async rethrows
    -> Result?
  {
    guard let self else { return nil }
    return try await transform(self)
  }
}
