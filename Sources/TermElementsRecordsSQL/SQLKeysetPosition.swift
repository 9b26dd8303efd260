/// Where a record stands in a ``SQLKeysetPlanner``'s order: its sorted value and its key, all
/// that keyset paging needs to read on from it either way.
///
/// ```swift
/// let position = SQLKeysetPosition(sortValue: "Oslo", key: ["17"])
/// let nullCity = SQLKeysetPosition<String>(sortValue: nil, key: ["18"])
/// ```
public struct SQLKeysetPosition<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The record's value in the sorted column; `nil` when it is `NULL`, or in the key's order.
  public var sortValue: Value?
  /// The record's key, a value for each of the key's columns, in order.
  public var key: [Value]

  /// The position of a record whose sorted value is `sortValue` (`nil` for `NULL`) and whose
  /// key is `key`.
  public init(sortValue: Value?, key: [Value]) {
    self.sortValue = sortValue
    self.key = key
  }
}
