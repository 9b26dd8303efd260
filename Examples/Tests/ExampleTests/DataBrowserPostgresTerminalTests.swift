import ExamplesTestSupport
import Foundation
import Testing

/// End-to-end tests of `data-browser` on PostgreSQL in tmux: `public.hostile` of
/// `Scripts/postgres-browse-fixture.sql` with 1,000,000 rows (composite key `(a, b)`, jsonb,
/// bytea, hostile text; see ``HostileDatabase``), on a throwaway server the test process starts
/// once and shares between the tests, which run in parallel, each with a tmux session of its
/// own. Each starts the browser at 80x24, drives it and quits with q; the server refuses every
/// write, and the quit test checks that the table and a sequence did not change.
@Suite("data-browser on PostgreSQL in tmux")
struct DataBrowserPostgresTerminalTests {
  /// Generous waits for what the server reads a million rows for (a search, a sort without an
  /// index), and for anything on a debug build on two shared cores beside the other tests.
  static let server: Duration = .seconds(60)

  /// The record lines of the first screen of `public.hostile`, records 1 to 21, or for records
  /// 8 and 9 (emoji, which the terminal draws on its own terms) the start of theirs.
  static let firstRecords = [
    #"       1 │ k1       │ {"n": 1, "tag": "beta", "… │ <blob 7 B>  │ tab     separ…"#,
    #"       2 │ k2       │ {"n": 2, "tag": "gamma",…  │ <blob 14 B> │ line one↵line…"#,
    #"       3 │ k3       │ {"n": 3, "tag": "delta",…  │ <blob 21 B> │ carriage↵retu…"#,
    #"       4 │ k4       │ {"n": 4, "tag": "epsilon"… │ <blob 34 B> │ ^[[31mred^[[0…"#,
    #"       5 │ k5       │ {"n": 5, "tag": "alpha",…  │ <blob 35 B> │ ^[[2J^[[Hclea…"#,
    #"       6 │ k6       │ {"n": 6, "tag": "beta", "… │ <blob 1 B>  │ 漢字 wide CJK…"#,
    #"       7 │ k7       │ {"n": 7, "tag": "gamma",…  │ <blob 8 B>  │ e\#u{301} cafe\#u{301} man\#u{303}ana…"#,
    #"       8 │ k8       │ {"n": 8, "tag": "delta",…  │ <blob 16 B> │ 😀 grin, 👍"#,
    #"       9 │ k9       │ {"n": 9, "tag": "epsilon"… │ <blob 22 B> │ 👨"#,
    #"      10 │ k10      │ {"n": 10, "tag": "alpha",… │ <blob 37 B> │ שלום עולם rig…"#,
    #"      11 │ k11      │ {"n": 11, "tag": "beta",…  │ <blob 36 B> │ bell^G backsp…"#,
    #"      12 │ k12      │ {"n": 12, "tag": "gamma",… │ <blob 2 B>  │"#,
    #"      13 │ k13      │ {"n": 13, "tag": "delta",… │ <blob 9 B>  │    leading an…"#,
    #"      14 │ k14      │ {"n": 14, "tag": "epsilon… │ <blob 17 B> │ quotes ' " `…"#,
    #"      15 │ k15      │ {"n": 15, "tag": "alpha",… │ <blob 23 B> │ note 15"#,
    #"      16 │ k16      │ {"n": 16, "tag": "beta",…  │ <blob 38 B> │ note 16"#,
    #"      17 │ k17      │ {"n": 17, "tag": "gamma",… │ <blob 37 B> │ note 17"#,
    #"      18 │ k18      │ {"n": 18, "tag": "delta",… │ <blob 3 B>  │ note 18"#,
    #"      19 │ k19      │ {"n": 19, "tag": "epsilon… │ <blob 10 B> │ note 19"#,
    #"      20 │ k20      │ {"n": 20, "tag": "alpha",… │ <blob 18 B> │ NULL"#,
    #"      21 │ k21      │ {"n": 21, "tag": "beta",…  │ <blob 24 B> │ tab     separ…"#,
  ]

  /// The header of `public.hostile` as it opens: the key columns `a` and `b`, then `data`,
  /// `raw` and the start of `note`, with › for what is cut off on the right.
  static let header =
    " a       │ b        │ data                       │ raw         │ note         ›"

  /// Whether `screen` shows the records of ``firstRecords`` under the title line `title`, the
  /// header, and the first record selected of 1,000,000 counted.
  static func showsFirstRecords(_ screen: PaneCapture, title: String) -> Bool {
    guard screen.lines.count == 24, screen.lines[0] == title, screen.lines[1] == header else {
      return false
    }
    let records = Array(screen.lines[2..<23])
    return zip(records, firstRecords).allSatisfy { shown, expected in
      expected.hasSuffix("👍") || expected.hasSuffix("👨")
        ? shown.hasPrefix(expected) : shown == expected
    } && number(screen) == 1
  }

