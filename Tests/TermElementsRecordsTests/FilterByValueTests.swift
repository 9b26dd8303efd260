import Foundation
import TermElements
import TermElementsRecordsTesting
import Testing

@testable import TermElementsRecords

/// Values that a filter must quote with care, as records in memory and as a CSV file.
enum HostileValues {
  /// Names with quotes of both kinds, backslashes, line breaks and tabs, the text `NULL` and
  /// NULL, empty text, text that looks like a number, and a grapheme that starts with a quote.
  static let names: [CellValue] = [
    .text("O'Brien"), .text("say \"hi\""), .text("back\\slash\\"), .text("line\nbreak"),
    .text("NULL"), .null, .text(""), .text("42"), .text("042"), .text("tab\there"),
    .text("''"), .text("'\u{301}accent"), .text("\\'; drop"), .text("O'Brien"), .text("x"),
  ]
  /// Numbers of every kind, the same value written otherwise among them.
  static let numbers: [CellValue] = [
    .integer(42), .decimal("42.0"), .real(0.1 + 0.2), .real(-0.0), .real(.leastNonzeroMagnitude),
    .integer(Int64.min), .decimal("-1.50"), .null, .real(1e300),
  ]
  /// BLOBs, which the memory and CSV filter language cannot write, truth values and dates.
  static let others: [CellValue] = [
    .blob([]), .boolean(true), .date("2026-11-25"), .blob([0x27, 0x5C]), .boolean(false),
    .json("{\"a\": \"'\"}"),
  ]

  /// The records: an id, a name, a number and another value.
  static let rows: [[CellValue]] = (1...30).map { id in
    [
      .integer(Int64(id)), names[id % names.count], numbers[id % numbers.count],
      others[id % others.count],
    ]
  }

  /// A CSV file of hostile names (quoted, with line breaks), numbers written in several ways,
  /// and empty fields, and its records as a plain parse reads them.
  static func csv() throws -> (TemporaryCSV, [PageRecord]) {
    let names = [
      "\"O'Brien\"", "\"say \"\"hi\"\"\"", "back\\slash\\", "\"line\nbreak\"", "NULL", "",
      "42", "042", "\"tab\there\"", "''", "\"a,b\"", "x", "\"O'Brien\"",
    ]
    let numbers = ["42", "42.0", "042", "-1.50", "1e3", "", "abc", "+7"]
    var lines = ["id,name,number"]
    for id in 1...40 {
      lines.append("\(id),\(names[id % names.count]),\(numbers[id % numbers.count])")
    }
    let file = try TemporaryCSV(lines.joined(separator: "\n") + "\n")
    let parsed = ReferenceCSV.parse(Array(try Data(contentsOf: URL(fileURLWithPath: file.path))))
    let records = parsed.dropFirst().enumerated().map { index, fields in
      PageRecord(
        values: ReferenceCSV.values(fields, width: 3),
        key: RecordKey([.integer(Int64(index + 1))]))
    }
    return (file, records)
  }
}

@Suite("= and ! filter by the value under the cursor")
struct FilterByValueTests {
  /// The hostile records in memory.
  static func memory(height: Int = 12) -> BrowsingFixture {
    BrowsingFixtures.fixture(
      "people", columns: ["id", "name", "number", "other"], rows: HostileValues.rows,
      height: height)
  }

