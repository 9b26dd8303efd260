/// Records of a ``SQLKeysetPlanner``'s order that one statement reads, nearest first: one
/// part of the records (the sorted column's `NULL`s, its values, or all of them), going one
/// way, after a position.
///
/// The planner makes them: ``SQLKeysetPlanner/segments(from:forward:)`` gives those that read
/// on from a position, in the order they are read.
///
/// ```swift
/// let segments = planner.segments(from: nil, forward: true)
/// // going up a nullable sorted column: [.nulls, .values]
/// ```
public struct SQLKeysetSegment<Value: Hashable & Sendable>: Hashable, Sendable {
  /// Which records a segment reads.
  public enum Part: Hashable, Sendable {
    /// Every record, ordered by the sorted column, if any, then the key: no sorted column, or
    /// one that cannot be `NULL`.
    case all
    /// The records whose sorted column is `NULL`, in the key's order.
    case nulls
    /// The records whose sorted column has a value, ordered by it, then the key.
    case values
    /// The records whose sorted column equals the position's value, in the key's order: on a
    /// dialect that reads ties apart (``SQLDialect/readsTiesApart``), the first segment after
    /// a position with a value.
    case ties
  }

  /// Which records it reads.
  public let part: Part
  /// Whether it reads up the ascending order (`NULL`s first), rather than down it.
  public let ascending: Bool
  /// The position it reads on from, excluded; `nil` from its part's end.
  ///
  /// In a ``Part/values`` or ``Part/all`` segment of a dialect that reads ties apart, the
  /// records beyond the position's sorted value.
  public let after: SQLKeysetPosition<Value>?

  /// A segment of `part` going up or down after `after`.
  init(_ part: Part, ascending: Bool, after: SQLKeysetPosition<Value>? = nil) {
    self.part = part
    self.ascending = ascending
    self.after = after
  }

  /// Whether it is ordered by the sorted column before the key.
  @inlinable
  var isOrderedBySort: Bool { part == .all || part == .values }
}
