/// A source whose values may be too large to hold, which gives the detail screen the start of
/// a long value and its size rather than the whole.
public protocol RecordDetailing: RecordSource {
  /// The values of the record with key `key` as the detail screen shows them, or `nil` when
  /// there is none: the start of a long text and its size, a ``DetailValue``.
  func detailRecord(key: RecordKey) async throws -> [DetailValue]?
}

extension RecordSource {
  /// The values of ``wholeRecord(key:)``, each whole: the detail of a source that holds its
  /// values whole.
  func wholeDetail(key: RecordKey) async throws -> [DetailValue]? {
    try await wholeRecord(key: key)?.map { DetailValue($0) }
  }
}
