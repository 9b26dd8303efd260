import ExamplesTestSupport
import Foundation
import Testing

/// End-to-end tests of `data-browser` on a CSV file in tmux: a generated file of 1,000,000
/// records with hostile fields (see ``PeopleCSV``), made once for the suite. Each test starts
/// the browser on it at 100x24, drives it, quits with q, and checks that the file's bytes did
/// not change.
@Suite("data-browser on a CSV file in tmux", .serialized, GeneratedPeopleCSV())
struct DataBrowserCSVTerminalTests {
  /// Generous waits for what reads the whole file (the index, a sort, a search): a debug build
  /// on two shared cores, beside other tests.
  static let wholeFile: Duration = .seconds(60)

  /// Runs `body` with the browser showing the generated file at 100x24 from its first record,
  /// under `run-demo.sh`; unless `body` quit it, quits with q and waits for the exit report.
  /// Checks afterwards that the file is byte for byte as it was made. With `sortFolder`, the
  /// browser runs with `TMPDIR` set to it and writes its process id to `$TE_DIR/pid`
  /// (``TmuxSession/demoProcessID()``).
  static func withBrowser(
    sortFolder: URL? = nil, _ body: (TmuxSession, PeopleCSV) async throws -> Void
  ) async throws {
    let file = try #require(GeneratedPeopleCSV.current, "the suite makes the file")
    let executable = try ExampleProcess.executable("data-browser").path
    var command = "'\(executable)' '\(file.url.path)'"
    if let sortFolder {
      // Inside the double quotes of the shell's line: run-demo.sh evaluates it.
      command =
        #"( echo \"\$BASHPID\" > \"\$TE_DIR/pid\"; "#
        + #"TMPDIR='\#(sortFolder.path)' exec \#(command) )"#
    }
    try await TmuxSession.with(width: 100, height: 24, needsListDemo: false) { tmux in
      try await tmux.run(#"bash "$TE_DIR/run-demo.sh" "\#(command)""#)
      try await tmux.waitFor("the first records") { screen in
        DataBrowserExampleTests.ids(screen).prefix(3) == [1, 2, 3]
          && Self.position(screen)?.number == "1"
      }
      try await body(tmux, file)
      if try await !tmux.capture(joiningWrappedLines: true).contains("EXIT=") {
        try await tmux.send("q")
        try await tmux.waitFor("the browser to exit", joiningWrappedLines: true) {
          $0.contains("EXIT=0 ")
        }
      }
    }
    #expect(try Data(contentsOf: file.url) == file.bytes, "the CSV file changed")
  }

  /// The position at the right of the status line, as written: `900,000` and `1,000,000` in
  /// `900,000/1,000,000`; `?` and `~999,876` while they are not known.
  static func position(_ screen: PaneCapture) -> (number: String, total: String)? {
    guard let match = screen.statusLine.firstMatch(of: /([\d,?]+)\/(~?[\d,?]+) *$/) else {
      return nil
    }
    return (String(match.1), String(match.2))
  }

  /// The selected record's number, once the position knows it exactly, of 1,000,000 exactly.
  static func number(_ screen: PaneCapture) -> Int? {
    guard let position = position(screen), position.total == "1,000,000" else { return nil }
    return Int(position.number.replacing(",", with: ""))
  }

  /// The cells of the record line showing record `id`, trimmed, or `nil` when none does.
  static func cells(ofRecord id: Int, in screen: PaneCapture) -> [String]? {
    screen.lines.dropFirst().dropLast().lazy.map { line in
      line.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }
    }.first { $0.first == String(id) }
  }

