extension String {
  /// The name quoted as an SQL identifier, whatever its characters: in double quotes, with
  /// each double quote in it doubled, so that `my "table"` becomes `"my ""table"""`.
  ///
  /// GRDB's `quotedDatabaseIdentifier` does not double the quotes inside, so a table named
  /// with one breaks every statement that names it.
  var quotedSQLName: String {
    "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
