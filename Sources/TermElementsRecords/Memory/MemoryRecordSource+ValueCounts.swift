/// Counts per value, in memory: one pass over the records of the view.
extension MemoryRecordSource: RecordValueCounting {
  /// How many records of `view` hold each value of `column`, counted in memory.
  public func valueCounts(ofColumn column: Int, in view: RecordView, limit: Int) async throws
    -> ValueCounts
  {
    guard columns.indices.contains(column) else {
      throw RecordSourceError.failed("there is no column \(column + 1)")
    }
    // The filter without the order: counts do not depend on it.
    let indexes = try ordered(RecordView(filter: view.filter))
    try Task.checkCancellation()
    return ValueCounts.counting(indexes.lazy.map { self.records[$0][column] }, limit: limit)
  }

  /// How many records of `view` hold a number in each range of `column`'s, counted in
  /// memory: the least and greatest numbers found in one pass over the view's records, then
  /// each counted in its range.
  public func histogram(ofColumn column: Int, in view: RecordView) async throws
    -> ValueHistogram?
  {
    guard columns.indices.contains(column) else {
      throw RecordSourceError.failed("there is no column \(column + 1)")
    }
    let indexes = try ordered(RecordView(filter: view.filter))
    try Task.checkCancellation()
    var bounds = NumberBounds()
    for index in indexes { bounds.add(records[index][column]) }
    guard let ranges = bounds.ranges else { return nil }
    try Task.checkCancellation()
    return ValueHistogram.counting(indexes.lazy.map { self.records[$0][column] }, ranges: ranges)
  }
}