  /// Whether any line holds a character a terminal would obey rather than show: a C0 or C1
  /// control, or delete.
  static func showsRawControls(_ screen: PaneCapture) -> Bool {
    screen.lines.contains { line in
      line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
  }

  /// The first screen shows record 1 on, every hostile field made visible: the BOM gone from
  /// the header, quotes, commas and a line break inside fields, CRLF, an escape sequence and a
  /// bell shown as `^[` and `^G` (not obeyed: the pane's title is not set), a short row's
  /// missing fields NULL, a long row's extra fields in the last column, invalid UTF-8 as
  /// U+FFFD, wide and combining characters aligned, a tab expanded, numbers to the right.
  @Test("First screen: record 1 at once, hostile fields shown, not obeyed")
  func firstScreen() async throws {
    try await Self.withBrowser { tmux, _ in
      let expected = [
        " people.csv",
        " id         │ name          │ city      │ amount     │ note",
        "          1 │ name 1        │ 東京都    │   79.19    │ note 1",
        "          2 │ Smith, \"Jr.\"  │ Lagos     │   12.50    │ a, b and \"c\"",
        "          3 │ Ada           │ Zürich    │    7       │ first line↵second line",
        "          4 │ crlf          │ Lagos     │   -3.25    │ ends in CRLF",
        "          5 │ ^[[2Jescape^G │ Kraków    │    0.5     │ ^[[31mred^[[0m ^[]0;pwned^G",
        "          6 │ ragged short  │ NULL      │ NULL       │ NULL",
        "          7 │ ragged long   │ Lagos     │    1.5     │ note,extra one,extra two",
        "          8 │ bad �� bytes  │ Lagos     │    8       │ invalid UTF-8",
        "          9 │ 日本語の名前  │ 東京都    │    6.02e23 │ cafe\u{301} au lait",
        "         10 │ tab     here  │ Lagos     │   +1.50    │ 1,000",
        "         11 │ name 11       │ Sa\u{303}o Paulo │  871.09    │ note 11",
      ]
      // The whole first screen: the lines above, then records 12 to 21 in order.
      let screen = try await tmux.waitFor("the first screen, records 1 to 21") { screen in
        Array(screen.lines.prefix(expected.count)) == expected
          && DataBrowserExampleTests.ids(screen) == Array(1...21)
      }
      #expect(Self.position(screen)?.number == "1", "\(screen)")
      // Until the index is done the total is `?` or an estimate; then it is exact.
      #expect(
        ["?", "1,000,000"].contains(Self.position(screen)?.total)
          || Self.position(screen)?.total.hasPrefix("~") == true, "\(screen)")
      #expect(!Self.showsRawControls(screen), "\(screen)")
      let title = try await tmux.tmux("display-message", "-p", "-t", "demo", "#{pane_title}")
      #expect(!title.contains("pwned"), "the pane's title was set from a field: \(title)")
      // The index finishes; the records stay as they were.
      let indexed = try await tmux.waitFor("the index done", timeout: Self.wholeFile) {
        Self.number($0) == 1 && !$0.statusLine.contains("indexing")
      }
      #expect(Array(indexed.lines.dropLast()) == Array(screen.lines.dropLast()), "\(indexed)")
    }
  }

