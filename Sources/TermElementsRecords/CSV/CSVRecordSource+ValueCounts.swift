import Synchronization

/// Counts per value of a column: one pass over the file on two threads, blocks of records
/// found from the index, each block's table of values merged in the file's order into one
/// table of at most a limit of values.
extension CSVRecordSource {
  /// How many records hold each value of `column`, keeping at most `limit` distinct values
  /// (the first the file holds) and counting the records of any others in
  /// ``CSVValueCounts/otherRecords``: waits for the index, and reads the whole file once.
  /// Cancelling the task throws `CancellationError` within a block; ``activity`` says how far
  /// the read got.
  public func valueCounts(ofColumn column: Int, limit: Int = 10_000) async throws
    -> CSVValueCounts
  {
    guard columns.indices.contains(column) else {
      throw RecordSourceError.failed("There is no column \(column + 1) to count")
    }
    let state = try await index.wait { $0.isComplete }
    viewProgress.withLock { $0 = 0 }
    defer { viewProgress.withLock { $0 = nil } }
    let checkpoints = state.checkpoints
    let perBlock = Self.sortBlockCheckpoints
    let blocks = (checkpoints.count + perBlock - 1) / perBlock
    let order = CSVBlockOrder<CSVValueTable>(blocks: blocks, forward: true)
    let merged = CSVMergedCounts(limit: max(0, limit))
    let size = Double(max(1, file.size))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<(blocks > 4 ? 2 : 1) {
        group.addTask {
          while let block = order.take() {
            try Task.checkCancellation()
            let first = block * perBlock
            let end =
              first + perBlock < checkpoints.count
              ? checkpoints[first + perBlock] : self.file.size
            var counts = CSVValueTable(limit: max(0, limit))
            var buffer: [UInt8] = []
            try self.forEachField(ofColumn: column, in: checkpoints[first]..<end, buffer: &buffer) {
              value, field in
              let value =
                value.map { CSVValue.value($0) } ?? field().map { CSVValue.value($0, cut: false) }
              counts.add(value ?? .null, count: 1)
            }
            order.deliver(block, [(Int64(block), counts)], reached: end) { found, end in
              merged.table.withLock { table in
                for counts in found { table.add(counts) }
              }
              self.viewProgress.withLock { $0 = Double(end) / size }
              return true
            }
            await Task.yield()
          }
        }
      }
      try await group.waitForAll()
    }
    return merged.table.withLock { $0.counts }
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
    if let slot = slots[value] {
      values[slot].1 += count
    } else if values.count < limit {
      slots[value] = values.count
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

/// The table the threads of a count merge their blocks' tables into.
private final class CSVMergedCounts: Sendable {
  let table: Mutex<CSVValueTable>

  init(limit: Int) { table = Mutex(CSVValueTable(limit: limit)) }
}
