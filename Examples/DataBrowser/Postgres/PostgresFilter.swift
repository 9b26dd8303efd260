import TermElementsRecords
import TermElementsRecordsSQL

/// The rule a filter typed for a PostgreSQL relation follows: it is read into the browser's
/// grammar (``TermElementsRecordsSQL/SQLFilter``) over the relation's columns, and only the
/// SQL written from that tree reaches the server.
///
/// So a filter can only choose rows, whatever a read-only transaction lets a statement do: a
/// function off ``TermElementsRecordsSQL/SQLDialect/postgreSQL``'s list (`lo_create`,
/// `lo_unlink`, `nextval`, `set_config`, a user's own), a subquery, a `;`, a comment or a `$`
/// is refused before any statement is sent, and the functions it may call are called as
/// `pg_catalog.name`.
///
/// ```swift
/// let filterSQL = try PostgresFilter.sql("city = 'Oslo'", columns: ["id", "city"])
/// // "\"city\" = E'Oslo'"
/// _ = try PostgresFilter.sql("lo_create(0) > 0", columns: ["id"])
/// // throws RecordSourceError.badFilter("lo_create is not a function a filter can call")
/// ```
public enum PostgresFilter {
  /// The SQL written from `text` read over `columns`.
  ///
  /// - Throws: ``TermElementsRecords/RecordSourceError/badFilter(_:)`` saying why it is
  ///   refused.
  public static func sql(_ text: String, columns: [String]) throws(RecordSourceError) -> String {
    try filter(text, columns: columns).sql
  }

  /// `text` read over `columns`.
  ///
  /// - Throws: ``TermElementsRecords/RecordSourceError/badFilter(_:)`` saying why it is
  ///   refused.
  static func filter(_ text: String, columns: [String]) throws(RecordSourceError) -> SQLFilter {
    do {
      return try SQLFilter.parse(text, columns: columns, dialect: .postgreSQL)
    } catch {
      throw .badFilter(error.message)
    }
  }
}
