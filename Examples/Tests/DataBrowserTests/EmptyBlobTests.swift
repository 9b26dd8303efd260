import DataBrowserCore
import Foundation
import GRDB
import Testing

/// An empty BLOB and a NULL look different in the grid (issue 18, item 4).
@Suite("Empty values and missing ones")
struct EmptyBlobTests {
  @Test("An empty BLOB shows as <blob 0 B>, a NULL as NULL, an empty text as nothing")
  func emptyBlob() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.database { db in
      try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
      try db.execute(sql: "INSERT INTO t VALUES (1, zeroblob(0)), (2, NULL), (3, ''), (4, x'0102')")
    }
    let database = try BrowserDatabase.open(path: path)
    let query = RecordQuery(schema: try database.schema(of: "t"), limit: 10)
    let values = try database.queue.read { db in try query.page(db, after: nil).map { $0.values[1] }
    }
    #expect(
      values == [.blob(size: 0, prefix: []), .null, .text(""), .blob(size: 2, prefix: [1, 2])])
    #expect(values.map(\.cellText) == ["<blob 0 B>", "NULL", "", "<blob 2 B>"])
  }
}
