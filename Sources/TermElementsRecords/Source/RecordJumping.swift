/// A source that finds a record by its offset or its key: `:N` goes there.
///
/// ```swift
/// let people = MemoryRecordSource(name: "people", columns: ["id"], records: [[.integer(7)]])
/// let first = try await people.position(atOffset: 0, in: .all)
/// ```
public protocol RecordJumping: RecordSource {
  /// The position of the record after the first `offset` ones of `view`, or `nil` past the
  /// end: where `:N` goes.
  func position(atOffset offset: Int, in view: RecordView) async throws -> RecordPosition?

  /// The position in `view` of the record with key `key`, or `nil` if it is not among its
  /// records.
  func position(ofKey key: RecordKey, in view: RecordView) async throws -> RecordPosition?
}
