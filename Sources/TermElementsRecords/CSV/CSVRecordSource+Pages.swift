/// Pages, positions and ranks: in the key's order either way, read straight from the file, or
/// through a filter or in a column's order, read through a ``CSVViewOrder``.
extension CSVRecordSource {
  /// The records after `position`, or the first ones: in the key's order read straight from
  /// the file; through a filter or in a column's order, from the view's records (which reads
  /// the whole file once).
  public func page(after position: RecordPosition?, in view: RecordView, limit: Int)
    async throws -> [PageRecord]
  {
    try check(view)
    if scansPages(of: view),
      let records = try await scannedRecords(
        of: view, from: position?.key, forward: !view.order.descending, limit: limit)
    {
      return pageRecords(view.order.descending ? records.reversed() : records)
    }
    if needsViewOrder(view) {
      let order = try await viewOrder(view)
      var first = 0
      if let position { first = try await ordinal(of: position, in: order, view) + 1 }
      return try await viewPage(order, view, ordinals: first..<min(order.count, first + limit))
    }
    let records =
      view.order.descending
      ? try await recordsBefore(position?.key, limit: limit).reversed()
      : try await recordsAfter(position?.key, limit: limit)
    return pageRecords(records)
  }

  /// The records before `position`, or the last ones, in order: End reads them from the end of
  /// the file at once, whether the index has got there or not.
  public func page(before position: RecordPosition?, in view: RecordView, limit: Int)
    async throws -> [PageRecord]
  {
    try check(view)
    if scansPages(of: view),
      let records = try await scannedRecords(
        of: view, from: position?.key, forward: view.order.descending, limit: limit)
    {
      return pageRecords(view.order.descending ? records.reversed() : records)
    }
    if needsViewOrder(view) {
      let order = try await viewOrder(view)
      var end = order.count
      if let position { end = try await ordinal(of: position, in: order, view) }
      return try await viewPage(order, view, ordinals: max(0, end - limit)..<end)
    }
    let records =
      view.order.descending
      ? try await recordsAfter(position?.key, limit: limit).reversed()
      : try await recordsBefore(position?.key, limit: limit)
    return pageRecords(records)
  }

  /// Page records of `records`, their values cut, their starts remembered.
  func pageRecords(_ records: [CSVRawRecord]) -> [PageRecord] {
    remember(records)
    return records.map { PageRecord(values: $0.values, key: $0.key) }
  }

  /// The record after the first `offset` ones: waits for the index to reach it (or, in a
  /// descending order, through a filter or in a column's order, to be complete). Cancelling
  /// the waiting task throws `CancellationError`.
  public func position(atOffset offset: Int, in view: RecordView) async throws
    -> RecordPosition?
  {
    try check(view)
    guard offset >= 0 else { return nil }
    if needsViewOrder(view) {
      let order = try await viewOrder(view)
      guard offset < order.count else { return nil }
      let number = order.recordNumber(atOrdinal: offset, descending: view.order.descending)
      return RecordPosition(
        sortValue: try await order.column.asyncMap {
          try await sortValue(ofRecord: number, column: $0)
        },
        key: RecordKey([.integer(Int64(number))]))
    }
    let number: Int
    if view.order.descending {
      try await waitForIndex()
      guard let count = index.completeCount, offset < count else { return nil }
      number = count - offset
    } else {
      number = offset + 1
    }
    guard let start = try await index.offset(ofRecord: number) else { return nil }
    remember([CSVRawRecord(number: Int64(number), start: start)])
    return RecordPosition(sortValue: nil, key: RecordKey([.integer(Int64(number))]))
  }

  /// The position of the record with `key`, by its number once the count is known; `nil` when
  /// there is no such record, or the view's filter leaves it out.
  public func position(ofKey key: RecordKey, in view: RecordView) async throws
    -> RecordPosition?
  {
    try check(view)
    guard let (number, _) = try await resolve(key) else { return nil }
    guard needsViewOrder(view) else {
      return RecordPosition(sortValue: nil, key: RecordKey([.integer(canonical(number))]))
    }
    let order = try await viewOrder(view)
    let whole = Int(canonical(number))
    guard order.ordinal(ofRecord: whole, descending: false) != nil else { return nil }
    return RecordPosition(
      sortValue: try await order.column.asyncMap {
        try await sortValue(ofRecord: whole, column: $0)
      },
      key: RecordKey([.integer(Int64(whole))]))
  }

  /// How many records come before `position`: waits for the index to reach the record (for a
  /// key from the end, a descending order, a filter or a column's order, to be complete).
  public func rank(of position: RecordPosition, in view: RecordView) async throws -> Int {
    try check(view)
    if needsViewOrder(view) {
      let order = try await viewOrder(view)
      return try await ordinal(of: position, in: order, view)
    }
    guard let (number, _) = try await resolve(position.key) else {
      throw RecordSourceError.foreignPosition(
        "There is no record \(position.key.values.first?.cellText ?? "")")
    }
    var whole = canonical(number)
    if whole < 0 || view.order.descending {
      try await waitForIndex()
      whole = canonical(number)
    }
    guard view.order.descending else { return Int(whole) - 1 }
    return (index.completeCount ?? 0) - Int(whole)
  }
}
