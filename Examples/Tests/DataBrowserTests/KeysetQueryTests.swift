import DataBrowserCore
import GRDB
import Testing

/// Keyset pagination: the SQL, and pages that follow each other with nothing missed or repeated.
@Suite("Keyset pagination")
struct KeysetQueryTests {
  /// A rowid table pages by its INTEGER PRIMARY KEY; a WITHOUT ROWID table by a row value.
  @Test("The SQL uses WHERE key > ? ORDER BY key LIMIT ?, never OFFSET")
  func sql() {
    let items = KeysetQuery(
      schema: TableSchema(name: "items", columns: ["id", "label"], key: .rowid(alias: "id")),
      limit: 200)
    #expect(items.sql(continuing: false) == #"SELECT * FROM "items" ORDER BY "id" LIMIT ?"#)
    #expect(
      items.sql(continuing: true)
        == #"SELECT * FROM "items" WHERE "id" > ? ORDER BY "id" LIMIT ?"#)
    let plain = KeysetQuery(
      schema: TableSchema(name: "plain", columns: ["rowid", "word"], key: .rowid(alias: nil)),
      limit: 5)
    #expect(
      plain.sql(continuing: true)
        == #"SELECT rowid, * FROM "plain" WHERE "rowid" > ? ORDER BY "rowid" LIMIT ?"#)
    let pairs = KeysetQuery(
      schema: TableSchema(name: "pairs", columns: ["a", "b", "v"], key: .primaryKey(["a", "b"])),
      limit: 50)
    #expect(
      pairs.sql(continuing: true)
        == #"SELECT * FROM "pairs" WHERE ("a", "b") > (?, ?) ORDER BY "a", "b" LIMIT ?"#)
    #expect(!pairs.sql(continuing: true).contains("OFFSET"))
  }

  /// The schemas read from the database pick the right key.
  @Test("Schemas: INTEGER PRIMARY KEY, hidden rowid, WITHOUT ROWID")
  func schemas() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 10))
    #expect(try database.schema(of: "items").key == .rowid(alias: "id"))
    #expect(try database.schema(of: "plain").columns == ["rowid", "word"])
    #expect(try database.schema(of: "plain").key == .rowid(alias: nil))
    #expect(try database.schema(of: "pairs").key == .primaryKey(["a", "b"]))
    #expect(try database.tables().map(\.rowCount) == [10, 300, 3])
  }

  /// Page 1 is the first rows; page 2 starts right after page 1's last key.
  @Test("Page 1, then page 2 continues after the last key")
  func firstAndSecondPage() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 1_000, gaps: true))
    let query = KeysetQuery(schema: try database.schema(of: "items"), limit: 50)
    let (first, second) = try database.queue.read { db in
      let first = try query.fetch(db, after: nil)
      return (first, try query.fetch(db, after: first.last?.key))
    }
    let ids = { (records: [PageRecord]) in records.map { $0.values[0] } }
    #expect(first.count == 50)
    #expect(ids(first).first == .integer(1))
    // Every third id is gone: 50 rows end at 74 and the next page starts at 76.
    #expect(ids(first).last == .integer(74))
    #expect(ids(second).first == .integer(76))
    #expect(second.count == 50)
  }

  /// Every row comes out once, in key order, across many pages, for each kind of key.
  @Test("Pages are contiguous, with no duplicates", arguments: ["items", "pairs", "plain"])
  func contiguity(table: String) async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 2_345, gaps: true))
    let schema = try database.schema(of: table)
    let expected = try await database.queue.read { db in
      try String.fetchAll(
        db,
        sql: "SELECT "
          + schema.keyColumns.map { "quote(\($0.quotedDatabaseIdentifier))" }.joined(
            separator: " || ',' || ")
          + " FROM \(table.quotedDatabaseIdentifier) ORDER BY "
          + schema.keyColumns.map(\.quotedDatabaseIdentifier).joined(separator: ", "))
    }
    let (records, pages) = try await allPages(database, schema, limit: 17)
    let keys = records.map { record in
      record.key.map { value -> String in
        switch value.storage {
        case .string(let text): "'\(text)'"
        default: "\(value)"
        }
      }.joined(separator: ",")
    }
    #expect(keys == expected)
    #expect(Set(keys).count == keys.count)
    #expect(pages == (expected.count + 16) / 17)
  }

  /// A cursor asked again for the page after the same rows fetches the same page: a page
  /// dropped while the detail view was open is fetched again, not skipped.
  @Test("A page asked for twice is the same page")
  func sameRowsSamePage() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 100))
    let cursor = PageCursor(
      queue: database.queue, query: KeysetQuery(schema: try database.schema(of: "items"), limit: 30)
    )
    let first = try #require(try await cursor.next(loaded: 0))
    let second = try #require(try await cursor.next(loaded: 30))
    let again = try #require(try await cursor.next(loaded: 30))
    #expect(second == again)
    #expect(second.first?.values.first == .integer(31))
    #expect(first.count == 30)
    #expect(try await cursor.next(loaded: 60)?.count == 30)
    let last = try #require(try await cursor.next(loaded: 90))
    #expect(last.count == 10)
    #expect(try await cursor.next(loaded: 100) == nil)
    await #expect(throws: PagingError.self) { try await cursor.next(loaded: 45) }
  }
}