  /// End reads the last records from the end of the file at once, the index done or not: the
  /// last record (no line end after it) and the two-line record before it; the position
  /// becomes exact once the index is complete. ↑ reads before it.
  @Test("End shows record 1,000,000; the position becomes exact")
  func end() async throws {
    try await Self.withBrowser { tmux, _ in
      try await tmux.send("End")
      let end = try await tmux.waitFor("the last record") { screen in
        DataBrowserExampleTests.ids(screen).last == 1_000_000
          && Self.cells(ofRecord: 1_000_000, in: screen)
            == ["1000000", "the very last", "東京都", "9.99", "no newline at the end"]
      }
      #expect(DataBrowserExampleTests.ids(end) == Array(999_980...1_000_000), "\(end)")
      #expect(
        Self.cells(ofRecord: 999_998, in: end)
          == ["999998", "two,↵lines", "Lagos", "3", "last \"quoted\""], "\(end)")
      let exact = try await tmux.waitFor(
        "the position exact once the index is done", timeout: Self.wholeFile
      ) { screen in
        screen.statusLine.hasSuffix(" 1,000,000/1,000,000")
          && !screen.statusLine.contains("indexing")
      }
      #expect(Array(exact.lines.dropLast()) == Array(end.lines.dropLast()), "\(exact)")
      try await tmux.send("Up")
      try await tmux.waitFor("record 999,999") { Self.number($0) == 999_999 }
    }
  }

  /// `:900000` goes to record 900,000, at the top, selected; ↑ reads the record before it.
  @Test(":900000 shows record 900,000 selected")
  func jump() async throws {
    try await Self.withBrowser { tmux, _ in
      try await tmux.send(":")
      try await tmux.waitFor("the prompt") { $0.statusLine.hasPrefix(" :█") }
      try await tmux.type("900000")
      try await tmux.send("Enter")
      let jumped = try await tmux.waitFor("record 900,000", timeout: Self.wholeFile) { screen in
        Self.number(screen) == 900_000
          && DataBrowserExampleTests.ids(screen) == Array(900_000...900_020)
      }
      #expect(
        Self.cells(ofRecord: 900_000, in: jumped)
          == ["900000", "name 900000", "Zürich", "0.00", "note 0"], "\(jumped)")
      try await tmux.send("Up")
      try await tmux.waitFor("record 899,999, read before it") { screen in
        Self.number(screen) == 899_999 && DataBrowserExampleTests.ids(screen).first == 899_999
      }
    }
  }

  /// `/zanzibar` from record 1 reads nearly the whole file to the first match, 999,950; n
  /// finds the next, 999,960 (`Zanzibar`: case does not matter), and then says there is no
  /// other; N goes back to the first.
  @Test("/ finds a text near the end; n and N move between its matches")
  func search() async throws {
    try await Self.withBrowser { tmux, _ in
      try await tmux.send("/")
      try await tmux.type("zanzibar")
      try await tmux.send("Enter")
      let first = try await tmux.waitFor("the first match", timeout: Self.wholeFile) { screen in
        Self.number(screen) == 999_950 && !screen.statusLine.contains("searching")
      }
      #expect(Self.cells(ofRecord: 999_950, in: first)?[1] == "zanzibar fir…", "\(first)")
      try await tmux.send("n")
      try await tmux.waitFor("the next match") { screen in
        Self.number(screen) == 999_960 && !screen.statusLine.contains("searching")
      }
      try await tmux.send("n")
      try await tmux.waitFor("no match after it") { screen in
        screen.statusLine.contains("“zanzibar” not found after this record")
          && Self.number(screen) == 999_960
      }
      try await tmux.send("N")
      try await tmux.waitFor("back to the first match") { screen in
        Self.number(screen) == 999_950 && !screen.statusLine.contains("searching")
      }
    }
  }

  /// `s` on `amount` says it sorts, and that sorting reads the whole file; Esc cancels it and
  /// the records stay in the file's order. Again, it shows the first page by amount: the short
  /// row's NULL, -3.25, the nine amounts of 0.00, then those of 0.01, ties in the file's
  /// order.
  @Test("s sorts by a column with progress; Esc cancels a sort")
  func sort() async throws {
    try await Self.withBrowser { tmux, _ in
      let start = try await tmux.capture()
      // From `id` to `amount`.
      try await tmux.send("Right", "Right", "Right")
      try await tmux.send("s")
      let sorting = "sorting by amount, ascending (sorting reads the whole file)…"
      try await tmux.waitFor("the sort under way") { $0.statusLine.contains(sorting) }
      try await tmux.send("Escape")
      let cancelled = try await tmux.waitFor("the sort cancelled") { screen in
        screen.statusLine.contains("Cancelled") && Self.number(screen) == 1
      }
      #expect(!cancelled.contains("▲"), "\(cancelled)")
      #expect(Array(cancelled.lines[2...22]) == Array(start.lines[2...22]), "\(cancelled)")

      try await tmux.send("s")
      try await tmux.waitFor("the sort under way again") { $0.statusLine.contains(sorting) }
      let sorted = try await tmux.waitFor("sorted by amount", timeout: Self.wholeFile) {
        screen in
        screen.lines[1].contains("amount ▲") && screen.statusLine.contains("by amount ▲")
          && Self.number(screen) == 1
      }
      let cents: (Int) -> Int = { $0 * 7919 % 100_000 }
      let pennies = (1...1_000_000).filter {
        cents($0) == 1 && !PeopleCSV.special.keys.contains($0)
      }
      let expected = [6, 4] + (1...9).map { $0 * 100_000 } + pennies
      #expect(DataBrowserExampleTests.ids(sorted) == Array(expected.prefix(21)), "\(sorted)")
      #expect(Self.cells(ofRecord: 6, in: sorted) == ["6", "ragged short", "NULL", "NULL", "NULL"])
      #expect(Self.cells(ofRecord: 4, in: sorted)?[3] == "-3.25", "\(sorted)")
      #expect(Self.cells(ofRecord: 900_000, in: sorted)?[3] == "0.00", "\(sorted)")
    }
  }

  /// Enter shows a record whole: the line break of a field as a line break, an escape
  /// sequence as text; Esc comes back to the same screen.
  @Test("Enter opens a record's detail; Esc goes back")
  func detail() async throws {
    try await Self.withBrowser { tmux, _ in
      let start = try await tmux.capture()
      try await tmux.send("Down", "Down")
      try await tmux.waitFor("record 3 selected") { Self.position($0)?.number == "3" }
      try await tmux.send("Enter")
      try await tmux.waitFor("record 3, whole") { screen in
        Array(screen.lines.prefix(7)) == [
          " people.csv › record 3", " id      3", " name    Ada", " city    Zürich",
          " amount  7", " note    first line", "         second line",
        ] && screen.statusLine.contains("Esc goes back")
      }
      try await tmux.send("Escape")
      try await tmux.waitFor("the records again, record 3 selected") { screen in
        Array(screen.lines.dropLast()) == Array(start.lines.dropLast())
          && Self.position(screen)?.number == "3"
      }
      try await tmux.send("Down", "Down")
      try await tmux.waitFor("record 5 selected") { Self.position($0)?.number == "5" }
      try await tmux.send("Enter")
      let detail = try await tmux.waitFor("record 5, whole") { screen in
        Array(screen.lines.prefix(6)) == [
          " people.csv › record 5", " id      5", " name    ^[[2Jescape^G", " city    Kraków",
          " amount  0.5", " note    ^[[31mred^[[0m ^[]0;pwned^G",
        ]
      }
      #expect(!Self.showsRawControls(detail), "\(detail)")
      try await tmux.send("Escape")
      try await tmux.waitFor("the records again, record 5 selected") { screen in
        Array(screen.lines.dropLast()) == Array(start.lines.dropLast())
          && Self.position(screen)?.number == "5"
      }
    }
  }

  /// q quits at once, the index done or not: the terminal is given back as it was, and the
  /// file is unchanged (checked after every test).
  @Test("q quits and gives the terminal back; the file is unchanged")
  func quit() async throws {
    try await Self.withBrowser { tmux, _ in
      try await tmux.send("q")
      try await tmux.expectGivenBack(exitStatus: 0, leftBehind: ["people.csv ·", "│"])
      try await tmux.waitForPrompt("after the report")
    }
  }
}

