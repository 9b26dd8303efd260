import ExamplesTestSupport
import Foundation
import Testing

/// End-to-end tests of `data-browser`: bad input through a child process, and paging in tmux,
/// on a 5,000-row sample it makes in a temporary directory.
@Suite("data-browser", .serialized)
struct DataBrowserExampleTests {
  /// The `data-browser` executable, next to the test bundle or in the examples package's
  /// `.build/debug` (`Examples/.build/debug`).
  static func executable() throws -> URL {
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL {
      directories.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
    }
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    directories.append(packageRoot.appending(path: ".build/debug"))
    let candidates = directories.map { $0.appending(path: "data-browser") }
    for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
      return candidate
    }
    throw MissingExample(product: "data-browser", lookedIn: candidates)
  }

  /// A scratch directory holding a 5,000-person sample database, removed after `body`, which
  /// must leave the database byte for byte as it was.
  static func withSample<Result>(_ body: (URL, String) async throws -> Result) async throws
    -> Result
  {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "data-browser-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appending(path: "sample.sqlite").path
    let made = try await ExampleProcess.run(
      executable(), ["--make-sample", path, "--sample-rows", "5000"])
    #expect(made.status == 0, "\(made.standardError)")
    // Whatever the test does, the browser never changes the database.
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let result = try await body(directory, path)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the database changed")
    return result
  }

  /// Runs `body` with the browser showing `people` of the 5,000-person sample in tmux at
  /// 100x24, from its first page, then quits with `quit` and checks that the database file did
  /// not change.
  static func withPeople(
    quittingWith quit: String = "q", _ body: (TmuxSession) async throws -> Void
  ) async throws {
    try await DataBrowserExampleTests.withSample { _, path in
      let url = URL(fileURLWithPath: path)
      let before = try Data(contentsOf: url)
      try await TmuxSession.with(width: 100, height: 24, needsListDemo: false) { tmux in
        try await tmux.run(
          "'\(try DataBrowserExampleTests.executable().path)' --db '\(path)' --table people")
        try await tmux.waitFor("the first page") { screen in
          DataBrowserExampleTests.ids(screen).first == 1
            && screen.statusLine.contains("1/5,000")
        }
        try await body(tmux)
        try await tmux.send(quit)
        try await tmux.waitForPrompt("after \(quit)") { !$0.contains("loaded") }
      }
      #expect(try Data(contentsOf: url) == before, "the database changed")
    }
  }

  /// The ids in the first column of the screen's record lines.
  static func ids(_ screen: PaneCapture) -> [Int] {
    screen.lines.dropFirst().dropLast().compactMap { line in
      guard let cell = line.split(separator: "│").first else { return nil }
      return Int(cell.trimmingCharacters(in: .whitespaces))
    }
  }

  /// The rows loaded, from the status line's "· N loaded".
  static func loaded(_ screen: PaneCapture) -> Int? {
    guard let match = screen.statusLine.firstMatch(of: /· ([\d,]+) loaded/) else { return nil }
    return Int(match.1.replacing(",", with: ""))
  }

  /// Each bad input gives one line on stderr starting with `data-browser:`, status 1, and
  /// nothing on stdout (so the terminal is not touched).
  @Test("Bad input: missing file, directory, not a database, unknown table")
  func badInput() async throws {
    try await Self.withSample { directory, path in
      let text = directory.appending(path: "notes.txt")
      try "hello\n".write(to: text, atomically: true, encoding: .utf8)
      let cases: [([String], String)] = [
        (["--db", directory.appending(path: "missing.sqlite").path], "no such file"),
        (["--db", directory.path], "is a directory"),
        (["--db", text.path], "is not an SQLite database"),
        (["--db", path, "--table", "nope"], "no table named 'nope'"),
      ]
      for (arguments, message) in cases {
        let outcome = try await ExampleProcess.run(Self.executable(), arguments)
        #expect(outcome.status == 1, "\(arguments)")
        #expect(outcome.standardOutput.isEmpty)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(outcome.standardError)")
        #expect(lines.first?.hasPrefix("data-browser: ") == true, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
      }
      #expect(try String(contentsOf: text, encoding: .utf8) == "hello\n")
    }
  }

  /// A PostgreSQL server that is not there, or settings that are not settings, give one line
  /// on stderr, status 1 and nothing on stdout; the password never shows.
  @Test("Bad input: PostgreSQL URLs and variables that cannot connect")
  func badPostgresInput() async throws {
    let cases: [([String], [String: String], String)] = [
      (
        ["postgresql://ada:hunter2@/shop?host=/nonexistent"], [:],
        "data-browser: cannot connect to /nonexistent/.s.PGSQL.5432: no server socket there"
      ),
      (
        ["postgres://ada:hunter2@127.0.0.1:1/shop"], [:],
        "data-browser: cannot connect to 127.0.0.1:1: connection refused"
      ),
      (
        ["postgresql://ada:hunter2@localhost:port/shop"], [:],
        "data-browser: invalid integer value \"port\" for connection option \"port\""
      ),
      (
        ["--postgres"], ["PGHOST": "/nonexistent", "PGPORT": "6543", "PGPASSWORD": "hunter2"],
        "data-browser: cannot connect to /nonexistent/.s.PGSQL.6543: no server socket there"
      ),
      (
        ["postgresql://ada@/shop?sslmode=sometimes"], [:],
        "data-browser: invalid sslmode value: \"sometimes\""
      ),
    ]
    for (arguments, variables, message) in cases {
      var environment = ProcessInfo.processInfo.environment
      environment.merge(variables) { $1 }
      let outcome = try await ExampleProcess.run(
        Self.executable(), arguments, environment: environment)
      #expect(outcome.status == 1, "\(arguments)")
      #expect(outcome.standardOutput.isEmpty)
      #expect(outcome.standardError == message + "\n", "\(arguments)")
      #expect(!outcome.standardError.contains("hunter2"))
    }
  }

  /// Paging far down loads several pages; the ids on screen are contiguous; q quits and
  /// gives the terminal back.
  @Test("Scrolling loads pages; the ids on screen are contiguous")
  func pagesInTmux() async throws {
    try await Self.withSample { _, path in
      try await TmuxSession.with { tmux in
        try await tmux.run("'\(try Self.executable().path)' --db '\(path)' --table people")
        let start = try await tmux.waitFor("the first page") { Self.loaded($0) == 200 }
        #expect(start.lines[0].trimmingCharacters(in: .whitespaces) == "people", "\(start)")
        #expect(start.lines[1].contains("id") && start.lines[1].contains("name"), "\(start)")
        #expect(Self.ids(start).first == 1, "\(start)")
        // Hold PgDn: keys that reach the end of the rows loaded stop there until the next page
        // arrives, so press in bursts until the screen is past several 200-row pages.
        var paged = start
        for _ in 0..<100 where (Self.ids(paged).first ?? 0) <= 800 {
          try await tmux.send(Array(repeating: "NPage", count: 3))
          try await Task.sleep(for: .milliseconds(40))
          paged = try await tmux.capture()
        }
        paged = try await tmux.waitFor("pages loaded past row 800") { screen in
          (Self.loaded(screen) ?? 0) >= 1_000 && (Self.ids(screen).first ?? 0) > 800
        }
        let ids = Self.ids(paged)
        #expect(ids.count >= 20, "\(paged)")
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 + 1 == $1 }, "\(paged)")
        // G goes to the last record at once, reading only the pages around it.
        try await tmux.send("G")
        let end = try await tmux.waitFor("the last row") { screen in
          Self.ids(screen).last == 5_000 && screen.lines.last?.contains("5,000/5,000") == true
            && !screen.contains("loading")
        }
        #expect((Self.loaded(end) ?? 0) < 5_000, "\(end)")
        let endIDs = Self.ids(end)
        #expect(zip(endIDs, endIDs.dropFirst()).allSatisfy { $0 + 1 == $1 }, "\(end)")
        // Enter shows the record under a breadcrumb; Esc comes back to the same screen.
        try await tmux.send("Enter")
        let detail = try await tmux.waitFor("the detail view") { $0.contains("Esc goes back") }
        #expect(detail.lines[0].hasPrefix(" people › id 5000"), "\(detail)")
        try await tmux.send("Escape")
        try await tmux.waitFor("the records again") { Self.ids($0) == endIDs }
        try await tmux.send("q")
        try await tmux.waitForPrompt("after q") { !$0.contains("loaded") }
      }
    }
  }

  /// `?` lists the keys of the screen on a help screen of its own; Esc goes back to the
  /// same place.
  @Test("? shows the keys; Esc goes back")
  func helpScreen() async throws {
    try await Self.withSample { _, path in
      try await TmuxSession.with { tmux in
        try await tmux.run("'\(try Self.executable().path)' --db '\(path)'")
        // Every table listed and counted (no estimate left), so that Esc comes back to this.
        let tables = try await tmux.waitFor("the list of tables") { screen in
          screen.lines[0].contains("Tables") && screen.lines.contains { $0.contains("stock") }
            && !screen.lines.contains { $0.contains("~") }
        }
        try await tmux.send("?")
        let expected = [
          ("↓ j", "Move down"), ("Enter", "Choose the selected row"),
          ("Esc ←", "Back to the previous screen"), ("?", "Show these keys"), ("q Ctrl-C", "Quit"),
        ]
        // The whole help screen, not a capture taken while ncurses is still writing it.
        try await tmux.waitFor("the keys") { help in
          help.lines[0].contains("Tables › Keys")
            && expected.allSatisfy { keys, description in
              help.lines.contains { $0.contains(keys) && $0.contains(description) }
            }
        }
        try await tmux.send("Escape")
        try await tmux.waitFor("the list of tables again") { $0.lines == tables.lines }
        try await tmux.send("q")
        try await tmux.waitForPrompt("after q") { !$0.contains("Tables") }
      }
    }
  }
}
