import DataBrowserCore
import Foundation
import GRDB
import TermElementsRecords

/// Scratch databases for the tests, each in its own temporary directory.
struct Fixture {
  /// The directory, removed by ``remove()``.
  let directory: URL

  /// Makes an empty directory.
  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appending(path: "data-browser-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// The path of file `name` in the directory.
  func path(_ name: String) -> String { directory.appending(path: name).path }

  /// A database at `name` made by `setup`; returns its path.
  func database(_ name: String = "test.sqlite", _ setup: (Database) throws -> Void) throws
    -> String
  {
    let path = path(name)
    let queue = try DatabaseQueue(path: path)
    try queue.write(setup)
    try queue.close()
    return path
  }

  /// A database with `items` (INTEGER PRIMARY KEY ids 1...count, every third one deleted when
  /// `gaps`) and `pairs`, a WITHOUT ROWID table keyed on (a, b).
  func standard(count: Int = 1_000, gaps: Bool = false) throws -> String {
    try database { db in
      try db.execute(
        sql: """
          CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT, price REAL, data BLOB);
          CREATE TABLE pairs (a TEXT NOT NULL, b INTEGER NOT NULL, v TEXT,
            PRIMARY KEY (a, b)) WITHOUT ROWID;
          CREATE TABLE plain (word TEXT);
          """)
      for id in 1...count {
        try db.execute(
          sql: "INSERT INTO items VALUES (?, ?, ?, ?)",
          arguments: [
            id, id % 10 == 0 ? nil : "item \(id)", Double(id) / 4,
            id % 7 == 0 ? Data(count: 1_300) : nil,
          ])
      }
      if gaps { try db.execute(sql: "DELETE FROM items WHERE id % 3 = 0") }
      for a in ["x", "y", "z"] {
        for b in 1...100 {
          try db.execute(sql: "INSERT INTO pairs VALUES (?, ?, ?)", arguments: [a, b, "\(a)\(b)"])
        }
      }
      for word in ["one", "two", "three"] {
        try db.execute(sql: "INSERT INTO plain VALUES (?)", arguments: [word])
      }
    }
  }

  /// Removes the directory.
  func remove() {
    try? FileManager.default.removeItem(at: directory)
  }
}

/// Every record of `schema` in key order, page by page, each after the last record of the one
/// before.
func allPages(_ database: BrowserDatabase, _ schema: TableSchema, limit: Int) async throws
  -> (records: [SQLRecord], pages: Int)
{
  let reader = RecordReader(queue: database.queue, query: RecordQuery(schema: schema, limit: limit))
  var records: [SQLRecord] = []
  var pages = 0
  while true {
    let page = try await reader.page(after: records.last?.position)
    guard !page.isEmpty else { break }
    records += page
    pages += 1
  }
  return (records, pages)
}

/// Waits until the screen on top of `browser` has nothing under way: no jump, search, sort or
/// filter, and no page loading.
@MainActor
func settle(_ browser: Browser) async {
  await browser.waitUntilIdle()
}
