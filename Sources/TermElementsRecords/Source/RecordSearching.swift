/// A source that finds the next record containing a text: `/`, `n` and `N`.
///
/// ```swift
/// let people = MemoryRecordSource(
///   name: "people", columns: ["id", "name", "note"],
///   records: [[.integer(1), .text("Ada"), .text("met Grace")]], keyColumns: [0])
/// // Grace is in the note, not in the name: nil.
/// let byName = try await people.search(
///   SearchText("grace"), columns: [1], from: nil, forward: true, in: .all, progress: { _ in })
/// ```
public protocol RecordSearching: RecordSource {
  /// The next record after `start` (before it, going back) whose values contain `text` by
  /// ``SearchText``'s rule, or `nil` when none does up to the end of `view`.
  ///
  /// Only the values in `columns`, indexes of ``RecordSource/columns``, are searched (every
  /// column's when `nil`); with no column, nothing is found. `progress` hears how many records
  /// were read so far, from time to time, on any thread.
  func search(
    _ text: SearchText, columns: Set<Int>?, from start: RecordPosition?, forward: Bool,
    in view: RecordView, progress: @escaping @Sendable (Int) -> Void
  ) async throws -> PageRecord?
}
