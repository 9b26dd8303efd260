import Foundation
import GRDB

/// Why a filter typed by the user cannot be used: SQLite's own message, such as
/// `no such column: foo`, or one saying that the text is not a single expression.
public struct FilterError: Error, Equatable, CustomStringConvertible {
  /// The message, one line.
  public let message: String

  /// Makes an error with `message`.
  public init(message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

/// A user's SQL `WHERE` expression, such as `city = 'Paris' AND balance > 100`, ANDed into
/// every query of a ``RecordQuery`` as `(` expression `)`.
///
/// The text must be one expression: its parentheses balance, it has no `;`, no unclosed
/// string, quoted name or comment, and no parameters. Within those limits it may be any
/// expression SQLite accepts, subqueries of other tables included: the connection of a
/// ``BrowserDatabase`` is read-only and `query_only`, so no expression can change the file.
public enum FilterExpression {
  /// The filter's text, trimmed, or `nil` when it is empty: no filter.
  public static func normalized(_ text: String?) -> String? {
    guard let text else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// Why `text` is not one expression that parentheses can hold, or `nil` when it is: a `)`
  /// closing more than was opened could end the parentheses the query puts around it and go
  /// on with other clauses.
  public static func structureProblem(_ text: String) -> String? {
    var depth = 0
    let scalars = Array(text.unicodeScalars)
    var index = 0
    /// Skips to after the `close` that ends a quoted run opened before `index`, a doubled
    /// `close` standing for itself; false if there is none.
    func skipQuoted(until close: Unicode.Scalar, doubling: Bool) -> Bool {
      while index < scalars.count {
        let scalar = scalars[index]
        index += 1
        if scalar == close {
          if doubling && index < scalars.count && scalars[index] == close {
            index += 1
          } else {
            return true
          }
        }
      }
      return false
    }
    while index < scalars.count {
      let scalar = scalars[index]
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      index += 1
      switch scalar {
      case "'":
        if !skipQuoted(until: "'", doubling: true) { return "a string is not closed" }
      case "\"", "`":
        if !skipQuoted(until: scalar, doubling: true) { return "a quoted name is not closed" }
      case "[":
        if !skipQuoted(until: "]", doubling: false) { return "a quoted name is not closed" }
      case "-" where next == "-":
        while index < scalars.count && scalars[index] != "\n" { index += 1 }
      case "/" where next == "*":
        index += 1
        var closed = false
        while index + 1 < scalars.count {
          if scalars[index] == "*" && scalars[index + 1] == "/" {
            index += 2
            closed = true
            break
          }
          index += 1
        }
        if !closed { return "a comment is not closed" }
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

  /// The condition to AND into a query: the expression in parentheses, each on a line of its
  /// own so that a `--` comment ending the expression ends before the `)`.
  static func condition(_ filter: String) -> String {
    "(\n" + filter + "\n)"
  }

  /// SQLite's message for `filter` prepared on its own, without the parentheses the queries
  /// put around it, so that it speaks of the text typed: `balance >` is not finished, rather
  /// than wrong near a `)` the user never typed. `nil` when it prepares on its own.
  ///
  /// The statement is only prepared, never run, and the text is one expression with balanced
  /// parentheses (``structureProblem(_:)``), so it cannot do more than the queries do.
  static func ownMessage(_ db: Database, filter: String, table: String) -> String? {
    do {
      _ = try db.makeStatement(sql: "SELECT 1 FROM \(table.quotedSQLName) WHERE\n\(filter)\n")
      return nil
    } catch let error as DatabaseError {
      // SQLite says `incomplete input` of text that ends where more must follow.
      if error.message == "incomplete input" { return "the filter is not finished: “\(filter)”" }
      return message(error)
    } catch {
      return "\(error)"
    }
  }

  /// SQLite's message of `error`, or its result code.
  static func message(_ error: DatabaseError) -> String {
    error.message ?? "\(error.resultCode)"
  }

  /// Checks that `filter` is one expression SQLite accepts on table `table`, by preparing
  /// `SELECT 1 FROM table WHERE (filter) LIMIT 0`, which reads nothing.
  ///
  /// - Throws: ``FilterError`` with SQLite's message, such as `no such column: foo`.
  public static func validate(_ db: Database, filter: String, table: String) throws(FilterError) {
    guard let filter = normalized(filter) else { return }
    if let problem = structureProblem(filter) { throw FilterError(message: problem) }
    let statement: Statement
    do {
      statement = try db.makeStatement(
        sql: "SELECT 1 FROM \(table.quotedSQLName) WHERE \(condition(filter)) LIMIT 0")
    } catch let error as DatabaseError {
      throw FilterError(message: ownMessage(db, filter: filter, table: table) ?? message(error))
    } catch {
      throw FilterError(message: "\(error)")
    }
    do {
      try statement.validateArguments([])
    } catch {
      throw FilterError(message: "a filter has no parameters such as ? or :name")
    }
  }
}
