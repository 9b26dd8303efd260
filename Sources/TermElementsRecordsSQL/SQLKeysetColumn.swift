/// A column a ``SQLKeysetPlanner`` orders by: one of the key's, or the sorted one.
///
/// ```swift
/// let id = SQLKeysetColumn("id", type: "bigint", isNullable: false)
/// let city = SQLKeysetColumn("city", type: "text")
/// ```
public struct SQLKeysetColumn: Hashable, Sendable {
  /// The column's name, as the table spells it: the planner quotes it. A system column such
  /// as SQLite's `rowid` or PostgreSQL's `ctid` is named the same way.
  public var name: String
  /// The SQL type its values are read as where the dialect casts parameters (PostgreSQL),
  /// such as `bigint` or `numeric(12,2)`; `nil` to leave the placeholder bare.
  public var type: String?
  /// Whether the column can hold `NULL`: a sorted column that can is read in two parts, its
  /// `NULL`s and its values. A key's columns are never `NULL`.
  public var isNullable: Bool

  /// The column `name`, its values read as `type`, `NULL` or not.
  public init(_ name: String, type: String? = nil, isNullable: Bool = true) {
    self.name = name
    self.type = type
    self.isNullable = isNullable
  }
}
