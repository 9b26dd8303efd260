import TermElementsRecordsSQL

/// The tables the keyset tests plan for, over values written as text: `people`, keyed by `id`,
/// with a `city` that can be `NULL` and a `name` that cannot; `pairs`, keyed by `(a, b)`, with
/// a `tag` that can be `NULL`. On PostgreSQL both are in the schema `public`.
enum Keyset {
  /// `people`'s key.
  static let id = SQLKeysetColumn("id", type: "bigint", isNullable: false)
  /// `people`'s nullable column.
  static let city = SQLKeysetColumn("city", type: "text")
  /// `people`'s column that is never `NULL`.
  static let name = SQLKeysetColumn("name", type: "text", isNullable: false)
  /// `pairs`' key.
  static let pairKey = [
    SQLKeysetColumn("a", type: "text", isNullable: false),
    SQLKeysetColumn("b", type: "integer", isNullable: false),
  ]
  /// `pairs`' nullable column.
  static let tag = SQLKeysetColumn("tag", type: "text")

  /// The planner of `people` in `dialect`, sorted by `sort`, through `filter` (read over
  /// `people`'s columns).
  static func people(
    _ dialect: SQLDialect, sort: SQLKeysetColumn? = nil, descending: Bool = false,
    filter: String? = nil
  ) throws -> SQLKeysetPlanner<String> {
    SQLKeysetPlanner(
      dialect: dialect, table: "people", schema: schema(dialect), key: [id], sort: sort,
      descending: descending,
      filter: try filter.map {
        try SQLFilter.parse($0, columns: ["id", "name", "city"], dialect: dialect)
      })
  }

  /// The planner of `pairs` in `dialect`, sorted by `tag` when `sorted`.
  static func pairs(_ dialect: SQLDialect, sorted: Bool = true, descending: Bool = false)
    -> SQLKeysetPlanner<String>
  {
    SQLKeysetPlanner(
      dialect: dialect, table: "pairs", schema: schema(dialect), key: pairKey,
      sort: sorted ? tag : nil, descending: descending)
  }

  /// `public` on PostgreSQL, none on SQLite.
  static func schema(_ dialect: SQLDialect) -> String? {
    dialect == .postgreSQL ? "public" : nil
  }

  /// The position of a record of `people` (or `pairs`, with a key of two values).
  static func at(_ sortValue: String?, _ key: String...) -> SQLKeysetPosition<String> {
    SQLKeysetPosition(sortValue: sortValue, key: key)
  }

  /// The statements of the pages of `planner` read on from `position`, `limit` records each.
  static func pages(
    _ planner: SQLKeysetPlanner<String>, from position: SQLKeysetPosition<String>?,
    forward: Bool, limit: Int = 50
  ) -> [SQLStatement<String>] {
    planner.segments(from: position, forward: forward).map {
      planner.page($0, columns: "*", limit: limit)
    }
  }
}

/// A statement of `sql` and `parameters`.
func statement(_ sql: String, _ parameters: SQLParameter<String>...) -> SQLStatement<String> {
  SQLStatement(sql: sql, parameters: parameters)
}