  @Test("Over hostile records in memory, = keeps exactly the equal records and ! the others")
  func memoryCase() async {
    let failures = await BrowsingCases.filterByValue.run(Self.memory())
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("Over a CSV file of hostile fields, = and ! keep what the reference says")
  func csvCase() async throws {
    let (file, records) = try HostileValues.csv()
    defer { file.remove() }
    let source = try file.source()
    try await source.waitForIndex()
    let failures = await BrowsingCases.filterByValue.run(
      BrowsingFixture(source: source, records: records, width: 80, height: 12))
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("The case fails when the source's conditions keep the wrong records")
  func caseCanFail() async {
    let fixture = Self.memory()
    let wrong = BrowsingFixture(
      source: NotEqualSource(base: fixture.source as! MemoryRecordSource),
      records: fixture.records, width: fixture.width, height: fixture.height)
    let failures = await BrowsingCases.filterByValue.run(wrong)
    #expect(!failures.isEmpty)
  }

  @Test("= on a name with a quote: the screen, the filter in the title, then ! on a number")
  @MainActor
  func screen() async throws {
    let session = try await BrowsingSession.open(Self.memory(height: 9), case: "=")
    // Record 10's name is two quotes.
    await session.press(.right)
    await session.pressTogether(Array(repeating: .down, count: 9))
    await session.press(.character("="))
    #expect(session.records?.view.filter == #""name" = ''''''"#)
    #expect(session.shownRecordList == [9, 24])
    // Esc clears the filter; record 13 is the first of four named O'Brien.
    await session.press(.escape)
    await session.pressTogether(Array(repeating: .down, count: 12))
    await session.press(.character("="))
    #expect(session.records?.view.filter == "\"name\" = 'O''Brien'")
    // Its number is 5e-324: ! keeps the other three.
    await session.press(.right)
    await session.press(.character("!"))
    #expect(
      session.lines == [
        #" people where ("name" = 'O''Brien') AND "number" <> 5e-324                      "#,
        " id │ name        │ number                     │ other                          ",
        " 15 │ O'Brien     │                  -1.50     │ <blob 2 B>                     ",
        " 28 │ O'Brien     │                  42.0      │ false                          ",
        " 30 │ O'Brien     │                  -0.000000 │ <blob 0 B>                     ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        " people · 3 loaded                                                          1/3 ",
      ])
  }

  @Test("= on a BLOB changes nothing, and the status line says why")
  @MainActor
  func blob() async throws {
    let session = try await BrowsingSession.open(Self.memory(), case: "= on a BLOB")
    await session.press(.right, .right, .right)
    // Record 6: an empty BLOB.
    await session.pressTogether(Array(repeating: .down, count: 5))
    #expect(session.records?.columns.cursor == 3)
    await session.press(.character("="))
    #expect(session.records?.view.filter == nil)
    #expect(
      session.statusLineSays(
        "Can't filter by this value: A BLOB cannot be written in this source's filter"))
  }

  @Test("The conditions written for each kind of value")
  func conditions() throws {
    let source = MemoryRecordSource(
      name: "t", columns: ["a \"b\"", "n", "a \"b\""], records: [])
    func written(_ value: CellValue, negated: Bool = false) throws -> String {
      try source.condition(column: 0, equals: value, negated: negated)
    }
    #expect(try written(.text("it's \\ \"x\"\n")) == "\"a \"\"b\"\"\" = 'it''s \\ \"x\"\n'")
    #expect(try written(.null) == "\"a \"\"b\"\"\" IS NULL")
    #expect(try written(.null, negated: true) == "\"a \"\"b\"\"\" IS NOT NULL")
    #expect(try written(.text("NULL")) == "\"a \"\"b\"\"\" = 'NULL'")
    #expect(try written(.text("")) == "\"a \"\"b\"\"\" = ''")
    #expect(try written(.integer(-7), negated: true) == "\"a \"\"b\"\"\" <> -7")
    #expect(try written(.real(0.1 + 0.2)) == "\"a \"\"b\"\"\" = 0.30000000000000004")
    #expect(try written(.boolean(false)) == "\"a \"\"b\"\"\" = FALSE")
    #expect(try written(.date("2026-11-25")) == "\"a \"\"b\"\"\" = '2026-11-25'")
    #expect(throws: RecordSourceError.self) { try written(.blob([1])) }
    #expect(throws: RecordSourceError.self) { try written(.real(.infinity)) }
    // A quote that a combining mark joins into one character is not one to the parser.
    #expect(throws: RecordSourceError.self) { try written(.text("\u{301}starts with a mark")) }
    #expect(throws: RecordSourceError.self) { try written(.text("it'\u{301}s")) }
    // The third column has the first's name: a filter would find the first.
    #expect(throws: RecordSourceError.self) {
      try source.condition(column: 2, equals: .integer(1), negated: false)
    }
    // Each reads back as the filter that keeps the value.
    let columns = source.columns
    for value in HostileValues.names + HostileValues.numbers
    where value != .text("'\u{301}accent") {
      let filter = try RecordFilter.parse(try written(value), columns: columns)
      #expect(filter.matches([value, .null, .null]), "\(value)")
    }
  }
}

/// Records in memory whose conditions say `<>` for `=`: what the filter case must catch.
struct NotEqualSource: WrappingSource, RecordFiltering {
  let base: MemoryRecordSource
  var filterLanguage: String { base.filterLanguage }
  func validate(filter: String) async throws { try await base.validate(filter: filter) }
  func condition(column: Int, equals value: CellValue, negated: Bool) throws(RecordSourceError)
    -> String
  {
    try base.condition(column: column, equals: value, negated: !negated)
  }
}
