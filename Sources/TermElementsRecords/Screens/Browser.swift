import TermElements

/// A records browser: a navigation stack of the list of tables or sheets of a catalog, a
/// table's records page by page, and one record's columns.
///
/// Enter opens a table or a record; Esc goes back to where it was (← too on the list of
/// tables; on the records ← and → move between columns, and on a record between its columns,
/// ← on the first one going back); `?` lists the keys; q quits.
///
/// ```swift
/// let catalog = MemoryCatalog([people])
/// let browser = try await Browser.open(catalog)
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

  /// A browser showing `root`.
  init(root: TableModelController) {
    stack = NavigationStack(root: root)
  }

  /// Opens a browser on `catalog`: the list of its tables, or the records of table `name`
  /// when given, read before the browser shows.
  ///
  /// - Throws: what the catalog throws for its list or for the table, such as a table that
  ///   does not exist.
  public static func open(
    _ catalog: any RecordCatalog, table name: String? = nil, pageSize: Int = 200
  )
    async throws -> Browser
  {
    if let name {
      let source = try await catalog.source(named: name)
      return Browser(root: try await RecordsScreen.open(source, pageSize: pageSize))
    }
    let sheets = try await catalog.sheets()
    return Browser(
      root: TablesScreen(catalog: catalog, sheets: sheets, pageSize: max(1, pageSize)))
  }

  /// A browser showing the records of `source`, read before it shows.
  public static func open(_ source: any RecordSource, pageSize: Int = 200) async throws
    -> Browser
  {
    Browser(root: try await RecordsScreen.open(source, pageSize: pageSize))
  }

  /// Waits until the screen on top has nothing under way: no table being opened, no record
  /// being read, no column being summed up, no jump, search, sort or filter, and no page loading; a screen pushed
  /// meanwhile is waited for in turn. For tests and scripts.
  public func waitUntilIdle() async {
    while true {
      let top = stack.top
      if let tables = top as? TablesScreen { await tables.waitUntilIdle() }
      if let records = top as? RecordsScreen { await records.waitUntilIdle() }
      if let detail = top as? DetailScreen { await detail.waitUntilRead() }
      if let summary = top as? SummaryScreen { await summary.waitUntilSummed() }
      await top.waitForLoads()
      guard stack.top !== top else { return }
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
