/// Pages, positions and ranks, in the key's order either way or in a column's order.
extension CSVRecordSource {
  /// The records after `position`, or the first ones: in the key's order read straight from
  /// the file, in a column's order through the sort (which reads the whole file once).
  public func page(after position: RecordPosition?, in view: RecordView, limit: Int)
    async throws -> [PageRecord]
  {
    try check(view)
    if let column = view.order.column {
      let sorted = try await sortedOrder(column: column)
      var first = 0
      if let position { first = try await ordinal(of: position, in: sorted, view) + 1 }
      return try await sortedPage(sorted, view, ordinals: first..<min(sorted.count, first + limit))
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
    if let column = view.order.column {
      let sorted = try await sortedOrder(column: column)
      var end = sorted.count
      if let position { end = try await ordinal(of: position, in: sorted, view) }
      return try await sortedPage(sorted, view, ordinals: max(0, end - limit)..<end)
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
    return records.map { PageRecord(values: shape($0.fields, cut: true), key: $0.key) }
  }

  /// The record after the first `offset` ones: waits for the index to reach it (or, in a
  /// descending or a column's order, to be complete). Cancelling the waiting task throws
  /// `CancellationError`.
  public func position(atOffset offset: Int, in view: RecordView) async throws
    -> RecordPosition?
  {
    try check(view)
    guard offset >= 0 else { return nil }
    if let column = view.order.column {
      let sorted = try await sortedOrder(column: column)
      guard offset < sorted.count else { return nil }
      let number = sorted.recordNumber(atOrdinal: offset, descending: view.order.descending)
      return RecordPosition(
        sortValue: sorted.values[number - 1], key: RecordKey([.integer(Int64(number))]))
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
    remember([CSVRawRecord(number: Int64(number), start: start, fields: [])])
    return RecordPosition(sortValue: nil, key: RecordKey([.integer(Int64(number))]))
  }

  /// The position of the record with `key`, by its number once the count is known; `nil` when
  /// there is no such record.
  public func position(ofKey key: RecordKey, in view: RecordView) async throws
    -> RecordPosition?
  {
    try check(view)
    guard let (number, _) = try await resolve(key) else { return nil }
    let canonicalKey = RecordKey([.integer(canonical(number))])
    guard let column = view.order.column else {
      return RecordPosition(sortValue: nil, key: canonicalKey)
    }
    let sorted = try await sortedOrder(column: column)
    let whole = canonical(number)
    guard whole >= 1 && whole <= Int64(sorted.count) else { return nil }
    return RecordPosition(sortValue: sorted.values[Int(whole) - 1], key: canonicalKey)
  }

  /// How many records come before `position`: waits for the index to reach the record (for a
  /// key from the end, a descending order or a column's order, to be complete).
  public func rank(of position: RecordPosition, in view: RecordView) async throws -> Int {
    try check(view)
    if let column = view.order.column {
      let sorted = try await sortedOrder(column: column)
      return try await ordinal(of: position, in: sorted, view)
    }
    guard let (number, _) = try await resolve(position.key) else {
      throw RecordSourceError.foreignPosition(
        "There is no record \(position.key.values[0].cellText)")
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
