/// How a dialect writes the statements of a ``SQLKeysetPlanner``: its placeholders, and how it
/// reads on from a sorted value.
extension SQLDialect {
  /// The placeholder of a statement's `number`th parameter (from 1), read as `type` where it
  /// is given: `?` on SQLite, whatever the type; on PostgreSQL `$1`, or
  /// `CAST($1::text AS type)` with a type, so that a driver can send every value as its text
  /// and the server reads it as the column's type.
  ///
  /// ```swift
  /// let question = SQLDialect.sqlite.placeholder(2, type: "bigint")  // "?"
  /// let cast = SQLDialect.postgreSQL.placeholder(2, type: "bigint")
  /// // "CAST($2::text AS bigint)"
  /// ```
  public func placeholder(_ number: Int, type: String?) -> String {
    switch database {
    case .sqlite: "?"
    case .postgreSQL: type.map { "CAST($\(number)::text AS \($0))" } ?? "$\(number)"
    }
  }

  /// Whether a page from a position with a sorted value `v` and key `k` first reads the
  /// records tied with it, `sort = v AND key > k` in the key's order, then those beyond,
  /// `sort > v`, rather than all of them with one row-value comparison
  /// `(sort, key) > (v, k)`: SQLite's, whose index seek on a row value stops at its first
  /// column when the key is the rowid, so that a page deep in a run of equal values would
  /// read the run from its start.
  public var readsTiesApart: Bool { database == .sqlite }
}
