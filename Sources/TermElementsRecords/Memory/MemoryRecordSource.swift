/// Records held in memory: any array of rows of ``CellValue``s with named columns, browsable
/// like a table, with every feature: sorting, searching, jumping, and filtering in
/// ``RecordFilter``'s language (`balance > 100 and city ~ 'lon'`).
///
/// What a test of a browsing app, or a small app with its data at hand, reaches for. The key
/// is the values of `keyColumns`, or, with none, each record's index in the array (from 0).
/// Sorting is a stable sort of the indexes, and filtering a pass over them, made once for each
/// view asked for and kept while it is among the last few.
///
/// ```swift
/// let people = MemoryRecordSource(
///   name: "people", columns: ["id", "name", "city"],
///   records: [
///     [.integer(1), .text("Ada"), .text("London")],
///     [.integer(2), .text("Grace"), .null],
///   ],
///   keyColumns: [0])
/// let byCity = RecordView(order: RecordOrder(column: 2))
/// let first = try await people.page(after: nil, in: byCity, limit: 10)
/// ```
public actor MemoryRecordSource: RecordJumping, RecordRanking, RecordSearching, RecordSorting,
  RecordFiltering, RecordWholePageReading
{
  /// The records' name.
  public nonisolated let name: String
  /// The columns.
  public nonisolated let columns: [RecordColumn]
  /// The key's columns; empty when records are known by their index.
  public nonisolated let keyColumns: [Int]
  /// ``RecordFilter``'s language: `column = value`.
  public nonisolated var filterLanguage: String { RecordFilter.language }

  /// The records, each padded or cut to the columns.
  let records: [[CellValue]]
  /// Each record's key.
  let keys: [RecordKey]
  /// The index of each record by its key.
  let indexByKey: [RecordKey: Int]
  /// The indexes of the records in the views asked for last, the latest last.
  var orders: [(view: RecordView, indexes: [Int])] = []
  /// The filters read last, by their text.
  var filters: [String: RecordFilter] = [:]

  /// The most views whose records are kept in order.
  static let keptViews = 4

  /// Records with `columns` named, known by the values of `keyColumns` (their index in
  /// `records` when empty). A record with fewer values than columns is filled with
  /// ``CellValue/null``, one with more is cut. Two records with the same key keep the first.
  public init(
    name: String, columns: [String], records: [[CellValue]], keyColumns: [Int] = []
  ) {
    self.name = name
    self.columns = columns.map(RecordColumn.init)
    self.keyColumns = keyColumns.filter { columns.indices.contains($0) }
    let width = columns.count
    let fitted = records.map { record in
      record.count == width
        ? record
        : Array(record.prefix(width)) + Array(repeating: .null, count: max(0, width - record.count))
    }
    let keyColumns = self.keyColumns
    let keys = fitted.indices.map { index in
      keyColumns.isEmpty
        ? RecordKey([.integer(Int64(index))]) : RecordKey(keyColumns.map { fitted[index][$0] })
    }
    var indexByKey: [RecordKey: Int] = [:]
    indexByKey.reserveCapacity(keys.count)
    for (index, key) in keys.enumerated() where indexByKey[key] == nil { indexByKey[key] = index }
    // Records whose key repeats an earlier one's are left out: a key tells one record.
    let kept = fitted.indices.filter { indexByKey[keys[$0]] == $0 }
    self.records = kept.map { fitted[$0] }
    self.keys = kept.map { keys[$0] }
    self.indexByKey = Dictionary(uniqueKeysWithValues: self.keys.enumerated().map { ($1, $0) })
  }

  /// The records after `position` in `view`'s order.
  public func page(after position: RecordPosition?, in view: RecordView, limit: Int)
    async throws -> [PageRecord]
  {
    let order = try ordered(view)
    let start = try position.map { try boundary(of: $0, in: view, order: order, after: true) } ?? 0
    return order[start..<min(order.count, start + max(0, limit))].map { record($0, in: view) }
  }

  /// The records after `position` in `view`'s order: its pages, which hold every value whole.
  public func wholePage(after position: RecordPosition?, in view: RecordView, limit: Int)
    async throws -> [PageRecord]
  {
    try await page(after: position, in: view, limit: limit)
  }

  /// The records before `position` in `view`'s order.
  public func page(before position: RecordPosition?, in view: RecordView, limit: Int)
    async throws -> [PageRecord]
  {
    let order = try ordered(view)
    let end =
      try position.map { try boundary(of: $0, in: view, order: order, after: false) }
      ?? order.count
    return order[max(0, end - max(0, limit))..<end].map { record($0, in: view) }
  }

  /// How many records there are: always exact.
  public func count(in view: RecordView) async throws -> RecordCount {
    .exact(try ordered(view).count)
  }

  /// The position of the record after the first `offset` in `view`'s order.
  public func position(atOffset offset: Int, in view: RecordView) async throws -> RecordPosition? {
    let order = try ordered(view)
    guard offset >= 0, offset < order.count else { return nil }
    return record(order[offset], in: view).position
  }

  /// The position of the record with key `key` in `view`'s order.
  public func position(ofKey key: RecordKey, in view: RecordView) async throws -> RecordPosition? {
    let filter = try check(view)
    guard let index = indexByKey[key], filter?.matches(records[index]) ?? true else { return nil }
    return record(index, in: view).position
  }

  /// How many records come before `position` in `view`'s order.
  public func rank(of position: RecordPosition, in view: RecordView) async throws -> Int {
    let order = try ordered(view)
    return try boundary(of: position, in: view, order: order, after: false)
  }

  /// The next record from `start` whose values in `columns` contain `text`, read in memory.
  public func search(
    _ text: SearchText, columns: Set<Int>?, from start: RecordPosition?, forward: Bool,
    in view: RecordView, progress: @escaping @Sendable (Int) -> Void
  ) async throws -> PageRecord? {
    guard columns?.isEmpty != true else { return nil }
    let order = try ordered(view)
    let first =
      try start.map { try boundary(of: $0, in: view, order: order, after: forward) }
      ?? (forward ? 0 : order.count)
    let indexes = forward ? Array(order[first...]) : order[..<first].reversed()
    for (read, index) in indexes.enumerated() {
      if read % 4_096 == 0 {
        try Task.checkCancellation()
        if read > 0 { progress(read) }
      }
      if text.matches(any: records[index], in: columns) { return record(index, in: view) }
    }
    progress(indexes.count)
    return nil
  }

  /// Every value of the record with key `key`.
  public func wholeRecord(key: RecordKey) async throws -> [CellValue]? {
    indexByKey[key].map { records[$0] }
  }

  /// Reads `filter` in ``RecordFilter``'s language, and throws
  /// ``RecordSourceError/badFilter(_:)`` saying what is wrong when it is not a filter.
  public func validate(filter: String) async throws {
    _ = try parsed(filter)
  }

  // MARK: - Orders

  /// The indexes of the records of `view`, in its order, made once for each view and kept
  /// while it is among the last few asked for.
  func ordered(_ view: RecordView) throws -> [Int] {
    let filter = try check(view)
    if let known = orders.lastIndex(where: { $0.view == view }) {
      let entry = orders.remove(at: known)
      orders.append(entry)
      return entry.indexes
    }
    var indexes: [Int]
    if let filter {
      // The filter keeps the records it passes in the order's own order.
      indexes = try ordered(RecordView(order: view.order)).filter { filter.matches(records[$0]) }
    } else {
      let column = view.order.column
      indexes = Array(records.indices)
      indexes.sort { precedes($0, $1, column: column) }
      if view.order.descending { indexes.reverse() }
    }
    if orders.count >= Self.keptViews { orders.removeFirst() }
    orders.append((view, indexes))
    return indexes
  }

  /// The filter `text`, read once and kept while it is among the last few.
  func parsed(_ text: String) throws(RecordSourceError) -> RecordFilter {
    if let known = filters[text] { return known }
    let filter = try RecordFilter.parse(text, columns: columns)
    if filters.count >= Self.keptViews { filters.removeAll() }
    filters[text] = filter
    return filter
  }

  /// Whether record `a` comes before record `b` by `column`, ties broken by their keys (keys
  /// that read the same, `0` and `0.0`, by their kind).
  func precedes(_ a: Int, _ b: Int, column: Int?) -> Bool {
    if let column {
      let (left, right) = (records[a][column], records[b][column])
      if left.precedes(right) { return true }
      if right.precedes(left) { return false }
    }
    return CellValue.keyPrecedes(keys[a].values, keys[b].values)
  }

  /// The number of records of `order` before `position` (`after` false), or up to and
  /// including it (`after` true): where pages after or before it start.
  func boundary(of position: RecordPosition, in view: RecordView, order: [Int], after: Bool)
    throws -> Int
  {
    guard (position.sortValue == nil) == (view.order.column == nil) else {
      throw RecordSourceError.foreignPosition("the position belongs to another order")
    }
    let descending = view.order.descending
    // Records before the position, and the record at it when `after`, come first in the
    // order: the boundary is the first slot past them.
    var (low, high) = (0, order.count)
    while low < high {
      let middle = (low + high) / 2
      let index = order[middle]
      let isAt = keys[index] == position.key
      let isBefore = !isAt && comesBefore(index, position, column: view.order.column) != descending
      if isBefore || (after && isAt) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Whether record `index` comes before `position` in the ascending order by `column`.
  func comesBefore(_ index: Int, _ position: RecordPosition, column: Int?) -> Bool {
    if let column, let value = position.sortValue {
      let own = records[index][column]
      if own.precedes(value) { return true }
      if value.precedes(own) { return false }
    }
    return CellValue.keyPrecedes(keys[index].values, position.key.values)
  }

  /// The page record of record `index` in `view`.
  func record(_ index: Int, in view: RecordView) -> PageRecord {
    PageRecord(
      values: records[index], key: keys[index],
      sortValue: view.order.column.map { records[index][$0] })
  }

  /// The filter of `view`, if it has one; throws when `view` asks for what the source cannot
  /// do: a column it does not have, a filter that is not one.
  func check(_ view: RecordView) throws -> RecordFilter? {
    if let column = view.order.column, !columns.indices.contains(column) {
      throw RecordSourceError.failed("there is no column \(column + 1)")
    }
    return try view.filter.map(parsed)
  }
}
