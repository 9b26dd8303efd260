import DataBrowserCore
import Foundation
import GRDB
import Testing

/// Filters typed by the user: SQLite's message when one is wrong, one expression only, applied
/// by every query, and never a write to the file.
@Suite("Record filters")
struct RecordFilterTests {
  /// A filter outside the browser's grammar gives the browser's message, one SQLite cannot
  /// prepare SQLite's; a good one passes.
  @Test("A bad filter gives one line saying why")
  func messages() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let reader = RecordReader(
      queue: database.queue, query: RecordQuery(schema: try database.schema(of: "people"), limit: 5)
    )
    try await reader.validate(filter: "city = 'Paris' AND score > 1")
    try await reader.validate(filter: "  ")
    try await reader.validate(filter: "lower(CITY) LIKE 'p%' AND rowid BETWEEN 1 AND 9")
    let cases = [
      ("foo = 1", "there is no column “foo”"),
      ("city = ", "the filter is not finished: “city =”"),
      ("score >", "the filter is not finished: “score >”"),
      ("city = 'Paris' AND", "the filter is not finished: “city = 'Paris' AND”"),
      ("city = 'Paris", "a string is not closed"),
      ("nope(city)", "nope is not a function a filter can call"),
      ("id = ?", "a filter has no parameters such as ?, :name or $1"),
      ("id = :id", "a filter has no parameters such as ?, :name or $1"),
      ("count(*) > 1", "count is not a function a filter can call"),
      ("(id > 1", "a '(' is not closed"),
      ("id > 1)", "a ')' closes more than was opened"),
      ("id > 1 /* unfinished", "a filter has no comments"),
      ("id > 3 -- a comment at the end", "a filter has no comments"),
      ("\"id > 1", "a quoted name is not closed"),
      ("[id] > 1", "“[” at character 1 is not part of a filter"),
      ("EXISTS (SELECT 1 FROM pairs WHERE tag = people.city)", "a filter has no subqueries"),
      ("lower(city, 1) = 'x'", "wrong number of arguments to function lower()"),
    ]
    for (filter, message) in cases {
      await #expect(throws: FilterError(message: message), "\(filter)") {
        try await reader.validate(filter: filter)
      }
    }
  }

  /// The SQL written from a filter: names quoted and matched whatever their case, strings
  /// quoted again by the browser.
  @Test("A filter is written back as SQL")
  func written() throws {
    let columns = ["id", "name", "city"]
    #expect(
      try FilterExpression.sql("City = 'Oslo'", columns: ["id", "city"]) == #""city" = 'Oslo'"#)
    #expect(
      try FilterExpression.sql("ID % 3 = 0 or name LIKE 'it''s%'", columns: columns)
        == #"(("id" % 3) = 0) OR ("name" LIKE 'it''s%')"#)
    #expect(FilterExpression.normalized(" \n ") == nil)
    #expect(FilterExpression.normalized(" a = 1\n") == "a = 1")
  }

  /// Filters that try to leave their parentheses, run more statements, write files, load
  /// code or attach databases are refused, by every query too: the file is the same bytes,
  /// and no file appears beside it.
  @Test("Hostile filters do not write")
  func hostile() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.records()
    let before = try bytes(path)
    let database = try BrowserDatabase.open(path: path)
    let schema = try database.schema(of: "people")
    let elsewhere = fixture.path("elsewhere.sqlite")
    let filters = [
      "1); DROP TABLE people; --",
      "1) OR (SELECT writefile('\(fixture.path("w.txt"))', 'x')) OR (1",
      "writefile('\(fixture.path("w.txt"))', 'x') IS NOT NULL",
      "load_extension('\(fixture.path("nope"))') IS NULL",
      "1; ATTACH DATABASE '\(elsewhere)' AS elsewhere",
      "1) GROUP BY (1",
      "1 --\n); DELETE FROM people; --",
      "(SELECT count(*) FROM pragma_table_info('people')) > 0",
      "randomblob(4) IS NOT NULL",
    ]
    for filter in filters {
      let query = RecordQuery(schema: schema, filter: filter, limit: 5)
      let reader = RecordReader(queue: database.queue, query: query)
      await #expect(throws: FilterError.self, "\(filter)") {
        try await reader.validate(filter: filter)
      }
      await #expect(throws: FilterError.self) { try await reader.page(after: nil) }
      await #expect(throws: FilterError.self) { try await reader.count() }
    }
    // The connection itself refuses writes, even where a read-only file would allow them.
    try await database.queue.read { (db: Database) throws in
      #expect(try Bool.fetchOne(db, sql: "PRAGMA query_only") == true)
      #expect(throws: DatabaseError.self) { try db.execute(sql: "CREATE TEMP TABLE t (a)") }
      #expect(throws: DatabaseError.self) { try db.execute(sql: "DELETE FROM people") }
      #expect(throws: DatabaseError.self) {
        try db.execute(sql: "ATTACH DATABASE ? AS elsewhere", arguments: [elsewhere])
        try db.execute(sql: "CREATE TABLE elsewhere.t (a)")
      }
    }
    try database.queue.close()
    #expect(try bytes(path) == before)
    let files = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
    #expect(files == ["records.sqlite"])
  }

  /// Pages, jumps, counts, ranks and searches all keep to the filter.
  @Test("Every query applies the filter")
  func everywhere() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let schema = try database.schema(of: "people")
    let query = RecordQuery(
      schema: schema, order: SQLOrder(column: "score"), filter: "city = 'Oslo'", limit: 10)
    let reader = RecordReader(queue: database.queue, query: query)
    let oslo = try await database.queue.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM people WHERE city = 'Oslo'") ?? 0
    }
    #expect(try await reader.count() == oslo)
    let first = try await reader.page(after: nil)
    let last = try await reader.page(before: nil)
    #expect(first.count == 10 && last.count == 10)
    #expect((first + last).allSatisfy { $0.values[2] == .text("Oslo") })
    let end = try #require(try await reader.position(atOffset: oslo - 1))
    #expect(end == last.last?.position)
    #expect(try await reader.rank(of: end) == oslo - 1)
    #expect(try await reader.position(atOffset: oslo) == nil)
    // A record of another city has no position here.
    let paris = try await database.queue.read { db in
      try Int.fetchOne(db, sql: "SELECT id FROM people WHERE city = 'Paris'")
    }
    #expect(try await reader.position(ofKey: [paris.databaseValue]) == nil)
    #expect(try await reader.record(key: [paris.databaseValue]) == nil)
    // "ada" is in every city; the search finds only Oslo's.
    let found = try #require(try await reader.search("ada", from: nil))
    #expect(found.values[2] == .text("Oslo"))
    #expect(found.values[1].cellText.lowercased() == "ada")
  }
}
