import TermElementsRecords

/// A test source over records in memory that passes every request on to them, so that a
/// wrapper states only what it does differently, and which capabilities it has by the
/// protocols it names (``FullWrappingSource`` names them all).
protocol WrappingSource: RecordSource {
  /// The records every request goes to.
  var base: MemoryRecordSource { get }
}

/// A wrapping source with every capability the records in memory have.
typealias FullWrappingSource = WrappingSource & RecordJumping & RecordRanking & RecordSearching
  & RecordSorting & RecordFiltering

extension WrappingSource {
  var name: String { base.name }
  var columns: [RecordColumn] { base.columns }
  var keyColumns: [Int] { base.keyColumns }

  func page(after position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]
  { try await base.page(after: position, in: view, limit: limit) }

  func page(before position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]
  { try await base.page(before: position, in: view, limit: limit) }

  func count(in view: RecordView) async throws -> RecordCount {
    try await base.count(in: view)
  }

  func wholeRecord(key: RecordKey) async throws -> [CellValue]? {
    try await base.wholeRecord(key: key)
  }
}

extension WrappingSource where Self: RecordJumping {
  func position(atOffset offset: Int, in view: RecordView) async throws -> RecordPosition? {
    try await base.position(atOffset: offset, in: view)
  }

  func position(ofKey key: RecordKey, in view: RecordView) async throws -> RecordPosition? {
    try await base.position(ofKey: key, in: view)
  }
}

extension WrappingSource where Self: RecordRanking {
  func rank(of position: RecordPosition, in view: RecordView) async throws -> Int {
    try await base.rank(of: position, in: view)
  }
}

extension WrappingSource where Self: RecordSearching {
  func search(
    _ text: SearchText, columns: Set<Int>?, from start: RecordPosition?, forward: Bool,
    in view: RecordView, progress: @escaping @Sendable (Int) -> Void
  ) async throws -> PageRecord? {
    try await base.search(
      text, columns: columns, from: start, forward: forward, in: view, progress: progress)
  }
}

extension WrappingSource where Self: RecordFiltering {
  var filterLanguage: String { base.filterLanguage }

  func validate(filter: String) async throws {
    try await base.validate(filter: filter)
  }
}
