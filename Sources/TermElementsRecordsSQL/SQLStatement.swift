/// One SQL statement and the values bound to its placeholders, in order: what a driver sends to
/// its database.
///
/// ```swift
/// let people = SQLKeysetPlanner<Int>(
///   dialect: .sqlite, table: "people", key: [SQLKeysetColumn("id")])
/// let statement = people.record("\"people\".\"name\"", key: [7])
/// // statement.sql == "SELECT \"people\".\"name\" FROM \"people\" WHERE \"people\".\"id\" = ?"
/// // statement.parameters == [.value(7)]
/// ```
public struct SQLStatement<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The SQL, with the dialect's placeholders where the parameters go.
  public var sql: String
  /// The values bound to the placeholders, in the order they appear.
  public var parameters: [SQLParameter<Value>]

  /// A statement of `sql` and the values of its placeholders.
  @inlinable
  public init(sql: String, parameters: [SQLParameter<Value>] = []) {
    self.sql = sql
    self.parameters = parameters
  }
}

/// A value bound to a placeholder: one of the records' values, or a whole number the planner
/// binds itself, a `LIMIT` or an `OFFSET`.
public enum SQLParameter<Value: Hashable & Sendable>: Hashable, Sendable {
  /// A value of the records: of a key, of the sorted column, or one a driver gave.
  case value(Value)
  /// A whole number: a `LIMIT` or an `OFFSET`.
  case integer(Int)

  /// The parameter as a value of the driver's, a whole number made one by `integer`.
  ///
  /// ```swift
  /// let values = statement.parameters.map { $0.resolved { $0 } }  // [7]
  /// ```
  public func resolved(_ integer: (Int) -> Value) -> Value {
    switch self {
    case .value(let value): value
    case .integer(let number): integer(number)
    }
  }
}
