extension SQLDialect {
  /// SQLite's dialect: its core functions that read their arguments and nothing else, and
  /// casts to its storage classes.
  ///
  /// ```swift
  /// let filter = try SQLFilter.parse(
  ///   "lower(city) = 'oslo'", columns: ["city"], dialect: .sqlite)
  /// let sql = filter.sql  // "lower(\"city\") = 'oslo'"
  /// ```
  ///
  /// Functions: `abs`, `char`, `coalesce`, `date`, `datetime`, `format`, `hex`, `ifnull`,
  /// `iif`, `instr`, `julianday`, `length`, `lower`, `ltrim`, `nullif`, `printf`, `quote`,
  /// `replace`, `round`, `rtrim`, `sign`, `strftime`, `substr`, `substring`, `time`, `trim`,
  /// `typeof`, `unicode`, `unixepoch`, `upper`. Casts: `INTEGER` (`int`), `REAL`, `TEXT`,
  /// `BLOB`, `NUMERIC`.
  public static let sqlite = SQLDialect(
    database: .sqlite,
    functions: Dictionary(
      uniqueKeysWithValues: [
        "abs", "char", "coalesce", "date", "datetime", "format", "hex", "ifnull", "iif", "instr",
        "julianday", "length", "lower", "ltrim", "nullif", "printf", "quote", "replace", "round",
        "rtrim", "sign", "strftime", "substr", "substring", "time", "trim", "typeof", "unicode",
        "unixepoch", "upper",
      ].map { ($0, $0) }),
    castTypes: [
      "integer": "INTEGER", "int": "INTEGER", "real": "REAL", "text": "TEXT", "blob": "BLOB",
      "numeric": "NUMERIC",
    ],
    typesWithModifiers: [])
}