  /// Runs `body` with the browser showing `public.hostile` of `database` (on the suite's server
  /// unless `given`) at 80x24 from its first record of `total`, opened with
  /// `--table public.hostile` (or on the list of tables, with `table` nil), under
  /// `run-demo.sh`; unless `body` quit it, quits with q and waits for the exit report.
  static func withBrowser(
    _ database: String = HostileDatabase.name, on given: PostgresServer? = nil,
    table: String? = "public.hostile", total: String = "1,000,000",
    _ body: (TmuxSession) async throws -> Void
  ) async throws {
    let server: PostgresServer
    if let given { server = given } else { server = try await HostileDatabase.shared.server() }
    let executable = try ExampleProcess.executable("data-browser").path
    let arguments = table.map { " --table '\($0)'" } ?? ""
    let command = "'\(executable)' '\(server.url(database: database))'\(arguments)"
    try await TmuxSession.with(width: 80, height: 24, needsListDemo: false) { tmux in
      try await tmux.run(#"bash "$TE_DIR/run-demo.sh" "\#(command)""#)
      if let table {
        try await tmux.waitFor("the first records of \(table)", timeout: Self.server) {
          screen in
          Self.keys(screen).prefix(3) == [1, 2, 3] && Self.number(screen, of: total) == 1
        }
      } else {
        try await tmux.waitFor("the list of tables", timeout: Self.server) {
          $0.lines.first == " Tables" && $0.statusLine.hasSuffix("1/3")
        }
      }
      try await body(tmux)
      if try await !tmux.capture(joiningWrappedLines: true).contains("EXIT=") {
        try await tmux.send("q")
        try await tmux.waitFor("the browser to exit", joiningWrappedLines: true) {
          $0.contains("EXIT=0 ")
        }
      }
    }
  }

  /// The selected record's number, once the position at the right of the status line shows it
  /// of `total` counted: 900,000 in `900,000/1,000,000`.
  static func number(_ screen: PaneCapture, of total: String = "1,000,000") -> Int? {
    guard let position = DataBrowserCSVTerminalTests.position(screen), position.total == total
    else { return nil }
    return Int(position.number.replacing(",", with: ""))
  }

  /// The keys `a` of the record lines on screen, top to bottom: the lines under the header that
  /// start with a number.
  static func keys(_ screen: PaneCapture) -> [Int] {
    screen.lines.dropFirst(2).dropLast().compactMap(key)
  }

  /// The key `a` a record line starts with: the number after the spaces, followed by a space.
  static func key(_ line: String) -> Int? {
    let rest = line.drop { $0 == " " }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    // A space that a stray zero-width joiner was put into (see ``misdrawn(_:)``) is a space
    // too, so that a line misdrawn that way still tells its key.
    guard rest.dropFirst(digits.count).first?.unicodeScalars.first == " " else { return nil }
    return Int(digits)
  }

  /// The record lines of `screen` that do not start with their key columns as drawn, `a`
  /// right-aligned in 8 columns and `b` (`k` and `a`) left-aligned in 8.
  ///
  /// The ncurses front end once cut an emoji sequence joined by zero-width joiners, such as
  /// the family 👨‍👩‍👧 of the rows with `a % 20 = 9`, after its first joiner, which it sent to
  /// the terminal alone; tmux 3.3a joined the next character other than ASCII it was sent,
  /// where ncurses had moved the cursor since, to the cell before it, shifting what followed
  /// on that line. A cell now holds the first emoji alone.
  static func misdrawn(_ screen: PaneCapture) -> [String] {
    screen.lines.dropFirst(2).dropLast().filter { line in
      guard let key = key(line) else { return false }
      let a = String(key)
      let b = "k" + a
      let expected =
        String(repeating: " ", count: max(0, 8 - a.count)) + a + " │ " + b
        + String(repeating: " ", count: max(0, 8 - b.count)) + " │ "
      return !line.hasPrefix(expected)
    }
  }

  /// The line showing the record whose key `a` is `key`.
  static func line(ofRecord key: Int, in screen: PaneCapture) -> String? {
    screen.lines.dropFirst(2).dropLast().first { Self.key($0) == key }
  }

  /// The list of tables shows `public.hostile` with the catalogue's estimate of its rows; Enter
  /// opens it on record 1 at once, under the title, every hostile text made visible: escape
  /// sequences and a bell shown as `^[` and `^G` (not obeyed: the pane's title is not set), a
  /// line break, CR and tab visible or expanded, wide and combining characters aligned.
  @Test("First screen: the table list's estimate, then record 1 at once, hostile text not obeyed")
  func firstScreen() async throws {
    try await Self.withBrowser(table: nil) { tmux in
      let tables = try await tmux.waitFor("the tables with their estimates") { screen in
        Array(screen.lines.prefix(6)) == [
          " Tables",
          " table          │ rows",
          " public.empty   │         ~0",
          " public.hostile │ ~1,000,000",
          " public.one_row │         ~1",
          "",
        ]
      }
      #expect(tables.statusLine.hasPrefix(" 3 tables — Enter opens"), "\(tables)")
      try await tmux.send("Down", "Enter")
      let screen = try await tmux.waitFor("record 1 on, of 1,000,000", timeout: Self.server) {
        Self.showsFirstRecords($0, title: " Tables › public.hostile")
      }
      #expect(screen.statusLine.hasPrefix(" public.hostile · 200 loaded "), "\(screen)")
      #expect(!DataBrowserCSVTerminalTests.showsRawControls(screen), "\(screen)")
      let title = try await tmux.tmux("display-message", "-p", "-t", "demo", "#{pane_title}")
      #expect(!title.contains("window title"), "the pane's title was set from a value: \(title)")
    }
  }

  /// → moves the column cursor from `a` to `note`, scrolling `data` out (‹) while the key
  /// columns stay; ← moves it back, scrolling `data` in again.
  @Test("→ moves the column cursor and scrolls the columns; ← scrolls back")
  func columns() async throws {
    try await Self.withBrowser { tmux in
      let start = try await tmux.waitFor("the first screen") {
        Self.showsFirstRecords($0, title: " public.hostile")
      }
      try await tmux.send("Right", "Right", "Right", "Right")
      let scrolled = try await tmux.waitFor("note whole, data scrolled out") { screen in
        screen.lines[1] == " a       │ b        ‹ raw         │ note"
          && Self.line(ofRecord: 1, in: screen)
            == "       1 │ k1       │ <blob 7 B>  │ tab     separated…"
      }
      #expect(Self.keys(scrolled) == Array(1...21), "\(scrolled)")
      #expect(
        Self.line(ofRecord: 4, in: scrolled)
          == "       4 │ k4       │ <blob 34 B> │ ^[[31mred^[[0m and ^[[1;4…", "\(scrolled)")
      #expect(
        Self.line(ofRecord: 13, in: scrolled)
          == "      13 │ k13      │ <blob 9 B>  │    leading and trailing s…", "\(scrolled)")
      #expect(Self.number(scrolled) == 1, "\(scrolled)")
      try await tmux.send("Left", "Left", "Left")
      let back = try await tmux.waitFor("data shown again") { $0.lines[1] == Self.header }
      #expect(Self.line(ofRecord: 1, in: back) == start.lines[2], "\(back)")
    }
  }

  /// End reads the last page by the key, descending: record 1,000,000 last, the position
  /// exact; ↑ selects the one before it.
  @Test("End shows the last record, 1,000,000/1,000,000")
  func end() async throws {
    try await Self.withBrowser { tmux in
      try await tmux.send("End")
      let end = try await tmux.waitFor("the last records", timeout: Self.server) { screen in
        Self.keys(screen) == Array(999_980...1_000_000) && Self.number(screen) == 1_000_000
      }
      #expect(end.statusLine.hasSuffix(" 1,000,000/1,000,000"), "\(end)")
      #expect(Self.misdrawn(end).isEmpty, "\(end)")
      #expect(
        Self.line(ofRecord: 1_000_000, in: end)
          == #" 1000000 │ k1000000 │ {"n": 1000000, "tag": "al… │ NULL        │ xxxxxxxxxxxxx…"#,
        "\(end)")
      try await tmux.send("Up")
      try await tmux.waitFor("record 999,999") { Self.number($0) == 999_999 }
    }
  }

  /// `:900000` goes to record 900,000, at the top, selected; ↑ reads the record before it.
  @Test(":900000 shows record 900,000 selected")
  func jump() async throws {
    try await Self.withBrowser { tmux in
      try await tmux.send(":")
      try await tmux.waitFor("the prompt") { $0.statusLine.hasPrefix(" :█") }
      try await tmux.type("900000")
      try await tmux.send("Enter")
      let jumped = try await tmux.waitFor("record 900,000", timeout: Self.server) { screen in
        Self.number(screen) == 900_000 && Self.keys(screen) == Array(900_000...900_020)
      }
      #expect(
        Self.line(ofRecord: 900_000, in: jumped)
          == #"  900000 │ k900000  │ {"n": 900000, "tag": "alp… │ NULL        │ xxxxxxxxxxxxx…"#,
        "\(jumped)")
      try await tmux.send("Up")
      try await tmux.waitFor("record 899,999, read before it", timeout: Self.server) { screen in
        Self.number(screen) == 899_999 && Self.keys(screen).first == 899_999
      }
    }
  }

  /// `/zanzibar` from record 1 searches the table on the server, a chunk at a time, to the
  /// first match, 999,000; n finds the next, 999,500, and the last, 999,990, and then says
  /// there is no other; N goes back.
  @Test("/ finds a text near the end; n and N move between its matches")
  func search() async throws {
    try await Self.withBrowser { tmux in
      try await tmux.send("/")
      try await tmux.type("zanzibar")
      try await tmux.send("Enter")
      // At the top, the match's column scrolled into view.
      try await tmux.waitFor("the first match", timeout: Self.server) { screen in
        Self.number(screen) == 999_000 && !screen.statusLine.contains("searching")
          && screen.lines[2] == "  999000 │ k999000  │ NULL        │ zanzibar row 999000"
      }
      try await tmux.send("n")
      try await tmux.waitFor("the next match", timeout: Self.server) { screen in
        Self.number(screen) == 999_500 && !screen.statusLine.contains("searching")
      }
      try await tmux.send("n")
      try await tmux.waitFor("the last match", timeout: Self.server) { screen in
        Self.number(screen) == 999_990 && !screen.statusLine.contains("searching")
      }
      try await tmux.send("n")
      try await tmux.waitFor("no match after it", timeout: Self.server) { screen in
        screen.statusLine.contains("“zanzibar” not found after this record")
          && Self.number(screen) == 999_990
      }
      try await tmux.send("N")
      try await tmux.waitFor("back to the match before", timeout: Self.server) { screen in
        Self.number(screen) == 999_500 && !screen.statusLine.contains("searching")
      }
    }
  }

  /// Esc in the middle of a search for a text that is nowhere stops it, and stops its query on
  /// the server: within about a second no connection of the browser is active. The browser
  /// has a database of its own (a copy of the suite's), so that no other test's browser counts.
  @Test("Esc stops a search, on the server too")
  func escapeStopsSearch() async throws {
    let server = try await HostileDatabase.shared.server()
    try await Self.withBrowser(HostileDatabase.quietName, on: server) { tmux in
      try await tmux.send("/")
      try await tmux.type("nosuchtextanywhere")
      try await tmux.send("Enter")
      try await tmux.waitFor("the search under way") {
        $0.statusLine.contains("searching for “nosuchtextanywhere”…")
      }
      try await Self.waitForActiveQueries(on: server, atLeast: 1)
      try await tmux.send("Escape")
      let clock = ContinuousClock()
      let pressed = clock.now
      let stopped = try await tmux.waitFor("the search stopped") { screen in
        screen.statusLine.hasPrefix(" Cancelled ") && Self.number(screen) == 1
      }
      #expect(Self.keys(stopped).prefix(3) == [1, 2, 3], "\(stopped)")
      try await Self.waitForActiveQueries(on: server, atMost: 0)
      let elapsed = clock.now - pressed
      // Each look at pg_stat_activity starts psql, which a busy machine makes slow: the bound
      // is loose (`make bench` measures the time), and what follows shows the search is over
      // rather than between two statements: none of ours runs again.
      #expect(elapsed < .seconds(5), "the server still ran the search after \(elapsed)")
      try await Self.expectNoActiveQueries(on: server, for: .seconds(1))
    }
  }

  /// Waits until the connections of `data-browser` active in the quiet database number at
  /// least `atLeast`, or at most `atMost`, asking the server every 50 ms.
  static func waitForActiveQueries(
    on server: PostgresServer, atLeast: Int = 0, atMost: Int = .max,
    timeout: Duration = .seconds(10)
  ) async throws {
    let sql = """
      SELECT count(*) FROM pg_stat_activity
      WHERE application_name = 'data-browser' AND state = 'active'
        AND datname = '\(HostileDatabase.quietName)'
      """
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var active = -1
    while true {
      active =
        Int(try await server.psql("postgres", sql).trimmingCharacters(in: .whitespacesAndNewlines))
        ?? -1
      if active >= atLeast && active <= atMost { return }
      guard clock.now < deadline else { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("\(active) active connections of data-browser after \(timeout)")
  }

  /// Asks the server every 50 ms for `duration` whether a connection of `data-browser` is
  /// active in the quiet database, and records an issue when one is.
  static func expectNoActiveQueries(on server: PostgresServer, for duration: Duration)
    async throws
  {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: duration)
    var looks = 0
    while clock.now < end || looks < 3 {
      try await waitForActiveQueries(on: server, atMost: 0, timeout: .zero)
      looks += 1
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// `s` sorts by the column under the cursor, `b` (text: k1, k10, k100, …), with ▲ in the
  /// header and the status line; again, the other way.
  @Test("s sorts by the column under the cursor, then descending")
  func sort() async throws {
    try await Self.withBrowser { tmux in
      try await tmux.send("Right")
      try await tmux.send("s")
      let byText = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000] + Array(100_001...100_009)
      let ascending = try await tmux.waitFor("sorted by b, ascending", timeout: Self.server) {
        screen in
        screen.lines[1].hasPrefix(" a       │ b ▲      │ data ")
          && screen.statusLine.contains("by b ▲") && Self.number(screen) == 1
          && Self.keys(screen) == byText + [10_001] + Array(100_010...100_013)
      }
      #expect(
        Self.line(ofRecord: 1_000_000, in: ascending)
          == #" 1000000 │ k1000000 │ {"n": 1000000, "tag": "al… │ NULL        │ xxxxxxxxxxxxx…"#,
        "\(ascending)")
      try await tmux.send("s")
      try await tmux.waitFor("sorted by b, descending", timeout: Self.server) { screen in
        screen.lines[1].hasPrefix(" a       │ b ▼      │ data ")
          && screen.statusLine.contains("by b ▼") && Self.number(screen) == 1
          && Self.keys(screen)
            == Array((999_990...999_999).reversed()) + [99_999]
            + Array((999_980...999_989).reversed())
      }
    }
  }

  /// `f` filters with a SQL expression: a good one shows its 10 records; one outside the
  /// browser's grammar (a missing column, one that would end the expression, a function that
  /// would write) is refused before the server sees it, and the sequence is as it was; one the
  /// server rejects shows its message. Esc clears the filter.
  @Test("f filters; bad, hostile and writing filters are refused")
  func filter() async throws {
    try await Self.withBrowser { tmux in
      try await tmux.send("f")
      try await tmux.waitFor("the filter's prompt") {
        $0.statusLine.hasPrefix(" filter (SQL WHERE; Ctrl-U clears the line): █")
      }
      try await tmux.type("a > 999990")
      try await tmux.send("Enter")
      let filtered = try await tmux.waitFor("ten records", timeout: Self.server) { screen in
        screen.lines[0] == " public.hostile where a > 999990"
          && Self.number(screen, of: "10") == 1 && Self.keys(screen).count == 10
      }
      #expect(Self.keys(filtered) == Array(999_991...1_000_000), "\(filtered)")
      #expect(filtered.statusLine.hasPrefix(" public.hostile · 10 loaded "), "\(filtered)")

      let refusals = [
        ("nosuchcolumn = 1", " ⚠ there is no column “nosuchcolumn”"),
        ("lo_create(0) > 0", " ⚠ lo_create is not a function a filter can call"),
        ("1=1) OR (1=1", " ⚠ a ')' closes more than was opened"),
        ("a = 1; DELETE FROM hostile", " ⚠ a filter is one expression: no ';'"),
        ("nextval('hostile_seq') > 0", " ⚠ nextval is not a function a filter can call"),
        ("a::text = 1", #" ⚠ operator does not exist: text = integer"#),
      ]
      for (filter, message) in refusals {
        try await tmux.send("f")
        try await tmux.send("C-u")
        try await tmux.type(filter)
        try await tmux.send("Enter")
        let refused = try await tmux.waitFor("“\(filter)” refused", timeout: Self.server) {
          $0.statusLine.hasPrefix(message + " ")
        }
        // The records of the filter before stay.
        #expect(refused.lines[0] == " public.hostile where a > 999990", "\(refused)")
        #expect(Self.number(refused, of: "10") == 1, "\(refused)")
      }
      let sequence = try await HostileDatabase.shared.server().psql(
        HostileDatabase.name, HostileDatabase.sequenceSQL)
      #expect(sequence == "1|f\n", "hostile_seq moved")

      try await tmux.send("Escape")
      try await tmux.waitFor("every record again", timeout: Self.server) { screen in
        screen.lines[0] == " public.hostile" && Self.number(screen) == 1
      }
    }
  }

  /// `?` lists the keys of the records screen, with the filter's language; Esc goes back to
  /// the records as they were.
  @Test("? shows the keys; Esc closes them")
  func help() async throws {
    try await Self.withBrowser { tmux in
      let start = try await tmux.waitFor("the first screen") {
        Self.showsFirstRecords($0, title: " public.hostile")
      }
      try await tmux.send("?")
      let help = try await tmux.waitFor("the keys") { screen in
        screen.lines[0] == " public.hostile › Keys"
          && screen.statusLine.hasPrefix(" Esc or ← goes back")
      }
      for expected in [
        " End G              Go to the last record",
        " :                  Go to record number N (:N)",
        " /                  Search the text columns",
        " n                  Next match",
        " N                  Previous match",
        " s                  Sort by the column under the cursor; again for the other",
        " f                  Filter with SQL WHERE (Esc clears it)",
        " r                  Retry what failed: pages, or the last search or jump",
        " q Ctrl-C           Quit",
      ] {
        #expect(help.lines.contains(expected), "\(expected)\n\(help)")
      }
      try await tmux.send("Escape")
      try await tmux.waitFor("the records again") { screen in
        Self.showsFirstRecords(screen, title: " public.hostile")
          && screen.statusLine == start.statusLine
      }
    }
  }

  /// Enter shows a record whole: the jsonb pretty-printed, a bytea that is UTF-8 as text and
  /// one that is not as a hex dump, line breaks as line breaks and escape sequences as text;
  /// Esc goes back to the same record.
  @Test("Enter opens a record's detail; Esc goes back")
  func detail() async throws {
    try await Self.withBrowser { tmux in
      try await tmux.send("Down")
      try await tmux.waitFor("record 2 selected") { Self.number($0) == 2 }
      try await tmux.send("Enter")
      try await tmux.waitFor("record 2, whole", timeout: Self.server) { screen in
        Array(screen.lines.prefix(16)) == [
          " public.hostile › a, b 2, k2",
          " a     2",
          " b     k2",
          " data  {",
          #"         "n": 2,"#,
          #"         "tag": "gamma","#,
          #"         "even": true,"#,
          #"         "nested": {"#,
          #"           "h": 51230"#,
          "         }",
          "       }",
          " raw   <blob 14 B, UTF-8 text>",
          "       plain UTF-8: h",
          " note  line one",
          "       line two",
          "       line three",
        ] && screen.statusLine.hasPrefix(" public.hostile · record — Esc goes back")
      }
      try await tmux.send("Escape")
      try await tmux.waitFor("the records again, record 2 selected") { screen in
        screen.lines[0] == " public.hostile" && Self.number(screen) == 2
          && Self.keys(screen) == Array(1...21)
      }
      try await tmux.send("Down", "Down", "Down")
      try await tmux.waitFor("record 5 selected") { Self.number($0) == 5 }
      try await tmux.send("Enter")
      let detail = try await tmux.waitFor("record 5, whole", timeout: Self.server) { screen in
        Array(screen.lines.prefix(16)) == [
          " public.hostile › a, b 5, k5",
          " a     5",
          " b     k5",
          " data  {",
          #"         "n": 5,"#,
          #"         "tag": "alpha","#,
          #"         "even": false,"#,
          #"         "nested": {"#,
          #"           "h": 58586"#,
          "         }",
          "       }",
          " raw   <blob 35 B>",
          " 00000000  e4 da 3b 7f bb ce 23 45  d7 77 2b 06 74 a3 18 d5  |..;...#E.w+.t...|",
          " 00000010  4e 44 f1 ac 85 cd 60 e3  ca a5 6b fd 4a fb 67 5e  |ND....`...k.J.g^|",
          " 00000020  e4 da 3b                                          |..;|",
          " note  ^[[2J^[[Hcleared? ^[]0;window title^G^[[?1049h other screen",
        ]
      }
      #expect(!DataBrowserCSVTerminalTests.showsRawControls(detail), "\(detail)")
      let title = try await tmux.tmux("display-message", "-p", "-t", "demo", "#{pane_title}")
      #expect(!title.contains("window title"), "the pane's title was set from a value: \(title)")
      try await tmux.send("Escape")
      try await tmux.waitFor("the records again, record 5 selected") { screen in
        screen.lines[0] == " public.hostile" && Self.number(screen) == 5
          && Self.keys(screen) == Array(1...21)
      }
    }
  }

  /// After browsing that reads far and tries to write (End, :N, a filter that calls `setval`, a
  /// search), q quits: the terminal is given back as it was, and the table and the sequence
  /// are as they were before.
  /// A wrong password, a missing database or a missing table: one line on stderr, status 1,
  /// nothing on stdout, before the terminal is touched; the password never shows.
  @Test("Bad password, missing database, missing table: one line and status 1")
  func failuresBeforeTheScreen() async throws {
    let server = try await HostileDatabase.shared.server()
    let directory = server.directory
    let socket = "\(directory)/.s.PGSQL.5432"
    let cases: [([String], String)] = [
      (
        ["postgresql://browser:not-the-password@/\(HostileDatabase.name)?host=\(directory)"],
        "data-browser: cannot connect to \(socket): password authentication failed for user "
          + "\"browser\""
      ),
      (
        ["postgresql://postgres@/no_such_database?host=\(directory)"],
        "data-browser: cannot connect to \(socket): database \"no_such_database\" does not exist"
      ),
      (
        [server.url(database: HostileDatabase.name), "--table", "public.nope"],
        "data-browser: no table or view \"public.nope\" that this user can read"
      ),
    ]
    for (arguments, message) in cases {
      let outcome = try await ExampleProcess.run(
        ExampleProcess.executable("data-browser"), arguments)
      #expect(outcome.status == 1, "\(arguments)")
      #expect(outcome.standardOutput.isEmpty, "\(arguments)")
      #expect(outcome.standardError == message + "\n", "\(arguments)")
      #expect(!outcome.standardError.contains("not-the-password"))
    }
  }

  @Test("q quits and gives the terminal back; the table is unchanged")
  func quit() async throws {
    let loaded = try await HostileDatabase.shared.checksum()
    try await Self.withBrowser { tmux in
      try await tmux.send("End")
      try await tmux.waitFor("the last record", timeout: Self.server) {
        Self.number($0) == 1_000_000
      }
      try await tmux.send(":")
      try await tmux.type("500000")
      try await tmux.send("Enter")
      try await tmux.waitFor("record 500,000", timeout: Self.server) { Self.number($0) == 500_000 }
      try await tmux.send("f")
      try await tmux.type("pg_catalog.setval('hostile_seq', 42) > 0")
      try await tmux.send("Enter")
      try await tmux.waitFor("setval refused", timeout: Self.server) {
        $0.statusLine.hasPrefix(" ⚠ pg_catalog.setval is not a function a filter can call")
      }
      try await tmux.send("/")
      try await tmux.type("zanzibar")
      try await tmux.send("Enter")
      try await tmux.waitFor("the first match after record 500,000", timeout: Self.server) {
        Self.number($0) == 999_000
      }
      try await tmux.send("q")
      try await tmux.expectGivenBack(exitStatus: 0, leftBehind: ["public.hostile ·", "│"])
      try await tmux.waitForPrompt("after the report")
    }
    let server = try await HostileDatabase.shared.server()
    #expect(
      try await server.psql(HostileDatabase.name, HostileDatabase.checksumSQL) == loaded,
      "public.hostile changed")
    #expect(
      try await server.psql(HostileDatabase.name, HostileDatabase.sequenceSQL) == "1|f\n",
      "hostile_seq moved")
  }

  /// The server restarts under the browser, on a server of the test's own with 10,000 rows:
  /// idle, the next pages come all the same (the connection is opened again); in the middle of
  /// a read (a filter that sleeps), the status line says the server closed the connection, and
  /// browsing carries on; while it is down, the rows that need a page end in an error row, and
  /// r, once it is up, loads them and browsing carries on from the same record.
  @Test("A server restart: the browser reconnects and carries on from the same record")
  func restart() async throws {
    let server = try await PostgresServer.start()
    do {
      try await server.psql("postgres", "CREATE DATABASE browse")
      try await server.psql(
        "browse", file: HostileDatabase.fixture, variables: ["rows": "10000"])
      try await Self.withBrowser("browse", on: server, total: "10,000") { tmux in
        try await Self.restartScenes(tmux, server)
      }
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  /// The keys and screens of ``restart()``.
  static func restartScenes(_ tmux: TmuxSession, _ server: PostgresServer) async throws {
    let of = "10,000"
    // Idle: the connections the restart ended are opened again for the next pages.
    try await server.restart()
    try await pageDown(tmux, of: of, past: 220)
    let idle = try await tmux.waitFor("records after the first page", timeout: Self.server) {
      screen in
      (Self.number(screen, of: of) ?? 0) > 220
        && Self.keys(screen).contains(Self.number(screen, of: of) ?? 0)
    }
    let selected = try #require(Self.number(idle, of: of))
    let shown = Self.keys(idle)
    let lastShown = try #require(shown.last)

    // In the middle of a read: the status line says the server closed the connection, the
    // records stay, and the next page comes from the same record, over a new connection.
    try await tmux.send("f")
    try await tmux.type("pg_sleep(30) IS NOT NULL")
    try await tmux.send("Enter")
    // After its first quarter second the spinner turns before the word: either is the filter
    // under way.
    try await tmux.waitFor("the filter under way") {
      $0.statusLine.hasPrefix(" filtering… — Esc cancels")
        || $0.statusLine.dropFirst(3).hasPrefix("filtering… — Esc cancels")
    }
    try await server.restart()
    let closed = try await tmux.waitFor("the lost connection", timeout: Self.server) {
      $0.statusLine.hasPrefix(" ⚠ the server closed the connection: terminating connection")
    }
    #expect(closed.lines[0] == " public.hostile", "\(closed)")
    #expect(Self.number(closed, of: of) == selected, "\(closed)")
    #expect(Self.keys(closed) == shown, "\(closed)")
    // The next read opens a new connection: r would apply the filter again.
    try await tmux.send("NPage")
    let next = try await tmux.waitFor("the page after", timeout: Self.server) { screen in
      Self.number(screen, of: of) == selected + 21 && !screen.statusLine.contains("⚠")
    }
    #expect(Self.keys(next) == Array(lastShown + 1...lastShown + 21), "\(next)")

    // Down: the page after the records loaded cannot load, and the row after them says so;
    // once the server is up, r loads the page, the last record loaded selected, and browsing
    // carries on from it.
    try await server.stopServer()
    let failed = try await pageDown(tmux, of: of, past: 10_000) { screen in
      screen.contains("⚠ Could not load more: cannot connect to")
    }
    #expect(failed.contains("r retries"), "\(failed)")
    let last = try #require(Self.keys(failed).last)
    try await server.startAgain()
    try await tmux.send("r")
    try await tmux.waitFor("the page loaded", timeout: Self.server) { screen in
      !screen.contains("Could not load") && Self.number(screen, of: of) == last
        && Self.keys(screen).last == last + 1
    }
    try await tmux.send("NPage")
    let after = try await tmux.waitFor("the page after it", timeout: Self.server) { screen in
      Self.number(screen, of: of) == last + 21
    }
    #expect(Self.keys(after).allSatisfy { $0 > last }, "\(after)")
    #expect(Self.keys(after).contains(last + 21), "\(after)")
  }

  /// Presses PgDn in bursts until the selected record is past `record` or `stop` holds, and
  /// returns that screen: keys that reach the end of the records loaded wait there for the next
  /// page.
  @discardableResult
  static func pageDown(
    _ tmux: TmuxSession, of total: String, past record: Int,
    until stop: (PaneCapture) -> Bool = { _ in false }
  ) async throws -> PaneCapture {
    var screen = try await tmux.capture()
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Self.server)
    while (number(screen, of: total) ?? 0) <= record && !stop(screen) {
      guard clock.now < deadline else {
        throw ScreenTimeout(
          what: "paging past record \(record)", timeout: Self.server, screen: screen)
      }
      try await tmux.send(Array(repeating: "NPage", count: 3))
      try await Task.sleep(for: .milliseconds(100))
      screen = try await tmux.capture()
    }
    return screen
  }
}

