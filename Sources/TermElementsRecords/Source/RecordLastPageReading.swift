/// A source that reads its last page and its count together, so that they agree even while
/// the records change: where End goes.
public protocol RecordLastPageReading: RecordSource {
  /// The last `limit` records of `view` and how many there are, read together.
  func lastPage(in view: RecordView, limit: Int) async throws -> (
    records: [PageRecord], count: RecordCount
  )
}

extension RecordSource {
  /// The last page, then the count: two requests, for a source whose records do not change
  /// under it.
  func lastPageThenCount(in view: RecordView, limit: Int) async throws -> (
    records: [PageRecord], count: RecordCount
  ) {
    let records = try await page(before: nil, in: view, limit: limit)
    return (records, try await count(in: view))
  }
}
