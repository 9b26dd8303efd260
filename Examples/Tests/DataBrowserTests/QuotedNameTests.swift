import DataBrowserCore
import Foundation
import GRDB
import Testing

/// Names that need quoting, with double quotes inside them, in every statement the browser
/// makes (issue 18, item 1).
@Suite("Tables and columns whose names hold double quotes")
struct QuotedNameTests {
  /// A database with `my "table"`, keyed by `i"d`, with a column `sel"ect`, and an index on it.
  func quotedDatabase(_ fixture: Fixture) throws -> String {
    try fixture.database { db in
      try db.execute(
        sql: #"CREATE TABLE "my ""table""" ("i""d" INTEGER PRIMARY KEY, "sel""ect" TEXT)"#)
      try db.execute(sql: #"CREATE INDEX "by ""sel""" ON "my ""table""" ("sel""ect")"#)
      for id in 1...12 {
        try db.execute(
          sql: #"INSERT INTO "my ""table""" VALUES (?, ?)"#, arguments: [id, "value \(id)"])
      }
    }
  }

  @Test("Such a table is listed, counted, paged both ways, sorted, filtered and read whole")
  func everyStatement() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: try quotedDatabase(fixture))
    #expect(try database.tables() == [TableSummary(name: #"my "table""#, rowCount: 12)])
    let schema = try database.schema(of: #"my "table""#)
    #expect(schema.columns == [#"i"d"#, #"sel"ect"#])
    for order in [SQLOrder.key, SQLOrder(column: #"sel"ect"#, descending: true)] {
      let query = RecordQuery(schema: schema, order: order, limit: 5)
      try database.queue.read { db in
        let first = try query.page(db, after: nil)
        #expect(first.count == 5)
        let last = try query.page(db, before: nil)
        #expect(last.count == 5)
        #expect(try query.count(db) == 12)
        #expect(try query.position(db, atOffset: 7) != nil)
        #expect(try query.sortsWithoutIndex(db) == false)
      }
    }
    let filtered = RecordQuery(schema: schema, filter: #""sel""ect" LIKE '%1%'"#, limit: 5)
    try database.queue.read { db in
      #expect(try filtered.count(db) == 4)
      let whole = try WholeRecord.fetch(db, schema: schema, key: [5.databaseValue])
      #expect(whole != nil)
    }
  }
}
