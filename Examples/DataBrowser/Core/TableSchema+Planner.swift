import GRDB
import TermElementsRecordsSQL

extension TableSchema {
  /// The keyset planner of the table in SQLite's dialect: paged by its key, ordered by
  /// `sortColumn` (any of its columns can be `NULL`) then the key, reversed when
  /// `descending`, through `filter`.
  func planner(sortColumn: String? = nil, descending: Bool = false, filter: SQLFilter? = nil)
    -> SQLKeysetPlanner<DatabaseValue>
  {
    SQLKeysetPlanner(
      dialect: .sqlite, table: name, key: keyColumns.map { SQLKeysetColumn($0) },
      sort: sortColumn.map { SQLKeysetColumn($0) }, descending: descending, filter: filter)
  }
}
