import Foundation
import GRDB
import TermElementsRecordsSQL

/// Why a filter typed by the user cannot be used: the browser's own message, such as
/// `writefile is not a function a filter can call`, or SQLite's, such as
/// `wrong number of arguments to function lower()`.
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

/// A user's SQL `WHERE` expression, such as `city = 'Paris' AND balance > 100`, read into the
/// grammar of ``TermElementsRecordsSQL/SQLFilter`` and ANDed into every query of a
/// ``RecordQuery`` as the SQL written from it.
///
/// The expression may name the table's columns, compare, match (`LIKE`), test for `NULL`,
/// compute and call the functions of ``TermElementsRecordsSQL/SQLDialect/sqlite`` (and those an
/// app allows on its ``BrowserDatabase``); a subquery, a function off the list, a `;`, a
/// comment or a parameter is refused before SQLite sees anything. The connection is read-only
/// and `query_only` as well.
///
/// ```swift
/// let sql = try FilterExpression.sql("City = 'Oslo'", columns: ["id", "city"])
/// // "\"city\" = 'Oslo'"
/// ```
public enum FilterExpression {
  /// The filter's text, trimmed, or `nil` when it is empty: no filter.
  public static func normalized(_ text: String?) -> String? {
    guard let text else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// The SQL written from `filter` read over `columns`, allowing the SQLite dialect's
  /// functions and `functions`.
  ///
  /// - Throws: ``FilterError`` saying why the filter is refused.
  public static func sql(_ filter: String, columns: [String], functions: Set<String> = [])
    throws(FilterError) -> String
  {
    try self.filter(filter, columns: columns, functions: functions).sql
  }

  /// `filter` read over `columns`, allowing the SQLite dialect's functions and `functions`.
  ///
  /// - Throws: ``FilterError`` saying why the filter is refused.
  static func filter(_ filter: String, columns: [String], functions: Set<String> = [])
    throws(FilterError) -> SQLFilter
  {
    do {
      let dialect = SQLDialect.sqlite.allowing(functions: functions)
      return try SQLFilter.parse(filter, columns: columns, dialect: dialect)
    } catch {
      throw FilterError(message: error.message)
    }
  }

  /// The names a filter on `schema` may use: its columns, and `rowid` where the table has one.
  static func columns(of schema: TableSchema) -> [String] {
    guard case .rowid = schema.key, !schema.columns.contains(where: { $0.lowercased() == "rowid" })
    else { return schema.columns }
    return schema.columns + ["rowid"]
  }

  /// Checks that `filter` is read by the grammar over `schema`'s columns, then that SQLite
  /// prepares the planner's check of the SQL written from it,
  /// `SELECT 1 FROM table WHERE (sql)`, without running it.
  ///
  /// - Throws: ``FilterError`` with the browser's message, or SQLite's, such as
  ///   `wrong number of arguments to function lower()`.
  public static func validate(
    _ db: Database, filter: String, schema: TableSchema, functions: Set<String> = []
  ) throws(FilterError) {
    guard let filter = normalized(filter) else { return }
    let read = try self.filter(filter, columns: columns(of: schema), functions: functions)
    do {
      _ = try db.makeStatement(sql: schema.planner(filter: read).filterCheck().sql)
    } catch let error as DatabaseError {
      throw FilterError(message: error.message ?? "\(error.resultCode)")
    } catch {
      throw FilterError(message: "\(error)")
    }
  }
}
