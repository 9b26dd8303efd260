/// A column's order: read once from the whole file, then kept for the column last sorted by.
extension CSVRecordSource {
  /// The order of `column`, reading the whole file when it is not the one kept: waits for the
  /// index first, since its pages seek by it.
  func sortedOrder(column: Int) async throws -> CSVSortedOrder {
    if let kept = sortedOrder.withLock({ $0 }), kept.column == column { return kept }
    try await waitForIndex()
    var reader = CSVReader(file: file, delimiter: delimiter, from: dataStart)
    var values: [CellValue] = []
    values.reserveCapacity(index.completeCount ?? 0)
    while try reader.next() {
      if values.count % 4096 == 0 { try Task.checkCancellation() }
      values.append(value(ofColumn: column, in: reader.fieldValues(), cut: false))
    }
    try Task.checkCancellation()
    let sorted = CSVSortedOrder(column: column, values: values)
    sortedOrder.withLock { $0 = sorted }
    return sorted
  }

  /// Where the record at `position` stands in `sorted`'s order as `view` reads it.
  func ordinal(of position: RecordPosition, in sorted: CSVSortedOrder, _ view: RecordView)
    async throws -> Int
  {
    guard let (number, _) = try await resolve(position.key) else {
      throw RecordSourceError.foreignPosition(
        "There is no record \(position.key.values.first?.cellText ?? "")")
    }
    return sorted.ordinal(ofRecord: Int(canonical(number)), descending: view.order.descending)
  }

  /// The records at `ordinals` of `sorted`'s order as `view` reads it, each with its whole
  /// value in the column.
  func sortedPage(_ sorted: CSVSortedOrder, _ view: RecordView, ordinals: Range<Int>)
    async throws -> [PageRecord]
  {
    var page: [PageRecord] = []
    for ordinal in ordinals {
      let number = sorted.recordNumber(atOrdinal: ordinal, descending: view.order.descending)
      guard let start = try await index.offset(ofRecord: number) else { continue }
      var reader = CSVReader(file: file, delimiter: delimiter, from: start)
      guard try reader.next() else { continue }
      page.append(
        PageRecord(
          values: shape(reader.fieldValues(), cut: true), key: RecordKey([.integer(Int64(number))]),
          sortValue: sorted.values[number - 1]))
    }
    return page
  }
}
