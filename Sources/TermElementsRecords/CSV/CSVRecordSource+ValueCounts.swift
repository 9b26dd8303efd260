/// Counts per value of a column: one pass over the file on two threads, blocks of records
/// found from the index, each block's table of values merged in the file's order into one
/// table of at most a limit of values; through a filter, each record read whole and checked.
extension CSVRecordSource: RecordValueCounting {
  /// How many records of `view` hold each value of `column`: one pass over the file on two
  /// threads, through the view's filter, keeping the first `limit` distinct values the file
  /// holds (``ValueCounts/otherValues`` unknown when it holds more), most frequent first.
  public func valueCounts(ofColumn column: Int, in view: RecordView, limit: Int) async throws
    -> ValueCounts
  {
    let filter = try view.filter.map { text throws(RecordSourceError) in
      try RecordFilter.parse(text, columns: columns)
    }
    let counts = try await valueCounts(ofColumn: column, limit: limit, filter: filter)
    let entries = counts.entries.map { ValueCounts.Entry(value: $0.value, count: $0.count) }
    return ValueCounts(
      entries: entries, records: counts.records, otherRecords: counts.otherRecords,
      otherValues: counts.otherRecords > 0 ? nil : 0)
  }

  /// How many records hold each value of `column`, keeping at most `limit` distinct values
  /// (the first the file holds) and counting the records of any others in
  /// ``CSVValueCounts/otherRecords``: waits for the index, and reads the whole file once.
  /// Cancelling the task throws `CancellationError` within a block; ``activity`` says how far
  /// the read got.
  public func valueCounts(ofColumn column: Int, limit: Int = 10_000) async throws
    -> CSVValueCounts
  {
    try await valueCounts(ofColumn: column, limit: limit, filter: nil)
  }

  /// The counts of ``valueCounts(ofColumn:limit:)`` of the records that pass `filter`, where
  /// given, each read whole to be checked.
  func valueCounts(ofColumn column: Int, limit: Int, filter: RecordFilter?) async throws
    -> CSVValueCounts
  {
    guard columns.indices.contains(column) else {
      throw RecordSourceError.failed("There is no column \(column + 1) to count")
    }
    let state = try await index.wait { $0.isComplete }
    viewProgress.withLock { $0 = 0 }
    defer { viewProgress.withLock { $0 = nil } }
    let checkpoints = state.checkpoints
    let blocks = (checkpoints.count + Self.sortBlockCheckpoints - 1) / Self.sortBlockCheckpoints
    // Each block's table is merged in the file's order, so that the values kept are its first.
    let order = CSVBlockOrder<CSVValueTable>(blocks: blocks, forward: true)
    let merged = CSVPassTotal(CSVValueTable(limit: max(0, limit)))
    // Each thread's bytes it reads records into.
    try await passOverBlocks(
      of: checkpoints, start: { [UInt8]() },
      read: { buffer, block in
        var counts = CSVValueTable(limit: max(0, limit))
        try self.forEachValue(ofColumn: column, in: block.bytes, passing: filter, buffer: &buffer) {
          counts.add($0, count: 1)
        }
        order.deliver(
          block.number, [(Int64(block.number), counts)], reached: block.bytes.upperBound
        ) { found, _ in
          merged.value.withLock { table in
            for counts in found { table.add(counts) }
          }
          return true
        }
      })
    return merged.value.withLock { $0.counts }
  }
}

extension CSVRecordSource {
  /// Calls `body` with the value of `column` of each record that starts in `range` and passes
  /// `filter` (every record, for `nil`): through a filter each record is read whole; else only
  /// the column's fields, the records read into `buffer`.
  func forEachValue(
    ofColumn column: Int, in range: Range<UInt64>, passing filter: RecordFilter?,
    buffer: inout [UInt8], _ body: (CellValue) -> Void
  ) throws {
    if let filter {
      try forEachValue(ofColumn: column, in: range, passing: filter, body)
      return
    }
    try forEachField(ofColumn: column, in: range, buffer: &buffer) { value, field in
      body(
        value.map { CSVValue.value($0) } ?? field().map { CSVValue.value($0, cut: false) }
          ?? .null)
    }
  }

  /// Calls `body` with the value of `column` of each record that starts in `range` and passes
  /// `filter`, each record read whole, its values as a page shows them.
  func forEachValue(
    ofColumn column: Int, in range: Range<UInt64>, passing filter: RecordFilter,
    _ body: (CellValue) -> Void
  ) throws {
    let limit = CSVValue.compareByteLimit
    var reader = CSVReader(
      file: file, delimiter: delimiter, from: range.lowerBound, fieldLimit: limit)
    var read = 0
    while reader.nextOffset < range.upperBound, try reader.next() {
      read += 1
      if read % 4_096 == 0 { try Task.checkCancellation() }
      let fields = reader.fields(limit: limit)
      guard try passes(filter, fields, start: reader.recordStart) else { continue }
      body(field(ofColumn: column, in: fields).map { CSVValue.value($0, cut: false) } ?? .null)
    }
  }
}

/// A table of at most `limit` values with their counts, in the order they came.
struct CSVValueTable: Sendable {
  let limit: Int
  private var slots: [CellValue: Int] = [:]
  private var values: [(CellValue, Int)] = []
  private var others = 0
  private var records = 0

  init(limit: Int) { self.limit = limit }

  /// Counts `count` more records of `value`: in the table when it is there or there is room,
  /// else among the others.
  mutating func add(_ value: CellValue, count: Int) {
    records += count
    let counted = value.countedAs
    if let slot = slots[counted] {
      values[slot].1 += count
    } else if values.count < limit {
      slots[counted] = values.count
      values.append((value, count))
    } else {
      others += count
    }
  }

  /// Adds the counts of `table`, a later part of the file's: its values in the order they
  /// came, and its records not kept to the others.
  mutating func add(_ table: CSVValueTable) {
    for (value, count) in table.values { add(value, count: count) }
    others += table.others
    records += table.others
  }

  /// The counts, most frequent first, equal counts in the values' order.
  var counts: CSVValueCounts {
    let entries = values.map { CSVValueCounts.Entry(value: $0.0, count: $0.1) }.sorted {
      if $0.count != $1.count { return $0.count > $1.count }
      return $0.value.precedes($1.value)
    }
    return CSVValueCounts(entries: entries, otherRecords: others, records: records)
  }
}
