import TermElementsRecords
import Testing

/// The checks every ``RecordSource`` must pass, whatever it reads from: pages either way, in
/// every order, agree with a reference worked out here from the records themselves, and so do
/// counts, jumps, ranks, searches and whole records. A new source gets them for free by
/// handing its records, as they should come out in key order, to ``check(_:records:)``.
///
/// A source that filters is checked through a filter as well, in every order, when the caller
/// gives one in the source's language with the predicate that says which records pass it.
enum SourceChecks {
  /// What the checks ask of a source beyond its pages: jumps, ranks and searches.
  typealias Checked = RecordJumping & RecordRanking & RecordSearching

  /// A filter in a source's language, and which records it passes.
  struct Filter {
    /// The filter, as ``RecordView/filter`` takes it.
    var text: String
    /// Whether a record passes it.
    var passes: @Sendable (PageRecord) -> Bool
  }

  /// Runs every check of `source`, whose records in key order are `records`; through
  /// `filter` too when the source can filter.
  static func check(
    _ source: any Checked, records: [PageRecord], pageSize: Int = 7, filter: Filter? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    var orders = [RecordOrder.key, RecordOrder(descending: true)]
    if source.support(for: .sort).isAvailable {
      for column in source.columns.indices {
        orders.append(RecordOrder(column: column))
        orders.append(RecordOrder(column: column, descending: true))
      }
    }
    var views = orders.map { RecordView(order: $0) }
    if let filter, source.support(for: .filter).isAvailable,
      let filtering = source as? any RecordFiltering
    {
      try await filtering.validate(filter: filter.text)
      views += orders.map { RecordView(order: $0, filter: filter.text) }
    }
    for view in views {
      let passing = view.filter == nil ? records : records.filter { filter?.passes($0) ?? true }
      let expected = reference(passing, in: view)
      try await checkPages(source, view: view, expected: expected, pageSize: pageSize)
      try await checkJumps(source, view: view, expected: expected)
      if source.support(for: .search).isAvailable {
        try await checkSearch(source, view: view, expected: expected)
      }
      // A record the filter leaves out has no position in the view.
      let kept = Set(passing.map(\.key))
      for record in records where !kept.contains(record.key) {
        let position = try await source.position(ofKey: record.key, in: view)
        #expect(position == nil, "key \(record.key) in \(view)", sourceLocation: sourceLocation)
      }
    }
    for record in records {
      let whole = try await source.wholeRecord(key: record.key)
      #expect(whole?.count == source.columns.count, sourceLocation: sourceLocation)
    }
  }

  /// `records` in `view`'s order: by the column, ties by the key, the whole reversed when
  /// descending; each with its sort value.
  static func reference(_ records: [PageRecord], in view: RecordView) -> [PageRecord] {
    var ordered = records.enumerated().map { offset, record in
      var record = record
      record.sortValue = view.order.column.map { record.values[$0] }
      return (offset, record)
    }
    ordered.sort { a, b in
      if let column = view.order.column {
        let (left, right) = (a.1.values[column], b.1.values[column])
        if left.precedes(right) { return true }
        if right.precedes(left) { return false }
      }
      return a.0 < b.0
    }
    let result = ordered.map(\.1)
    return view.order.descending ? result.reversed() : result
  }

  /// Paging forward from the start and back from the end gives every record once, in order.
  static func checkPages(
    _ source: any Checked, view: RecordView, expected: [PageRecord], pageSize: Int
  ) async throws {
    var forward: [PageRecord] = []
    var page = try await source.page(after: nil, in: view, limit: pageSize)
    while !page.isEmpty {
      forward += page
      #expect(forward.count <= expected.count, "paging forward never ends in \(view)")
      guard forward.count <= expected.count else { return }
      page = try await source.page(after: page.last?.position, in: view, limit: pageSize)
    }
    #expect(forward.map(\.key) == expected.map(\.key), "forward in \(view)")
    #expect(forward.map(\.sortValue) == expected.map(\.sortValue), "sort values in \(view)")
    var backward: [PageRecord] = []
    page = try await source.page(before: nil, in: view, limit: pageSize)
    while !page.isEmpty {
      backward = page + backward
      guard backward.count <= expected.count else { break }
      page = try await source.page(before: page.first?.position, in: view, limit: pageSize)
    }
    #expect(backward.map(\.key) == expected.map(\.key), "backward in \(view)")
  }

  /// The position at each offset is that record's; its rank is the offset; a key finds it.
  static func checkJumps(_ source: any Checked, view: RecordView, expected: [PageRecord])
    async throws
  {
    #expect(try await source.count(in: view).exactValue == expected.count)
    for (offset, record) in expected.enumerated() {
      let position = try await source.position(atOffset: offset, in: view)
      #expect(position == record.position, "offset \(offset) in \(view)")
      #expect(try await source.rank(of: record.position, in: view) == offset)
      #expect(try await source.position(ofKey: record.key, in: view) == record.position)
    }
    #expect(try await source.position(atOffset: expected.count, in: view) == nil)
  }

  /// A search from each record finds the next record, either way, that contains the text of
  /// a value of the middle record: in every column, and in every column but that value's
  /// (where the middle record is found only when another of its values holds the text too).
  static func checkSearch(_ source: any Checked, view: RecordView, expected: [PageRecord])
    async throws
  {
    guard let middle = expected.dropFirst(expected.count / 2).first,
      let column = middle.values.firstIndex(where: { SearchText($0.cellText).matches($0) })
    else { return }
    let text = SearchText(String(middle.values[column].cellText.prefix(3)))
    let others = Set(source.columns.indices).subtracting([column])
    for columns in [nil, others] {
      let label = columns.map { "in columns \($0.sorted())" } ?? "in every column"
      for (offset, record) in expected.enumerated() {
        let next = expected[(offset + 1)...].first { text.matches(any: $0.values, in: columns) }
        let found = try await source.search(
          text, columns: columns, from: record.position, forward: true, in: view,
          progress: { _ in })
        #expect(found?.key == next?.key, "search after \(offset) \(label) in \(view)")
        let previous = expected[..<offset].last { text.matches(any: $0.values, in: columns) }
        let back = try await source.search(
          text, columns: columns, from: record.position, forward: false, in: view,
          progress: { _ in })
        #expect(back?.key == previous?.key, "search before \(offset) \(label) in \(view)")
      }
      let first = try await source.search(
        text, columns: columns, from: nil, forward: true, in: view, progress: { _ in })
      #expect(first?.key == expected.first { text.matches(any: $0.values, in: columns) }?.key)
    }
    // No column: nothing to find.
    #expect(
      try await source.search(text, columns: [], from: nil, forward: true, in: view) { _ in } == nil
    )
  }
}
