/// What a filter may hold on one database, and how its SQL is written there: the functions it
/// may call, the types it may cast to, the operators that exist, and how names and strings are
/// quoted.
///
/// The two dialects, ``sqlite`` and ``postgreSQL``, allow only functions that read their
/// arguments and change nothing; an app that registers functions of its own on its SQLite
/// connection, and knows they change nothing, can allow them too:
///
/// ```swift
/// let dialect = SQLDialect.sqlite.allowing(functions: ["soundex_of"])
/// let filter = try SQLFilter.parse(
///   "soundex_of(name) = 'A536'", columns: ["name"], dialect: dialect)
/// ```
public struct SQLDialect: Hashable, Sendable {
  /// The databases a dialect is for.
  public enum Database: Hashable, Sendable {
    /// SQLite: names match whatever their case, and `::`, `ILIKE` and `~` do not exist.
    case sqlite
    /// PostgreSQL: a name not in quotes is folded to lowercase, quoted names match exactly.
    case postgreSQL
  }

  /// The database.
  public let database: Database
  /// The functions a filter may call, by their lowercase name, each with the name written in
  /// the SQL (`pg_catalog.lower` for `lower` on PostgreSQL, so that no function of the same
  /// name in another schema can be the one called).
  public private(set) var functions: [String: String]
  /// The types a filter may cast to, by their lowercase name (words separated by one space,
  /// `double precision`), each with the type written in the SQL.
  public let castTypes: [String: String]
  /// The types of ``castTypes`` that take a length or precision, `varchar(20)`.
  public let typesWithModifiers: Set<String>

  /// Whether `::`, `ILIKE` and the regular-expression operators `~`, `~*`, `!~` and `!~*`
  /// exist: PostgreSQL's.
  public var isPostgreSQL: Bool { database == .postgreSQL }

  /// The same dialect, also allowing `names` (each written as it is given, without a schema):
  /// functions an app registered itself that change nothing.
  public func allowing(functions names: some Sequence<String>) -> SQLDialect {
    var dialect = self
    for name in names { dialect.functions[name.lowercased()] = name }
    return dialect
  }

  /// `name` as an SQL identifier: in double quotes, each double quote in it doubled (each
  /// scalar, also one that a combining mark after it makes part of a larger character).
  public func quoted(name: String) -> String {
    "\"" + name.doublingScalars(["\""]) + "\""
  }

  /// The table `name`, in schema `schema` where given, as SQL: each name quoted.
  ///
  /// ```swift
  /// let table = SQLDialect.postgreSQL.quoted(table: "people", schema: "public")
  /// // "\"public\".\"people\""
  /// ```
  public func quoted(table name: String, schema: String? = nil) -> String {
    (schema.map { quoted(name: $0) + "." } ?? "") + quoted(name: name)
  }

  /// `text` as an SQL string literal that reads back as `text`: on SQLite in single quotes,
  /// each quote doubled; on PostgreSQL as an escape string (`E'…'`) with each backslash and
  /// quote doubled, which reads the same whatever `standard_conforming_strings` is.
  public func quoted(string text: String) -> String {
    switch database {
    case .sqlite: "'" + text.doublingScalars(["'"]) + "'"
    case .postgreSQL: "E'" + text.doublingScalars(["\\", "'"]) + "'"
    }
  }

  /// The column of `columns` that `typed` names, or `nil`: on SQLite whatever the case of
  /// its ASCII letters; on PostgreSQL exactly when `quoted`, else after folding ASCII letters
  /// to lowercase, as each database matches names.
  public func column(named typed: String, quoted: Bool, in columns: [String]) -> String? {
    switch database {
    case .sqlite:
      let folded = Self.asciiLowercased(typed)
      return columns.first { Self.asciiLowercased($0) == folded }
    case .postgreSQL:
      let name = quoted ? typed : Self.asciiLowercased(typed)
      return columns.first { $0 == name }
    }
  }

  /// `text` with its ASCII letters in lowercase, others as they are.
  static func asciiLowercased(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }))
  }
}

extension String {
  /// The text with each of the scalars `targets` written twice, wherever it is: a quote
  /// that a combining mark after it joins into one character is a quote to the database.
  func doublingScalars(_ targets: Set<Unicode.Scalar>) -> String {
    var doubled = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      doubled.append(scalar)
      if targets.contains(scalar) { doubled.append(scalar) }
    }
    return String(doubled)
  }
}
