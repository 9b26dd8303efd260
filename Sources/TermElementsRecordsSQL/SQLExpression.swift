/// A filter as the browser understands it: columns, literals, operators, casts and calls of
/// functions that cannot change anything, and nothing else.
///
/// A tree holds only what ``SQLFilter/parse(_:columns:dialect:)`` accepted, and
/// ``SQLFilter/sql(of:in:)`` writes it back as SQL, quoting every name and literal itself.
///
/// ```swift
/// let tree = SQLExpression.comparison(.column("city"), "=", .string("Oslo"))
/// let sql = SQLFilter.sql(of: tree, in: .sqlite)  // "\"city\" = 'Oslo'"
/// ```
public indirect enum SQLExpression: Hashable, Sendable {
  /// A column of the browsed table, by its name as the table spells it.
  case column(String)
  /// A string literal, its text unquoted.
  case string(String)
  /// A number literal, as typed: digits, a point, an exponent.
  case number(String)
  /// `TRUE` or `FALSE`.
  case boolean(Bool)
  /// `NULL`.
  case null
  /// `CURRENT_DATE`, `CURRENT_TIME` or `CURRENT_TIMESTAMP`, in uppercase.
  case currentTime(String)
  /// `NOT` of an expression.
  case not(SQLExpression)
  /// `-` or `+` before an expression.
  case sign(String, SQLExpression)
  /// `AND` or `OR` of two expressions.
  case logical(SQLExpression, String, SQLExpression)
  /// A comparison (`=`, `<>`, `<`, `<=`, `>`, `>=`, and on PostgreSQL `~`, `~*`, `!~`, `!~*`).
  case comparison(SQLExpression, String, SQLExpression)
  /// Arithmetic (`+`, `-`, `*`, `/`, `%`) or `||`.
  case arithmetic(SQLExpression, String, SQLExpression)
  /// `[NOT] LIKE` or `[NOT] ILIKE` (PostgreSQL), with an optional `ESCAPE`.
  case like(SQLExpression, operator: String, negated: Bool, SQLExpression, escape: SQLExpression?)
  /// `[NOT] BETWEEN low AND high`.
  case between(SQLExpression, negated: Bool, SQLExpression, SQLExpression)
  /// `[NOT] IN (list)`.
  case `in`(SQLExpression, negated: Bool, [SQLExpression])
  /// `IS [NOT] NULL`, `IS [NOT] TRUE`, `IS [NOT] FALSE`: the word after `IS`, in uppercase.
  case `is`(SQLExpression, negated: Bool, String)
  /// `IS [NOT] DISTINCT FROM`.
  case distinct(SQLExpression, negated: Bool, SQLExpression)
  /// A cast to an allowed type, as the dialect writes the type.
  case cast(SQLExpression, type: String)
  /// A call of an allowed function, by the name the dialect writes.
  case call(String, [SQLExpression])
}
