import TermElementsRecords
import TermElementsRecordsSQL

/// Searching a PostgreSQL relation: a chunk of records at a time, each chunk one query on the
/// server that keeps the records that may match, which the browser then checks by
/// ``TermElementsRecords/SearchText``'s rule.
extension PostgresRecordSource {
  /// Records of candidates read at a time within a chunk.
  static let candidateLimit = 100

  /// The next record from `start` whose values in `columns` contain `text`, searched a chunk
  /// of ``searchChunkSize`` records at a time, with progress after each; cancelling stops the
  /// chunk's query on the server. The server looks in those columns only.
  public func search(
    _ text: SearchText, columns: Set<Int>?, from start: RecordPosition?, forward: Bool,
    in view: RecordView, progress: @escaping @Sendable (Int) -> Void
  ) async throws -> PageRecord? {
    try require(.search)
    guard !text.isEmpty else { return nil }
    let query = try viewQuery(view)
    let searched = query.searchedColumns(among: columns)
    guard !searched.isEmpty else { return nil }
    let chunk = max(1, searchChunkSize)
    var read = 0
    var segments = query.segments(from: start, forward: forward)
    while !segments.isEmpty {
      let segment = segments.removeFirst()
      let end = query.position(in: segment, offset: chunk - 1)
      let bound = try await link.read { session in
        try await session.rows(end, prepare: true) { query.position($0, from: 0) }.first
      }
      if let found = try await candidates(text, searched, query, segment, through: bound) {
        return found
      }
      read += chunk
      progress(read)
      if let bound { segments = query.segments(continuing: segment, after: bound) + segments }
    }
    return nil
  }

  /// The first record of `segment` through `bound` that contains `text` in `columns`, read
  /// ``candidateLimit`` candidates at a time.
  func candidates(
    _ text: SearchText, _ columns: [Int], _ query: PostgresViewQuery,
    _ segment: SQLKeysetSegment<CellValue>, through bound: RecordPosition?
  ) async throws -> PageRecord? {
    var segments = [segment]
    while !segments.isEmpty {
      let segment = segments.removeFirst()
      guard
        let statement = query.search(
          text, columns: columns, in: segment, through: bound, limit: Self.candidateLimit)
      else { return nil }
      let rows = try await link.read { session in
        try await session.rows(statement, prepare: true) { row in
          (record: query.record(row), matches: query.matches(text, columns: columns, row: row))
        }
      }
      if let match = rows.first(where: \.matches) { return match.record }
      guard rows.count == Self.candidateLimit, let last = rows.last else { continue }
      let after = last.record.position
      segments = query.segments(continuing: segment, after: after) + segments
    }
    return nil
  }

  /// `record N` for a relation paged by offset, `row (0,1)` by address, else the key's
  /// columns and values.
  public func title(ofKey key: RecordKey) -> String {
    let values = key.values.map(\.cellText)
    switch table.paging {
    case .key(let indexes):
      let names = indexes.map { table.columns[$0].name }
      return "\(names.joined(separator: ", ")) \(values.joined(separator: ", "))"
    case .rowAddress: return "row \(values.joined(separator: ", "))"
    case .partitionRowAddress: return "row \(values.last ?? "") of partition \(values[0])"
    case .offset:
      if case .integer(let offset)? = key.values.first { return "record \(offset + 1)" }
      return "record"
    }
  }
}
