import DataBrowserCore
import Foundation
import GRDB
import Testing

/// Each bad input is one clear error, and the database is never written.
@Suite("Bad input")
struct BadInputTests {
  /// A path with nothing there.
  @Test("A missing file")
  func missing() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = fixture.path("nope.sqlite")
    #expect(throws: BrowserError.missingFile(path)) { try BrowserDatabase.open(path: path) }
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(BrowserError.missingFile(path).description == "no such file: \(path)")
  }

  /// A directory cannot be read as a database.
  @Test("A directory")
  func directory() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = fixture.directory.path
    #expect(throws: BrowserError.directory(path)) { try BrowserDatabase.open(path: path) }
  }

  /// A text file is not a database, and it is left as it was.
  @Test("A file that is not a database")
  func notADatabase() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = fixture.path("notes.txt")
    let text = String(repeating: "not a database\n", count: 100)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: BrowserError.notADatabase(path)) { try BrowserDatabase.open(path: path) }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    let empty = fixture.path("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    // An empty file is an empty database to SQLite: it opens, with no tables.
    #expect(try BrowserDatabase.open(path: empty).tables() == [])
    #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
  }

  /// A table that is not there names the tables that are.
  @Test("An unknown table")
  func unknownTable() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.standard(count: 3)
    let database = try BrowserDatabase.open(path: path)
    let error = BrowserError.unknownTable(
      "nope", path: path, available: ["items", "pairs", "plain"])
    #expect(throws: error) { try database.schema(of: "nope") }
    #expect(error.description == "no table named 'nope' in \(path) (tables: items, pairs, plain)")
  }

  /// A writer's exclusive lock keeps the browser out, and it says so.
  @Test("A locked database")
  func locked() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.standard(count: 3)
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true
    let writer = try DatabaseQueue(path: path, configuration: configuration)
    try writer.writeWithoutTransaction { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
    #expect(throws: BrowserError.locked(path)) {
      try BrowserDatabase.open(path: path, busyTimeout: 0.05)
    }
    try writer.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
    #expect(try BrowserDatabase.open(path: path).tables().count == 3)
  }

  /// The browser's connection is read-only: writing through it fails.
  @Test("The database is opened read-only")
  func readOnly() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 3))
    #expect(throws: DatabaseError.self) {
      try database.queue.writeWithoutTransaction { db in
        try db.execute(sql: "DELETE FROM items")
      }
    }
  }
}
