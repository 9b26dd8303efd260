import DataBrowserCore
import GRDB
import TermElements
import TermElementsRecords
import Testing

// The examples of the doc comments of DataBrowserCore, compiled and checked here, word for word
// between a `// Doc:` line naming where they come from and `// END`; `DocExampleCoverageTests`,
// in TermElementsTests, keeps the two in step.

/// The `SQLiteRecordSource` example: the orders of `shop.sqlite`, in the current directory. It
/// is compiled, not run, since the tests have no such file; `browser()` below opens a fixture.
private func shopOrders() throws -> SQLiteRecordSource {
  // Doc: SQLiteRecordSource (SQLiteRecordSource.swift)
  let database = try BrowserDatabase.open(path: "shop.sqlite")
  let orders = try SQLiteRecordSource(database: database, table: "orders")
  // END
  return orders
}

@Suite("Doc comment examples")
struct DocExampleTests {
  @MainActor
  @Test("Browser: opened on a database, it lists the tables")
  func browser() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 10))
    let browser = try await Browser.open(SQLiteCatalog(database: database))
    #expect(browser.mode == .tables)
    let _: () throws -> SQLiteRecordSource = shopOrders
  }

  @Test("FilterExpression writes a filter's SQL from its parsed tree")
  func filterExpression() throws {
    // Doc: FilterExpression (FilterExpression.swift)
    let sql = try FilterExpression.sql("City = 'Oslo'", columns: ["id", "city"])
    // "\"city\" = 'Oslo'"
    // END
    #expect(sql == #""city" = 'Oslo'"#)
  }

  @Test("SQLiteRecordSource.condition: a BLOB by its class and its bytes")
  func blobCondition() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.database { db in
      try db.execute(sql: "CREATE TABLE files (id INTEGER PRIMARY KEY, data BLOB)")
    }
    let files = try SQLiteRecordSource(database: BrowserDatabase.open(path: path), table: "files")
    // Doc: SQLiteRecordSource.condition(column:equals:negated:) (SQLiteRecordSource+CellCondition.swift)
    let kept = try files.condition(column: 1, equals: .blob([0, 255]), negated: false)
    // (typeof("data") = 'blob' AND hex("data") = '00FF')
    // END
    #expect(kept == #"(typeof("data") = 'blob' AND hex("data") = '00FF')"#)
  }

  @Test("CellValue from a database value")
  func cellValue() {
    // Doc: CellValue.init(_:) (CellValue+Database.swift)
    let value = CellValue(42.databaseValue)  // .integer(42)
    // END
    #expect(value == .integer(42))
  }

  @Test("RecordQuery: the second page follows the first")
  func recordQuery() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 500))
    let schema = try database.schema(of: "items")
    let (first, second) = try database.queue.read { db in
      // Doc: RecordQuery (RecordQuery.swift)
      let query = RecordQuery(schema: schema, limit: 200)
      let first = try query.page(db, after: nil)
      let second = try query.page(db, after: first.last?.position)
      // END
      return (first, second)
    }
    #expect(first.map { $0.values[0] } == (1...200).map { CellValue.integer(Int64($0)) })
    #expect(second.map { $0.values[0] } == (201...400).map { CellValue.integer(Int64($0)) })
  }
}
