import TermElements

/// The data browser: a navigation stack of the list of tables, a table's records page by
/// page, and one record's columns.
///
/// Enter opens a table or a record; Esc goes back to where it was (← too on the list of
/// tables; on the records ← and → move between columns, and on a record between its columns,
/// ← on the first one going back); `?` lists the keys; q quits.
///
/// ```swift
/// let database = try BrowserDatabase.open(path: "shop.sqlite")
/// let browser = Browser(database: database, tables: try database.tables())
/// // In the app, which links TermElementsCurses:
/// // try await CursesApplication.run(browser.stack)
/// ```
@MainActor
public final class Browser {
  /// Which screen is on top.
  public enum Mode: Equatable, Sendable {
    /// The list of tables.
    case tables
    /// A table's records.
    case records
    /// One record.
    case detail
  }

  /// The screens.
  public let stack: NavigationStack

  /// Makes a browser showing the list of `tables`, or table `schema` when given.
  public init(
    database: BrowserDatabase, tables: [TableSummary]?, schema: TableSchema? = nil,
    pageSize: Int = 200
  ) {
    let pageSize = max(1, pageSize)
    if let schema {
      let rowCount = tables?.first { $0.name == schema.name }?.rowCount
      stack = NavigationStack(
        root: RecordsScreen(
          database: database, schema: schema, rowCount: rowCount, pageSize: pageSize))
    } else {
      stack = NavigationStack(
        root: TablesScreen(database: database, summaries: tables ?? [], pageSize: pageSize))
    }
  }

  /// Which screen is on top.
  public var mode: Mode {
    switch stack.top {
    case is TablesScreen: .tables
    case is RecordsScreen: .records
    default: .detail
    }
  }

  /// The records screen on top or under the record on top, if any.
  public var records: RecordsScreen? {
    stack.screens.last { $0 is RecordsScreen } as? RecordsScreen
  }
}
