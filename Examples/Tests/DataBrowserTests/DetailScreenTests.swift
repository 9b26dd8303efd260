import DataBrowserCore
import Foundation
import GRDB
import TermElements
import TermElementsRecords
import Testing

/// The detail view of one record, read whole from the database: long text wrapped and
/// scrolled, BLOBs as text, JSON or hex, hostile text harmless, a missing record an error row.
@MainActor
@Suite("Detail screen")
struct DetailScreenTests {
  /// A database with table `docs` (id INTEGER PRIMARY KEY, name TEXT, body) holding `bodies`,
  /// with ids from 1.
  func docs(_ fixture: Fixture, _ bodies: [any DatabaseValueConvertible]) throws
    -> BrowserDatabase
  {
    let path = try fixture.database { db in
      try db.execute(sql: "CREATE TABLE docs (id INTEGER PRIMARY KEY, name TEXT, body)")
      for (index, body) in bodies.enumerated() {
        try db.execute(
          sql: "INSERT INTO docs VALUES (?, ?, ?)", arguments: [index + 1, "doc", body])
      }
    }
    return try BrowserDatabase.open(path: path)
  }

  /// The detail screen of record `id` of `docs`.
  func detail(_ database: BrowserDatabase, id: Int, table: String = "docs") async throws
    -> DetailScreen
  {
    try await read(
      DetailScreen(
        source: SQLiteRecordSource(database: database, table: table),
        key: RecordKey([.integer(Int64(id))])))
  }

  /// `screen` once its record was read.
  func read(_ screen: DetailScreen) async -> DetailScreen {
    await screen.waitUntilRead()
    return screen
  }

  /// The screen's lines without their trailing spaces.
  func text(_ screen: Screen) -> [String] {
    screen.lines.map { line in
      String(line.reversed().drop { $0 == " " }.reversed())
    }
  }

