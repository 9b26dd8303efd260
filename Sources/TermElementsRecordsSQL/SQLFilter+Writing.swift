/// Writing a filter's tree as SQL.
extension SQLFilter {
  /// The SQL of `expression` in `dialect`: names and strings quoted by the dialect, each
  /// operation inside another in parentheses.
  ///
  /// ```swift
  /// let tree = SQLExpression.logical(
  ///   .comparison(.column("a"), "=", .number("1")), "OR",
  ///   .is(.column("b"), negated: false, "NULL"))
  /// let sql = SQLFilter.sql(of: tree, in: .sqlite)  // "(\"a\" = 1) OR (\"b\" IS NULL)"
  /// ```
  public static func sql(of expression: SQLExpression, in dialect: SQLDialect) -> String {
    /// `expression` as an operand: in parentheses unless it is a single value.
    func operand(_ expression: SQLExpression) -> String {
      switch expression {
      case .column, .string, .number, .boolean, .null, .currentTime, .cast, .call:
        sql(of: expression, in: dialect)
      default:
        "(" + sql(of: expression, in: dialect) + ")"
      }
    }
    let not = { (negated: Bool) in negated ? "NOT " : "" }
    switch expression {
    case .column(let name):
      return dialect.quoted(name: name)
    case .string(let text):
      return dialect.quoted(string: text)
    case .number(let number):
      return number
    case .boolean(let value):
      return value ? "TRUE" : "FALSE"
    case .null:
      return "NULL"
    case .currentTime(let keyword):
      return keyword
    case .not(let inner):
      return "NOT " + operand(inner)
    case .sign(let sign, let inner):
      return sign + operand(inner)
    case .logical(let left, let op, let right), .comparison(let left, let op, let right),
      .arithmetic(let left, let op, let right):
      return operand(left) + " " + op + " " + operand(right)
    case .like(let value, let op, let negated, let pattern, let escape):
      return operand(value) + " " + not(negated) + op + " " + operand(pattern)
        + (escape.map { " ESCAPE " + operand($0) } ?? "")
    case .between(let value, let negated, let low, let high):
      return operand(value) + " " + not(negated) + "BETWEEN " + operand(low) + " AND "
        + operand(high)
    case .in(let value, let negated, let list):
      return operand(value) + " " + not(negated) + "IN ("
        + list.map { sql(of: $0, in: dialect) }.joined(separator: ", ") + ")"
    case .is(let value, let negated, let word):
      return operand(value) + " IS " + not(negated) + word
    case .distinct(let value, let negated, let other):
      return operand(value) + " IS " + not(negated) + "DISTINCT FROM " + operand(other)
    case .cast(let value, let type):
      return "CAST(" + sql(of: value, in: dialect) + " AS " + type + ")"
    case .call(let name, let arguments):
      return name + "(" + arguments.map { sql(of: $0, in: dialect) }.joined(separator: ", ") + ")"
    }
  }
}
