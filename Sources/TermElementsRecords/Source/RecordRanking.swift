/// A source that counts the records before a position, so that a record found by a search, or
/// read from the end, gets its number in the status line.
public protocol RecordRanking: RecordSource {
  /// How many records of `view` come before `position`: the record there is number
  /// `rank + 1`.
  func rank(of position: RecordPosition, in view: RecordView) async throws -> Int
}
