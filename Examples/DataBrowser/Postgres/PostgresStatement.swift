import TermElementsRecords
import TermElementsRecordsSQL

/// One SQL statement and the text of its parameters, `nil` for NULL: every value goes to the
/// server as a parameter, never inside the SQL.
///
/// ```swift
/// var statement = PostgresStatement("SELECT count(*) FROM t WHERE id > ")
/// statement.append(parameter: "17", type: "bigint")
/// // statement.sql == "SELECT count(*) FROM t WHERE id > CAST($1::text AS bigint)"
/// ```
public struct PostgresStatement: Hashable, Sendable {
  /// The SQL, with `$1`, `$2` … where the parameters go.
  public var sql: String
  /// The parameters' text, in order.
  public var parameters: [String?]

  /// The statement of a keyset planner's `statement`, each value sent as its text
  /// (``PostgresViewQuery/parameterText(_:)``), but the `LIMIT` and `OFFSET` at its end,
  /// written in the SQL: a statement prepared once is then planned once for all its
  /// parameters, as the server plans a page knowing how many records it reads.
  public init(_ statement: SQLStatement<CellValue>) {
    var sql = Array(statement.sql.utf8)
    var parameters = statement.parameters
    // The trailing whole numbers are the last placeholders of the SQL, after any text a
    // filter holds: each is the last occurrence of its own placeholder.
    while case .integer(let number)? = parameters.last {
      let placeholder = SQLDialect.postgreSQL.placeholder(parameters.count, type: "bigint")
      guard let start = Self.lastOffset(of: Array(placeholder.utf8), in: sql) else { break }
      sql.replaceSubrange(start..<start + placeholder.utf8.count, with: String(number).utf8)
      parameters.removeLast()
    }
    self.sql = String(decoding: sql, as: UTF8.self)
    self.parameters = parameters.map {
      PostgresViewQuery.parameterText($0.resolved { .integer(Int64($0)) })
    }
  }

  /// Where the last occurrence of `needle` starts in `bytes`, searched from the end: a page's
  /// `LIMIT` is near its end, and the statement is made again for every page.
  static func lastOffset(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard !needle.isEmpty, needle.count <= bytes.count else { return nil }
    var start = bytes.count - needle.count
    while start >= 0 {
      if bytes[start] == needle[0], bytes[start..<start + needle.count].elementsEqual(needle) {
        return start
      }
      start -= 1
    }
    return nil
  }

  /// A statement of `sql` with no parameters yet.
  public init(_ sql: String = "") {
    self.sql = sql
    self.parameters = []
  }

  /// Appends `sql`.
  public mutating func append(_ sql: String) {
    self.sql += sql
  }

  /// Appends a parameter of `text`, read as a value of type `type`: its text goes to the
  /// server, which reads it as it reads the type's text.
  public mutating func append(parameter text: String?, type: String) {
    parameters.append(text)
    sql += SQLDialect.postgreSQL.placeholder(parameters.count, type: type)
  }
}
