import DataBrowserCore
import GRDB
import Testing

/// Keyset pagination in key order: no OFFSET, and pages that follow each other with nothing
/// missed or repeated.
@Suite("Keyset pagination")
struct KeysetQueryTests {
  /// A rowid table pages by its INTEGER PRIMARY KEY; a WITHOUT ROWID table by a row value; a
  /// table with only the hidden rowid by `rowid`. No page skips rows with OFFSET.
  @Test(
    "Pages are read after a key, never skipping with OFFSET",
    arguments: ["items", "pairs", "plain"])
  func keysetPlans(table: String) throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 500))
    let query = RecordQuery(schema: try database.schema(of: table), limit: 50)
    try database.queue.read { db in
      let first = try query.page(db, after: nil)
      let statements = try Self.statements(db) {
        _ = try query.page(db, after: first.last?.position)
      }
      #expect(!statements.isEmpty)
      // A page starts after a key: its statements skip nothing (OFFSET 0 at most).
      #expect(statements.allSatisfy { $0.firstMatch(of: /OFFSET [1-9]/) == nil }, "\(statements)")
    }
  }

  /// The SQL `body` runs.
  static func statements(_ db: Database, _ body: () throws -> Void) rethrows -> [String] {
    var seen: [String] = []
    db.trace { seen.append($0.expandedDescription) }
    defer { db.trace(options: [], nil) }
    try body()
    return seen
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
    let query = RecordQuery(schema: try database.schema(of: "items"), limit: 50)
    let (first, second) = try database.queue.read { db in
      let first = try query.page(db, after: nil)
      return (first, try query.page(db, after: first.last?.position))
    }
    let ids = { (records: [SQLRecord]) in records.map { $0.values[0] } }
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

  /// The page after the same record is the same page: a page dropped from the screen is read
  /// again, not skipped; after the last record, there is nothing.
  @Test("A page asked for twice is the same page")
  func sameRowsSamePage() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 100))
    let reader = RecordReader(
      queue: database.queue, query: RecordQuery(schema: try database.schema(of: "items"), limit: 30)
    )
    let first = try await reader.page(after: nil)
    let second = try await reader.page(after: first.last?.position)
    let again = try await reader.page(after: first.last?.position)
    #expect(second == again)
    #expect(second.first?.values.first == .integer(31))
    #expect(first.count == 30)
    let third = try await reader.page(after: second.last?.position)
    #expect(third.count == 30)
    let last = try await reader.page(after: third.last?.position)
    #expect(last.count == 10)
    #expect(try await reader.page(after: last.last?.position).isEmpty)
  }
}
