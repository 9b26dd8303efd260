import ExamplesTestSupport
import Foundation
import Testing

/// End-to-end tests of `F` then Enter, `=` and `!`, and `e` in `data-browser` on PostgreSQL in
/// tmux, over the 30 people of ``PostgresPeopleDatabase`` on the suite's server (and `e` over
/// 40 rows of ``HostileDatabase``'s table): what the screens show and the file written, each
/// compared with what psql says of the same rows; the table is unchanged after each.
@Suite("data-browser on PostgreSQL in tmux: F, = and !, e")
struct DataBrowserPostgresActionTerminalTests {
  /// The wait for anything the server or a debug build does on two shared cores.
  static let server = DataBrowserPostgresTerminalTests.server

  /// Runs `body` with the browser showing `public.people` from its first record of 30, and
  /// checks that the table is the same after it as before.
  static func withPeople(_ body: (TmuxSession) async throws -> Void) async throws {
    let people = PostgresPeopleDatabase.shared
    let server = try await people.server()
    let before = try await people.checksum()
    try await DataBrowserPostgresTerminalTests.withBrowser(
      PostgresPeopleDatabase.name, on: server, table: "public.people", total: "30", body)
    #expect(try await people.checksum() == before, "public.people changed")
  }

  /// The record keys on `screen` and the selected record's number of `total`, once the
  /// position shows that total.
  static func keys(_ screen: PaneCapture, of total: Int) -> (keys: [Int], number: Int)? {
    guard let number = DataBrowserPostgresTerminalTests.number(screen, of: String(total)) else {
      return nil
    }
    return (DataBrowserPostgresTerminalTests.keys(screen), number)
  }

  /// Moves the column cursor to `column`, with `c` and its name.
  static func goTo(_ column: String, _ tmux: TmuxSession) async throws {
    try await tmux.send("c")
    try await tmux.waitFor("the prompt") { $0.statusLine.contains("column (Tab completes): ") }
    try await tmux.type(column)
    try await tmux.send("Enter")
    try await tmux.waitFor("the prompt gone") { !$0.statusLine.contains("column (Tab") }
  }

  /// Selects record `number` of `total` with `:`.
  static func select(_ number: Int, of total: String = "30", _ tmux: TmuxSession) async throws {
    try await tmux.send(":")
    try await tmux.waitFor("the prompt") { $0.statusLine.hasPrefix(" :█") }
    try await tmux.type(String(number))
    try await tmux.send("Enter")
    try await tmux.waitFor("record \(number) of \(total)", timeout: Self.server) { screen in
      DataBrowserPostgresTerminalTests.number(screen, of: total) == number
    }
  }

