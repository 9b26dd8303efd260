import DataBrowserCore
import Foundation
import GRDB
import Testing

/// Filters typed by the user: SQLite's message when one is wrong, one expression only, applied
/// by every query, and never a write to the file.
@Suite("Record filters")
struct RecordFilterTests {
  /// A filter SQLite cannot prepare gives SQLite's message; a good one passes.
  @Test("A bad filter gives SQLite's message")
  func messages() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let reader = RecordReader(
      queue: database.queue, query: RecordQuery(schema: try database.schema(of: "people"), limit: 5)
    )
    try await reader.validate(filter: "city = 'Paris' AND score > 1")
    try await reader.validate(filter: "  ")
    try await reader.validate(filter: "EXISTS (SELECT 1 FROM pairs WHERE tag = people.city)")
    try await reader.validate(filter: "id > 3 -- a comment at the end")
    let cases = [
      ("foo = 1", "no such column: foo"),
      ("city = ", "the filter is not finished: “city =”"),
      ("balance >", "the filter is not finished: “balance >”"),
      ("city = 'Paris' AND", "the filter is not finished: “city = 'Paris' AND”"),
      ("city = 'Paris", "a string is not closed"),
      ("nope(city)", "no such function: nope"),
      ("id = ?", "a filter has no parameters such as ? or :name"),
      ("id = :id", "a filter has no parameters such as ? or :name"),
      ("count(*) > 1", "misuse of aggregate function count()"),
      ("(id > 1", "a '(' is not closed"),
      ("id > 1)", "a ')' closes more than was opened"),
      ("id > 1 /* unfinished", "a comment is not closed"),
      ("\"id > 1", "a quoted name is not closed"),
      ("[id > 1", "a quoted name is not closed"),
    ]
    for (filter, message) in cases {
      await #expect(throws: FilterError(message: message), "\(filter)") {
        try await reader.validate(filter: filter)
      }
    }
  }

  /// The structure check reads strings, quoted names and comments as SQLite does.
  @Test("One expression: parentheses, strings, names and comments")
  func structure() {
    #expect(FilterExpression.structureProblem("name = ')' AND note = '('") == nil)
    #expect(FilterExpression.structureProblem("\"a)\" = 1 AND [b(] = `c``)`") == nil)
    #expect(FilterExpression.structureProblem("x = 'it''s' -- ) ;\n AND (y)") == nil)
    #expect(FilterExpression.structureProblem("x /* ); */ = 1") == nil)
    #expect(FilterExpression.structureProblem("1) OR (1") == "a ')' closes more than was opened")
    #expect(
      FilterExpression.structureProblem("1; SELECT 2") == "a filter is one expression: no ';'")
    #expect(FilterExpression.normalized(" \n ") == nil)
    #expect(FilterExpression.normalized(" a = 1\n") == "a = 1")
  }

  /// Filters that try to leave their parentheses, run more statements, write files, load
  /// code or attach databases fail, or read and change nothing: the file is the same bytes,
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
      do {
        try await reader.validate(filter: filter)
        // It prepares: it reads, or SQLite refuses to run it (`load_extension`: not authorized).
        do {
          #expect(try await reader.page(after: nil).count == 5, "\(filter)")
        } catch let error as DatabaseError {
          #expect(error.message == "not authorized", "\(filter)")
        }
      } catch let error as FilterError {
        #expect(!error.message.isEmpty)
        // Every query refuses what is not one expression, validated or not.
        if FilterExpression.structureProblem(filter) != nil {
          await #expect(throws: FilterError.self) { try await reader.page(after: nil) }
          await #expect(throws: FilterError.self) { try await reader.count() }
        }
      }
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
