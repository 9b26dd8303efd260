import ExamplesTestSupport
import Foundation
import GRDB
import Testing

/// End-to-end tests of `=` and `!` in `data-browser` on a small SQLite database in tmux: the
/// filter the title shows and the records it keeps, for a text with quotes, a NULL, a number
/// stored as 7 and as 7.0, and a BLOB, which the filter grammar has no literal for; the
/// database is unchanged.
@Suite("data-browser: = and ! on SQLite in tmux", .serialized)
struct DataBrowserSQLiteCellActionTerminalTests {
  /// Makes `people` in a new database at `path`: O'Brien "Jr." twice, a backslash, a line
  /// break, NULL and the text 'NULL' as cities, 7 as an integer and as a real, BLOBs.
  static func makeDatabase(at path: String) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, city TEXT, score, data BLOB);
          INSERT INTO people VALUES
            (1, 'O''Brien "Jr."', 'Oslo', 7, x'00FF'),
            (2, 'back\\slash', 'Lima', 7.0, x'01'),
            (3, 'line' || char(10) || 'break', NULL, 2.5, x'00FF'),
            (4, 'O''Brien "Jr."', NULL, NULL, NULL),
            (5, 'Ada', 'NULL', 7, x'');
          """)
    }
    try queue.close()
  }

  /// Presses `key` on the column `moves` Right from `id`, on the record at `down` Down from
  /// the first, and waits for the records `expected` under a title holding `condition`; then
  /// Esc and every record again.
  static func filter(
    _ key: String, right moves: Int, down: Int, keeps expected: [Int], title condition: String,
    _ tmux: TmuxSession
  ) async throws {
    try await tmux.send(
      Array(repeating: "Right", count: moves) + Array(repeating: "Down", count: down))
    try await tmux.send(key)
    let filtered = try await tmux.waitFor("the records \(expected)") { screen in
      DataBrowserExampleTests.ids(screen) == expected && screen.lines[0].contains("where")
    }
    #expect(filtered.lines[0].contains("where \(condition)"), "\(filtered)")
    try await tmux.send("Escape")
    try await tmux.waitFor("every record again") { screen in
      DataBrowserExampleTests.ids(screen) == [1, 2, 3, 4, 5] && !screen.lines[0].contains("where")
    }
    try await tmux.send(["Home"] + Array(repeating: "Left", count: moves))
  }

  @Test("= and ! keep the records equal, or not, to the value under the cursor")
  func filterByCell() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "sqlite-cell-actions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appending(path: "people.sqlite").path
    try Self.makeDatabase(at: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let executable = try ExampleProcess.executable("data-browser").path
    try await TmuxSession.with(width: 100, height: 14, needsListDemo: false) { tmux in
      try await tmux.run("'\(executable)' --db '\(path)' --table people")
      try await tmux.waitFor("the records") { DataBrowserExampleTests.ids($0) == [1, 2, 3, 4, 5] }
      try await Self.filter(
        "=", right: 1, down: 0, keeps: [1, 4], title: #""name" = 'O''Brien "Jr."'"#, tmux)
      try await Self.filter("=", right: 2, down: 2, keeps: [3, 4], title: #""city" IS NULL"#, tmux)
      // Not Oslo: the NULL cities are left out, the text 'NULL' is kept.
      try await Self.filter(
        "!", right: 2, down: 0, keeps: [2, 5], title: #""city" <> 'Oslo'"#, tmux)
      // 7 and 7.0 are one number.
      try await Self.filter("=", right: 3, down: 0, keeps: [1, 2, 5], title: #""score" = 7"#, tmux)
      try await Self.filter(
        "=", right: 4, down: 0, keeps: [1, 3],
        title: #"(typeof("data") = 'blob' AND hex("data") = '00FF')"#, tmux)
      try await tmux.send("q")
      try await tmux.waitForPrompt("after q") { !$0.contains("loaded") }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the database changed")
  }
}