  /// `count` as the position writes it, in groups of three digits: `50,000`.
  static func grouped(_ count: Int) -> String {
    var digits = String(count)
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(Substring(digits.suffix(3)), at: 0)
      digits.removeLast(3)
    }
    return ([Substring(digits)] + groups).joined(separator: ",")
  }

  /// Waits for the records `condition` holds for as psql says, in the order of `order`, the
  /// first selected, under a title showing the filter `condition`, and returns that screen.
  @discardableResult
  static func waitForRecords(
    where condition: String, orderBy order: String = "id", _ tmux: TmuxSession
  ) async throws -> PaneCapture {
    let ids = try await PostgresPeopleDatabase.shared.ids(where: condition, orderBy: order)
    try #require(!ids.isEmpty, "no row where \(condition)")
    return try await tmux.waitFor("the records where \(condition): \(ids)", timeout: Self.server) {
      screen in
      guard let shown = keys(screen, of: ids.count) else { return false }
      return shown.number == 1 && shown.keys == Array(ids.prefix(21))
        && screen.lines[0].contains("where \(condition)")
    }
  }

  /// Esc clears the filter: every record again, none filtered.
  static func clearFilter(_ tmux: TmuxSession) async throws {
    try await tmux.send("Escape")
    try await tmux.waitFor("every record again", timeout: Self.server) { screen in
      keys(screen, of: 30) != nil && !screen.lines[0].contains("where")
    }
  }

  /// The lines of the frequency screen of `city` of the rows `condition` holds for, as the
  /// server's own `GROUP BY` counts them: value (NULL as `NULL`), count, percent to one decimal
  /// and a bar of 24 cells for the most frequent, in eighths, most frequent first and equal
  /// counts by value.
  static func cityFrequency(where condition: String = "true") async throws -> [[String]] {
    let output = try await PostgresPeopleDatabase.shared.server().psql(
      PostgresPeopleDatabase.name,
      """
      SELECT city IS NULL, coalesce(city, ''), count(*),
        round(count(*) * 100.0 / sum(count(*)) OVER (), 1)
      FROM people WHERE \(condition) GROUP BY city ORDER BY count(*) DESC, city
      """)
    let rows = output.split(separator: "\n").map {
      $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }
    let largest = rows.compactMap { Int($0[2]) }.max() ?? 0
    return rows.map { row in
      let count = Int(row[2]) ?? 0
      let eighths = Int((Double(count) / Double(largest) * 24 * 8).rounded())
      let parts = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
      let bar = String(repeating: "█", count: eighths / 8) + parts[eighths % 8]
      return [row[0] == "t" ? "NULL" : row[1], row[2], row[3], bar]
    }
  }

  /// The cells of the frequency screen's lines, trimmed: the lines under the title and the
  /// header, down to the first empty one.
  static func frequencyLines(_ screen: PaneCapture) -> [[String]] {
    screen.lines.dropFirst(2).dropLast().prefix { !$0.isEmpty }.map { line in
      line.split(separator: "│", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
  }

  @Test("F on city: the server's GROUP BY, line by line; Enter keeps that value's records")
  func frequency() async throws {
    let expected = try await Self.cityFrequency()
    // Oslo 10, O'Brien "Jr." 8, back\slash 6, NULL 4, then '' and 'NULL' once each.
    try #require(expected.count == 6, "\(expected)")
    try await Self.withPeople { tmux in
      try await Self.goTo("city", tmux)
      try await tmux.send("F")
      let counted = try await tmux.waitFor("the frequency of city", timeout: Self.server) {
        screen in
        screen.lines[0].contains("city values · 30 records, 6 values")
          && Self.frequencyLines(screen).count == expected.count
      }
      #expect(Self.frequencyLines(counted) == expected, "\(counted)")
      #expect(counted.lines[1].hasPrefix(" city"), "\(counted)")
      // The second line, O'Brien "Jr.": the records holding it, the first of 8 selected.
      try await tmux.send("Down")
      try await tmux.waitFor("the second line selected") { $0.statusLine.hasSuffix(" 2/6") }
      try await tmux.send("Enter")
      try await Self.waitForRecords(where: #""city" = 'O''Brien "Jr."'"#, tmux)
      // Esc clears the filter; F again, the fourth line, NULL: the records without a city.
      try await Self.clearFilter(tmux)
      try await tmux.send("F")
      try await tmux.waitFor("the frequency again", timeout: Self.server) { screen in
        screen.lines[0].contains("city values · 30 records")
          && Self.frequencyLines(screen) == expected
      }
      try await tmux.send("Down", "Down", "Down")
      try await tmux.waitFor("the NULL line selected") { $0.statusLine.hasSuffix(" 4/6") }
      try await tmux.send("Enter")
      try await Self.waitForRecords(where: #""city" IS NULL"#, tmux)
      // Under a filter, the counts of its records (equal ones by value); Enter on the first
      // line adds its value to the filter.
      try await Self.clearFilter(tmux)
      let filter = "score > 20"
      try await tmux.send("f")
      try await tmux.type(filter)
      try await tmux.send("Enter")
      try await Self.waitForRecords(where: filter, tmux)
      let under = try await Self.cityFrequency(where: filter)
      let records = try await PostgresPeopleDatabase.shared.ids(where: filter).count
      try await tmux.send("F")
      try await tmux.waitFor("the frequency under \(filter)", timeout: Self.server) { screen in
        screen.lines[0].contains("city values · \(records) records, \(under.count) values")
          && Self.frequencyLines(screen) == under
      }
      let first = try #require(under.first?.first)
      try await tmux.send("Enter")
      let literal = "'" + first.replacing("'", with: "''") + "'"
      try await Self.waitForRecords(where: #"(\#(filter)) AND "city" = \#(literal)"#, tmux)
    }
  }

  @Test("= and ! on quotes, a backslash, NULL, the empty text and 'NULL': what psql keeps")
  func filterByCell() async throws {
    // Record (its id), the key pressed, and the filter it adds: the condition psql is asked.
    // `!` adds `<>`, which leaves the NULLs out, as its line in ? says; on a NULL it adds
    // `IS NOT NULL`.
    let cases: [(record: Int, key: String, condition: String)] = [
      (5, "=", #""city" = 'O''Brien "Jr."'"#),
      (5, "!", #""city" <> 'O''Brien "Jr."'"#),
      (9, "=", #""city" = 'back\slash'"#),
      (9, "!", #""city" <> 'back\slash'"#),
      (12, "=", #""city" IS NULL"#),
      (12, "!", #""city" IS NOT NULL"#),
      (14, "=", #""city" = ''"#),
      (29, "=", #""city" = 'NULL'"#),
    ]
    try await Self.withPeople { tmux in
      try await Self.goTo("city", tmux)
      for (record, key, condition) in cases {
        try await Self.select(record, tmux)
        try await tmux.send(key)
        try await Self.waitForRecords(where: condition, tmux)
        try await Self.clearFilter(tmux)
      }
    }
  }

  @Test("e writes the records as psql's COPY … CSV HEADER does, then sorted and filtered")
  func export() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "pg-export-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let all = directory.appending(path: "people.csv").path
    let filtered = directory.appending(path: "filtered.csv").path
    let filter = "city IS NULL OR score > 30 OR score IS NULL"
    // As the browser sorts ascending: NULL first, then the key.
    let byScore = "score NULLS FIRST, id"
    let people = PostgresPeopleDatabase.shared
    let kept = try await people.ids(where: filter).count
    try await Self.withPeople { tmux in
      try await tmux.send("e")
      try await tmux.waitFor("the prompt") {
        $0.statusLine.contains("to .csv .tsv .jsonl")
      }
      try await tmux.run(all)
      // The status line names the file, cut at the screen's width.
      try await tmux.waitFor("the export said", timeout: Self.server) {
        $0.statusLine.hasPrefix(" Exported 30 records (5 columns) to ")
      }
      // Sorted by score, then filtered: the view exported second.
      try await Self.goTo("score", tmux)
      try await tmux.send("s")
      let sorted = try await people.ids(where: "true", orderBy: byScore)
      try await tmux.waitFor("sorted by score", timeout: Self.server) { screen in
        screen.statusLine.contains("by score ▲")
          && Self.keys(screen, of: 30)?.keys == Array(sorted.prefix(21))
      }
      try await tmux.send("f")
      try await tmux.type(filter)
      try await tmux.send("Enter")
      try await Self.waitForRecords(where: filter, orderBy: byScore, tmux)
      try await tmux.send("e")
      try await tmux.waitFor("the prompt again") {
        $0.statusLine.contains("to .csv .tsv .jsonl")
      }
      try await tmux.run(filtered)
      try await tmux.waitFor("the second export said", timeout: Self.server) {
        $0.statusLine.hasPrefix(" Exported \(kept) records (5 columns) to ")
      }
    }
    let copied = try await people.copy("SELECT * FROM people ORDER BY id")
    let written = try String(contentsOfFile: all, encoding: .utf8)
    #expect(csvRecords(written).count == 31, "\(written)")
    #expect(csvRecords(written) == csvRecords(copied), "\(written)\n---\n\(copied)")
    let copiedFiltered = try await people.copy(
      "SELECT * FROM people WHERE \(filter) ORDER BY \(byScore)")
    let writtenFiltered = try String(contentsOfFile: filtered, encoding: .utf8)
    #expect(csvRecords(writtenFiltered).count == kept + 1, "\(writtenFiltered)")
    #expect(
      csvRecords(writtenFiltered) == csvRecords(copiedFiltered),
      "\(writtenFiltered)\n---\n\(copiedFiltered)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "filtered.csv", "people.csv",
      ])
  }

  /// The first 40 rows of `public.hostile` hold every kind of its values: jsonb and NULL,
  /// bytea as UTF-8 text, as other bytes and NULL, text with tabs, line breaks, CR, escape
  /// sequences, quotes and a backslash, the empty text and NULL.
  @Test("e of public.hostile's first 40 rows, jsonb, bytea and hostile text: as COPY writes them")
  func exportHostile() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "pg-export-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "hostile.csv").path
    let filter = "a <= 40"
    let loaded = try await HostileDatabase.shared.checksum()
    try await DataBrowserPostgresTerminalTests.withBrowser { tmux in
      try await tmux.send("f")
      try await tmux.type(filter)
      try await tmux.send("Enter")
      try await tmux.waitFor("the first 40 rows", timeout: Self.server) { screen in
        DataBrowserPostgresTerminalTests.number(screen, of: "40") == 1
          && screen.lines[0].contains("where \(filter)")
      }
      try await tmux.send("e")
      try await tmux.waitFor("the prompt") { $0.statusLine.contains("to .csv .tsv .jsonl") }
      try await tmux.run(file)
      try await tmux.waitFor("the export said", timeout: Self.server) {
        $0.statusLine.hasPrefix(" Exported 40 records (5 columns) to ")
      }
    }
    let copied = try await HostileDatabase.shared.server().psql(
      HostileDatabase.name,
      "COPY (SELECT * FROM hostile WHERE \(filter) ORDER BY a, b) TO STDOUT WITH CSV HEADER")
    let written = try String(contentsOfFile: file, encoding: .utf8)
    let records = csvRecords(written)
    let expected = csvRecords(copied)
    #expect(records.count == 41, "\(written)")
    #expect(expected.count == 41, "\(copied)")
    for (index, (record, row)) in zip(records, expected).enumerated() {
      #expect(record == row, "line \(index + 1)")
    }
    let server = try await HostileDatabase.shared.server()
    #expect(
      try await server.psql(HostileDatabase.name, HostileDatabase.checksumSQL) == loaded,
      "public.hostile changed")
  }

  /// `=` and `!` on `public.hostile`'s own hostile values: a text with quotes, a backslash and
  /// a backquote, one with escape sequences, NULL, bytes that are not UTF-8 (bytea) and a
  /// jsonb: the records kept, the first 21 and how many, are those psql finds holding the
  /// value of the same record (or not holding it, NULLs left out).
  @Test("= and ! on public.hostile's text, NULL, bytea and jsonb: what psql keeps")
  func filterByHostileCell() async throws {
    // The column, the record (its key a), the key pressed, and the condition psql is asked,
    // over the value of that record.
    let cases: [(column: String, record: Int, key: String, condition: String)] = [
      ("note", 14, "=", "note = (SELECT note FROM hostile WHERE a = 14)"),
      ("note", 14, "!", "note <> (SELECT note FROM hostile WHERE a = 14)"),
      ("note", 5, "=", "note = (SELECT note FROM hostile WHERE a = 5)"),
      ("note", 20, "=", "note IS NULL"),
      ("raw", 5, "=", "raw = (SELECT raw FROM hostile WHERE a = 5)"),
      ("raw", 3, "!", "raw <> (SELECT raw FROM hostile WHERE a = 3)"),
      ("data", 2, "=", "data = (SELECT data FROM hostile WHERE a = 2)"),
    ]
    let loaded = try await HostileDatabase.shared.checksum()
    let server = try await HostileDatabase.shared.server()
    try await DataBrowserPostgresTerminalTests.withBrowser { tmux in
      for (column, record, key, condition) in cases {
        let output = try await server.psql(
          HostileDatabase.name,
          "SELECT count(*) OVER (), a FROM hostile WHERE \(condition) ORDER BY a, b LIMIT 21")
        let rows = output.split(separator: "\n").map { $0.split(separator: "|") }
        let total = try #require(rows.first.flatMap { Int($0[0]) }, "\(condition)")
        let keys = rows.compactMap { Int($0[1]) }
        try await Self.goTo(column, tmux)
        try await Self.select(record, of: "1,000,000", tmux)
        try await tmux.send(key)
        try await tmux.waitFor(
          "\(key) on \(column) of record \(record): \(total) records, from \(keys)",
          timeout: Self.server
        ) { screen in
          DataBrowserPostgresTerminalTests.number(screen, of: Self.grouped(total)) == 1
            && DataBrowserPostgresTerminalTests.keys(screen) == keys
        }
        try await tmux.send("Escape")
        try await tmux.waitFor("every record again", timeout: Self.server) { screen in
          // Of 1,000,000: the title may be cut before its filter.
          DataBrowserPostgresTerminalTests.number(screen) != nil
        }
      }
    }
    #expect(
      try await server.psql(HostileDatabase.name, HostileDatabase.checksumSQL) == loaded,
      "public.hostile changed")
  }
}