/// The suite's data: a server of the test process with the database `browse`, holding
/// `Scripts/postgres-browse-fixture.sql` with 1,000,000 rows and a sequence `hostile_seq` (for
/// filters that try to write), and its copy `browse_quiet`; made once, on first use, and
/// shared by the tests.
actor HostileDatabase {
  /// The database of the test process.
  static let shared = HostileDatabase()

  /// The database the tests browse.
  static let name = "browse"
  /// A copy that only one test browses, whose connections that test counts.
  static let quietName = "browse_quiet"

  /// The fixture's SQL file.
  static var fixture: String {
    PostgresServer.repository.appending(path: "Scripts/postgres-browse-fixture.sql").path
  }

  /// Every row of `hostile`, in one digest.
  static let checksumSQL = "SELECT md5(string_agg(t::text, '|' ORDER BY a, b)) FROM hostile t"
  /// The sequence's state: `1|f` as made, never used.
  static let sequenceSQL = "SELECT last_value, is_called FROM hostile_seq"

  /// The server with the databases loaded, once started.
  private var loading: Task<PostgresServer, any Error>?
  /// ``checksumSQL`` as loaded, once computed.
  private var loadedChecksum: Task<String, any Error>?

  /// The server, starting it and loading the databases on first use.
  func server() async throws -> PostgresServer {
    if let loading { return try await loading.value }
    let task = Task<PostgresServer, any Error> {
      let server = try await PostgresServer.start()
      try await server.psql("postgres", "CREATE DATABASE \(Self.name)")
      try await server.psql(Self.name, file: Self.fixture, variables: ["rows": "1000000"])
      try await server.psql(Self.name, "CREATE SEQUENCE public.hostile_seq")
      // A copy of the files: no one may be connected to the template.
      try await server.psql("postgres", "CREATE DATABASE \(Self.quietName) TEMPLATE \(Self.name)")
      return server
    }
    loading = task
    return try await task.value
  }

  /// ``checksumSQL`` of `browse`, computed once, when first asked for: by the quit test as it
  /// starts, beside the other tests' first screens.
  func checksum() async throws -> String {
    if let loadedChecksum { return try await loadedChecksum.value }
    let task = Task<String, any Error> {
      try await self.server().psql(Self.name, Self.checksumSQL)
    }
    loadedChecksum = task
    return try await task.value
  }
}
