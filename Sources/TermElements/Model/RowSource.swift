/// Rows made on demand by a function of their index, so that a section can hold millions of rows
/// and build only those on screen.
///
/// Two sources are equal when their `id`s and counts are: change the `id` when the function
/// would make different rows.
///
/// ```swift
/// let numbers = RowSource(id: "numbers", count: 1_000_000) { index in
///   Row(ElementOfLabel(props: "Row \(index)"), id: RowID(index))
/// }
/// ```
public struct RowSource: Equatable, Sendable {
  /// Names what the function makes; sources with the same `id` and count are equal.
  public let id: String
  /// How many rows the source holds.
  public let count: Int
  /// Makes the row at an index from `0` to `count - 1`.
  package let makeRow: @Sendable (Int) -> Row

  /// Makes a source of `count` rows.
  public init(id: String, count: Int, makeRow: @escaping @Sendable (Int) -> Row) {
    self.id = id
    self.count = max(0, count)
    self.makeRow = makeRow
  }

  /// Sources are equal when their ids and counts are.
  public static func == (lhs: RowSource, rhs: RowSource) -> Bool {
    lhs.id == rhs.id && lhs.count == rhs.count
  }
}
