/// The rule a filter typed for a PostgreSQL relation follows before the server sees it: one
/// expression, which parentheses can hold, and nothing else.
///
/// Its parentheses balance and it has no `;`, no comment, no `$` (a parameter or a
/// dollar-quoted string) and no unclosed string or quoted name, so that it cannot end the
/// parentheses the queries put around it and go on with other clauses. Within those limits it
/// is any expression the server accepts, subqueries included: every read is a read-only
/// transaction, so no expression can write.
///
/// ```swift
/// let problem = PostgresFilter.structureProblem("city = 'Oslo'; DROP TABLE people")
/// // "a filter is one expression: no ';'"
/// ```
public enum PostgresFilter {
  /// Why `text` is not one expression, or `nil` when it is.
  public static func structureProblem(_ text: String) -> String? {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    var depth = 0
    while index < scalars.count {
      let scalar = scalars[index]
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      let previous = index > 0 ? scalars[index - 1] : nil
      index += 1
      switch scalar {
      case "'":
        // E'…' strings escape with a backslash; others only by doubling the quote.
        let escapes = previous == "E" || previous == "e"
        guard skip(until: "'", backslashes: escapes, in: scalars, from: &index) else {
          return "a string is not closed"
        }
      case "\"":
        guard skip(until: "\"", backslashes: false, in: scalars, from: &index) else {
          return "a quoted name is not closed"
        }
      case "-" where next == "-", "/" where next == "*":
        return "a filter has no comments"
      case "$":
        return "a filter has no parameters or $-quoted strings"
      case ";":
        return "a filter is one expression: no ';'"
      case "(":
        depth += 1
      case ")":
        depth -= 1
        if depth < 0 { return "a ')' closes more than was opened" }
      default:
        break
      }
    }
    return depth == 0 ? nil : "a '(' is not closed"
  }

  /// Moves `index` past the `close` that ends a quoted run, a doubled `close` (and, when
  /// `backslashes`, any character after a backslash) standing for itself; false if none does.
  static func skip(
    until close: Unicode.Scalar, backslashes: Bool, in scalars: [Unicode.Scalar],
    from index: inout Int
  ) -> Bool {
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      if backslashes && scalar == "\\" {
        index += 1
      } else if scalar == close {
        guard index < scalars.count, scalars[index] == close else { return true }
        index += 1
      }
    }
    return false
  }
}