/// The generated file of a test run and the bytes it was made of.
struct PeopleCSV: Sendable {
  /// Where it is, `people.csv` in a temporary directory.
  let url: URL
  /// What it holds.
  let bytes: Data

  /// The records, numbered by their `id` column.
  static let recordCount = 1_000_000

  /// The cities of the plain records, by id modulo 8: wide CJK and Hangul, precomposed and
  /// combining accents.
  static let cities = [
    "Zürich", "東京都", "Kraków", "Sa\u{303}o Paulo", "서울", "Montre\u{301}al", "Lagos",
    "Reykjavík",
  ]

  /// The hostile records, by id, whole lines with their line ends.
  static let special: [Int: [UInt8]] = [
    // Quotes doubled and commas inside quoted fields.
    2: Array(#"2,"Smith, ""Jr.""",Lagos,12.50,"a, b and ""c""""#.utf8) + [0x0A],
    // A line break inside a quoted field: the record spans two lines.
    3: Array("3,Ada,Zürich,7,\"first line\nsecond line\"\n".utf8),
    4: Array("4,crlf,Lagos,-3.25,ends in CRLF\r\n".utf8),
    // An escape sequence that would clear the screen, a bell, colours, and one that would set
    // the terminal's title.
    5: Array(
      "5,\u{1B}[2Jescape\u{07},Kraków,0.5,\"\u{1B}[31mred\u{1B}[0m \u{1B}]0;pwned\u{07}\"\n".utf8),
    // Ragged rows: too few fields, too many.
    6: Array("6,ragged short\n".utf8),
    7: Array("7,ragged long,Lagos,1.5,note,extra one,extra two\n".utf8),
    // Bytes that are not UTF-8.
    8: Array("8,bad ".utf8) + [0xFF, 0xFE] + Array(" bytes,Lagos,8,invalid UTF-8\n".utf8),
    9: Array("9,日本語の名前,東京都,6.02e23,cafe\u{301} au lait\n".utf8),
    10: Array("10,\"tab\there\",Lagos,+1.50,\"1,000\"\n".utf8),
    // The only matches of `zanzibar`, near the end.
    999_950: Array("999950,zanzibar first,Lagos,1,needle\n".utf8),
    999_960: Array("999960,Zanzibar second,Lagos,2,needle\n".utf8),
    999_998: Array("999998,\"two,\nlines\",Lagos,3,\"last \"\"quoted\"\"\"\r\n".utf8),
    // The last record, with no line end after it.
    1_000_000: Array("1000000,the very last,東京都,9.99,no newline at the end".utf8),
  ]

  /// The file: a BOM and a header ending in CRLF, then one record a line,
  /// `id,name id,city,amount,note id%1000` (every third line ending in CRLF), the hostile
  /// ones of ``special`` in their places. About 44 MB.
  static func generate() -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(48 << 20)
    bytes += [0xEF, 0xBB, 0xBF]
    bytes += Array("id,name,city,amount,note\r\n".utf8)
    let cities = Self.cities.map { Array($0.utf8) }
    let name = Array(",name ".utf8)
    let note = Array(",note ".utf8)
    let comma = UInt8(ascii: ",")
    for id in 1...recordCount {
      if let line = special[id] {
        bytes += line
        continue
      }
      appendDigits(of: id, to: &bytes)
      bytes += name
      appendDigits(of: id, to: &bytes)
      bytes.append(comma)
      bytes += cities[id % 8]
      bytes.append(comma)
      // An amount with two decimals, 0.00 to 999.99.
      let cents = id * 7919 % 100_000
      appendDigits(of: cents / 100, to: &bytes)
      bytes.append(UInt8(ascii: "."))
      bytes.append(UInt8(ascii: "0") + UInt8(cents % 100 / 10))
      bytes.append(UInt8(ascii: "0") + UInt8(cents % 10))
      bytes += note
      appendDigits(of: id % 1000, to: &bytes)
      if id % 3 == 0 { bytes.append(0x0D) }
      bytes.append(0x0A)
    }
    return bytes
  }

  /// Appends the decimal digits of `value`, 0 or more.
  private static func appendDigits(of value: Int, to bytes: inout [UInt8]) {
    var divisor = 1
    while divisor <= value / 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }
}

/// Makes ``PeopleCSV`` once for the suite in a temporary directory, which it removes after the
/// suite's last test; the tests find it in ``current``.
struct GeneratedPeopleCSV: SuiteTrait, TestScoping {
  /// The file of the suite running.
  @TaskLocal static var current: PeopleCSV?

  /// Once for the suite, not for each test.
  var isRecursive: Bool { false }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "data-browser-csv-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appending(path: "people.csv")
    let bytes = Data(PeopleCSV.generate())
    try bytes.write(to: url)
    try await Self.$current.withValue(PeopleCSV(url: url, bytes: bytes)) { try await function() }
  }
}