  /// A long value wraps beside its name; its line breaks show, and scrolling reaches its end.
  @Test("Long text wraps, keeps its line breaks, and scrolls to its end")
  func longText() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let words = (1...40).map { "word\($0)" }.joined(separator: " ")
    let database = try docs(fixture, [words + "\nsecond line\r\n\nlast line"])
    let screen = try await detail(database, id: 1)
    #expect(screen.title == "id 1")
    var frame = Screen(width: 48, height: 10)
    screen.render(into: &frame)
    #expect(
      text(frame) == [
        " id    1",
        " name  doc",
        " body  word1 word2 word3 word4 word5 word6",
        "       word7 word8 word9 word10 word11 word12",
        "       word13 word14 word15 word16 word17",
        "       word18 word19 word20 word21 word22",
        "       word23 word24 word25 word26 word27",
        "       word28 word29 word30 word31 word32",
        "       word33 word34 word35 word36 word37",
        " docs · record — Esc goes back       column 1/3",
      ])
    // Page down until the screen stops moving: the end of the value is on the last lines.
    var last: [String] = []
    for _ in 0..<10 where text(frame) != last {
      last = text(frame)
      screen.handle(.key(.pageDown))
      screen.render(into: &frame)
    }
    #expect(
      text(frame) == [
        "       word13 word14 word15 word16 word17",
        "       word18 word19 word20 word21 word22",
        "       word23 word24 word25 word26 word27",
        "       word28 word29 word30 word31 word32",
        "       word33 word34 word35 word36 word37",
        "       word38 word39 word40",
        "       second line",
        "",
        "       last line",
        " docs · record — Esc goes back       column 3/3",
      ])
  }

  /// A value longer than a line piece is split into rows, and its end is still reached.
  @Test("A huge text is cut, with a line saying how much was left out")
  func hugeText() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let text = String(repeating: "lorem ipsum dolor sit amet ", count: 40_000)
    let database = try docs(fixture, [text])
    let screen = try await detail(database, id: 1)
    var frame = Screen(width: 60, height: 8)
    screen.render(into: &frame)
    #expect(frame.lines[2].hasPrefix(" body  lorem ipsum dolor sit amet lorem"))
    screen.handle(.key(.end))
    screen.render(into: &frame)
    let shown = DetailContent.textLimit
    let left = TermElementsRecords.CellValue.byteCount(text.utf8.count - shown)
    #expect(left == "990.7 KiB")
    #expect(
      self.text(frame).suffix(2) == [
        "       … 990.7 KiB more not shown",
        " docs · record — Esc goes back                   column 3/3",
      ])
  }

  /// A BLOB holding UTF-8 text is shown as that text, under a summary that says so.
  @Test("A UTF-8 BLOB shows as text")
  func utf8Blob() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try docs(fixture, [Data("héllo wörld\nzweite Zeile".utf8)])
    var frame = Screen(width: 40, height: 6)
    try await detail(database, id: 1).render(into: &frame)
    #expect(
      text(frame) == [
        " id    1",
        " name  doc",
        " body  <blob 26 B, UTF-8 text>",
        "       héllo wörld",
        "       zweite Zeile",
        " docs · record — Esc goes b… column 1/3",
      ])
  }

  /// A BLOB of JSON is pretty-printed, its keys in their order, its strings as written.
  @Test("A JSON BLOB is pretty-printed, its key order kept")
  func jsonBlob() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let json = #"{"name":"foo","targets":[{"b":2,"a":1}],"empty":{},"s":"x\"y\\n\u001b[31m"}"#
    let database = try docs(fixture, [Data(json.utf8), #"  [1, {"z": null}]  "#])
    var frame = Screen(width: 48, height: 15)
    try await detail(database, id: 1).render(into: &frame)
    #expect(
      text(frame) == [
        " id    1",
        " name  doc",
        " body  <blob 75 B, JSON>",
        "       {",
        #"         "name": "foo","#,
        #"         "targets": ["#,
        "           {",
        #"             "b": 2,"#,
        #"             "a": 1"#,
        "           }",
        "         ],",
        #"         "empty": {},"#,
        #"         "s": "x\"y\\n\u001b[31m""#,
        "       }",
        " docs · record — Esc goes back       column 1/3",
      ])
    // JSON in TEXT is pretty-printed too, from the name's line.
    frame = Screen(width: 48, height: 9)
    try await detail(database, id: 2).render(into: &frame)
    #expect(
      text(frame) == [
        " id    2",
        " name  doc",
        " body  [",
        "         1,",
        "         {",
        #"           "z": null"#,
        "         }",
        "       ]",
        " docs · record — Esc goes back       column 1/3",
      ])
  }

  /// Any other BLOB is a hex dump with offsets, cut after 4 KiB with a line saying how much
  /// was left out.
  @Test("A binary BLOB is a hex dump with offsets, then what was left out")
  func binaryBlob() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let bytes = png + (0..<4_992).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let database = try docs(fixture, [Data(bytes)])
    let screen = try await detail(database, id: 1)
    var frame = Screen(width: 80, height: 7)
    screen.render(into: &frame)
    #expect(
      text(frame) == [
        " id    1",
        " name  doc",
        " body  <blob 4.9 KiB>",
        " 00000000  89 50 4e 47 0d 0a 1a 0a  00 07 0e 15 1c 23 2a 31  |.PNG.........#*1|",
        " 00000010  38 3f 46 4d 54 5b 62 69  70 77 7e 85 8c 93 9a a1  |8?FMT[bipw~.....|",
        " 00000020  a8 af b6 bd c4 cb d2 d9  e0 e7 ee f5 fc 03 0a 11  |................|",
        " docs · record — Esc goes back                                       column 1/3",
      ])
    screen.handle(.key(.end))
    screen.render(into: &frame)
    #expect(
      text(frame) == [
        " 00000fb0  98 9f a6 ad b4 bb c2 c9  d0 d7 de e5 ec f3 fa 01  |................|",
        " 00000fc0  08 0f 16 1d 24 2b 32 39  40 47 4e 55 5c 63 6a 71  |....$+29@GNU\\cjq|",
        " 00000fd0  78 7f 86 8d 94 9b a2 a9  b0 b7 be c5 cc d3 da e1  |x...............|",
        " 00000fe0  e8 ef f6 fd 04 0b 12 19  20 27 2e 35 3c 43 4a 51  |........ '.5<CJQ|",
        " 00000ff0  58 5f 66 6d 74 7b 82 89  90 97 9e a5 ac b3 ba c1  |X_fmt{..........|",
        " … 904 B more not shown",
        " docs · record — Esc goes back                                       column 3/3",
      ])
    // The note is dim, the summary in colour.
    #expect(frame.style(atX: 1, y: 5).attributes.contains(.dim))
  }

  /// Escape sequences and C0 and C1 controls, in a value or a column's name, are shown in caret
  /// or code point notation: nothing reaches the terminal to obey.
  @Test("Escape sequences and control characters are harmless")
  func hostileText() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.database { db in
      try db.execute(
        sql: "CREATE TABLE evil (id INTEGER PRIMARY KEY, \"n\u{1B}[31m\" TEXT, b BLOB)")
      try db.execute(
        sql: "INSERT INTO evil VALUES (1, ?, ?)",
        arguments: [
          "\u{1B}[2J\u{1B}]0;pwned\u{07}clear\u{9B}31m\u{202E}dlrow\rback\u{7F}",
          Data("log: \u{1B}[1mbold\u{1B}[0m\n".utf8),
        ])
    }
    let database = try BrowserDatabase.open(path: path)
    var frame = Screen(width: 48, height: 8)
    try await detail(database, id: 1, table: "evil").render(into: &frame)
    #expect(
      text(frame) == [
        " id       1",
        " n^[[31m  ^[[2J^[]0;pwned^Gclear<U+009B>31m<U+2",
        "          02E>dlrow^Mback^?",
        " b        <blob 18 B, UTF-8 text>",
        "          log: ^[[1mbold^[[0m",
        "",
        "",
        " evil · record — Esc goes back       column 1/3",
      ])
    for line in frame.lines {
      #expect(
        line.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F..<0xA0).contains($0.value) })
    }
  }

  /// A record deleted after its page was loaded shows an error row; Esc still goes back.
  @Test("A deleted record shows an error row, not a crash")
  func deletedRecord() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.standard(count: 30)
    let database = try BrowserDatabase.open(path: path)
    let browser = try await Browser.open(
      SQLiteCatalog(database: database), table: "items")
    var frame = Screen(width: 64, height: 8)
    browser.stack.render(into: &frame)
    await settle(browser)
    for _ in 0..<4 { browser.stack.handle(.key(.down)) }
    browser.stack.render(into: &frame)
    let writer = try DatabaseQueue(path: path)
    try await writer.write { db in try db.execute(sql: "DELETE FROM items WHERE id = 5") }
    try writer.close()
    browser.stack.handle(.key(.enter))
    browser.stack.render(into: &frame)
    await settle(browser)
    browser.stack.render(into: &frame)
    #expect(browser.mode == .detail)
    #expect(
      text(frame) == [
        " items › id 5",
        " ⚠ No record with id 5 in items: it may have been deleted",
        "",
        "",
        "",
        "",
        "",
        " items · record — Esc goes back                       4 columns",
      ])
    browser.stack.handle(.key(.escape))
    #expect(browser.mode == .records)
  }

  /// A table that cannot be read shows why as a row.
  @Test("A read that fails shows the error as a row")
  func failedRead() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 3))
    let schema = TableSchema(name: "gone", columns: ["id"], key: .rowid(alias: "id"))
    let screen = await read(
      DetailScreen(
        source: SQLiteRecordSource(database: database, schema: schema),
        key: RecordKey([.integer(1)])))
    var frame = Screen(width: 160, height: 3)
    screen.render(into: &frame)
    #expect(
      text(frame).prefix(2) == [
        " ⚠ Could not read the record: no such table: gone", "",
      ])
    #expect(frame.lines[2].hasSuffix(" 1 column "))
  }

  /// Records are found by a composite key, and by a rowid that no column aliases.
  @Test("Composite keys and the bare rowid")
  func otherKeys() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 3))
    let pairs = await read(
      DetailScreen(
        source: try SQLiteRecordSource(database: database, table: "pairs"),
        key: RecordKey([.text("y"), .integer(7)])))
    var frame = Screen(width: 40, height: 5)
    pairs.render(into: &frame)
    #expect(pairs.title == "a, b y, 7")
    #expect(
      text(frame) == [
        " a  y", " b  7", " v  y7", "", " pairs · record — Esc goes…  column 1/3",
      ])
    let plain = await read(
      DetailScreen(
        source: try SQLiteRecordSource(database: database, table: "plain"),
        key: RecordKey([.integer(2)])))
    plain.render(into: &frame)
    #expect(text(frame).prefix(2) == [" rowid  2", " word   two"])
  }
}
