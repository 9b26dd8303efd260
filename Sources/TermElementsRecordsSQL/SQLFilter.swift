/// A filter typed by the user, read into an ``SQLExpression`` and written back as SQL by the
/// browser itself, so that it can only choose rows.
///
/// The text must be one expression of the grammar the browser knows: columns of the browsed
/// table (in double quotes where a name needs them), string and number literals, `TRUE`,
/// `FALSE`, `NULL`, `CURRENT_DATE`, `CURRENT_TIME`, `CURRENT_TIMESTAMP`; `AND`, `OR`, `NOT`;
/// `=`, `==`, `<>`, `!=`, `<`, `<=`, `>`, `>=`; `[NOT] LIKE … [ESCAPE …]`,
/// `[NOT] BETWEEN … AND …`, `[NOT] IN (…)`, `IS [NOT] NULL`, `IS [NOT] TRUE`,
/// `IS [NOT] FALSE`, `IS [NOT] DISTINCT FROM`; `+`, `-`, `*`, `/`, `%`, `||`;
/// `CAST(… AS type)` to a type of the dialect's list; calls of the dialect's functions
/// (``SQLDialect/functions``); parentheses. PostgreSQL adds `ILIKE`, `~`, `~*`, `!~`, `!~*`
/// and `::type`.
///
/// Anything else is refused before any SQL is written, with one line that says why: a
/// function not on the list (`lo_create is not a function a filter can call`), a subquery, a
/// `;`, a comment, a parameter or `$`, a column the table does not have. The SQL is written
/// from the tree: every column in double quotes, every string quoted by the dialect, every
/// function by the name the dialect gives it, each operation in parentheses where it is
/// inside another, so the database reads exactly the tree.
///
/// ```swift
/// let filter = try SQLFilter.parse(
///   "City = 'Oslo' and balance > 100", columns: ["city", "balance"], dialect: .postgreSQL)
/// let sql = filter.sql  // "(\"city\" = E'Oslo') AND (\"balance\" > 100)"
/// ```
public struct SQLFilter: Hashable, Sendable {
  /// The filter as typed.
  public let text: String
  /// What it was read as.
  public let expression: SQLExpression
  /// The SQL written from ``expression`` for the dialect it was read in.
  public let sql: String

  /// Reads `text`, a filter over `columns` (the browsed table's names) in `dialect`.
  ///
  /// - Throws: ``SQLFilterError`` saying, in one line, what is refused and why.
  public static func parse(_ text: String, columns: [String], dialect: SQLDialect)
    throws(SQLFilterError) -> SQLFilter
  {
    var parser = try SQLFilterParser(text: text, columns: columns, dialect: dialect)
    let expression = try parser.parseFilter()
    return SQLFilter(text: text, expression: expression, sql: sql(of: expression, in: dialect))
  }
}
