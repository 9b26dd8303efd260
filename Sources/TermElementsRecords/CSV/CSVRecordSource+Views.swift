/// Views with a column's order or a filter: read once from the whole file, then kept for the
/// last such view asked for.
extension CSVRecordSource {
  /// Whether `view` is read through a ``CSVViewOrder`` rather than straight from the file.
  func needsViewOrder(_ view: RecordView) -> Bool {
    view.order.column != nil || view.filter != nil
  }

  /// The records of `view`, reading the whole file when they are not the ones kept: waits for
  /// the index first, since its pages seek by it.
  func viewOrder(_ view: RecordView) async throws -> CSVViewOrder {
    if let kept = viewOrders.withLock({ $0 }), kept.serves(view) { return kept }
    let filter = try view.filter.map { text throws(RecordSourceError) in
      try RecordFilter.parse(text, columns: columns)
    }
    try await waitForIndex()
    viewProgress.withLock { $0 = 0 }
    defer { viewProgress.withLock { $0 = nil } }
    if let column = view.order.column {
      let order = try await sortedOrder(column: column, filter: view.filter)
      try Task.checkCancellation()
      viewOrders.withLock { $0 = order }
      return order
    }
    if let filter, let included = try await scannedFilter(filter) {
      try Task.checkCancellation()
      let order = CSVViewOrder(
        filter: view.filter, recordCount: index.completeCount ?? 0, included: included)
      viewOrders.withLock { $0 = order }
      return order
    }
    let size = Double(max(1, file.size))
    let limit = CSVValue.compareByteLimit
    var reader = CSVReader(file: file, delimiter: delimiter, from: dataStart, fieldLimit: limit)
    var included: [Int32] = []
    var number: Int32 = 0
    while try reader.next() {
      if number % 4096 == 0 {
        try Task.checkCancellation()
        viewProgress.withLock { $0 = Double(reader.nextOffset) / size }
        await Task.yield()
      }
      let fields = reader.fields(limit: limit)
      if let filter {
        if try passes(filter, fields, start: reader.recordStart) { included.append(number) }
      } else {
        included.append(number)
      }
      number += 1
    }
    try Task.checkCancellation()
    let order = CSVViewOrder(filter: view.filter, recordCount: Int(number), included: included)
    viewOrders.withLock { $0 = order }
    return order
  }

  /// Whether the record with `fields` (cut to ``CSVValue/compareByteLimit``), which starts at
  /// `start`, passes `filter`: `~` on a value cut short looks at all of it, read again a chunk
  /// at a time; other comparisons decide on the start, which is longer than any value typed.
  func passes(_ filter: RecordFilter, _ fields: [CSVField], start: UInt64) throws -> Bool {
    let values = shape(fields, cut: false)
    guard fields.contains(where: \.isCut) else { return filter.matches(values) }
    var failure: (any Error)?
    let passes = filter.matches(values) { column, text in
      guard self.field(ofColumn: column, in: fields)?.isCut == true else { return nil }
      do {
        return try self.fieldContains(SearchText(text), column: column, at: start)
      } catch {
        failure = error
        return false
      }
    }
    if let failure { throw failure }
    return passes
  }

  /// Where the record at `position` stands in `order` as `view` reads it; throws when it is
  /// not in the view.
  func ordinal(of position: RecordPosition, in order: CSVViewOrder, _ view: RecordView)
    async throws -> Int
  {
    let shown = position.key.values.first?.cellText ?? ""
    guard let (number, _) = try await resolve(position.key),
      let ordinal = order.ordinal(
        ofRecord: Int(canonical(number)), descending: view.order.descending)
    else {
      throw RecordSourceError.foreignPosition("Record \(shown) is not in this view")
    }
    return ordinal
  }

  /// The records at `ordinals` of `order` as `view` reads it, each with its whole value in the
  /// column of the order.
  func viewPage(_ order: CSVViewOrder, _ view: RecordView, ordinals: Range<Int>)
    async throws -> [PageRecord]
  {
    var page: [PageRecord] = []
    for ordinal in ordinals {
      let number = order.recordNumber(atOrdinal: ordinal, descending: view.order.descending)
      guard let start = try await index.offset(ofRecord: number) else { continue }
      let limit = order.column == nil ? CSVValue.pageByteLimit : CSVValue.compareByteLimit
      var reader = CSVReader(file: file, delimiter: delimiter, from: start, fieldLimit: limit)
      guard try reader.next() else { continue }
      let sortValue = order.column.map {
        value(ofColumn: $0, in: reader.fields(limit: CSVValue.compareByteLimit), cut: false)
      }
      page.append(
        PageRecord(
          values: shape(reader.fields(limit: CSVValue.pageByteLimit), cut: true),
          key: RecordKey([.integer(Int64(number))]), sortValue: sortValue))
    }
    return page
  }
}
