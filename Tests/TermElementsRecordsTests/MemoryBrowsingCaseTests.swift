import TermElementsRecords
import TermElementsRecordsTesting
import Testing

/// Records in memory for the browsing cases: plain ones, hostile ones, ones known by their
/// index, by two columns, none at all, and a source that can do next to nothing.
enum BrowsingFixtures {
  /// People with repeated names and cities, NULLs, a BLOB now and then, and balances of every
  /// kind of number, in the order of their ids.
  static let people: [[CellValue]] = (1...40).map { id in
    let names = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Ada"]
    let cities: [CellValue] = [.text("London"), .null, .text("Kraków"), .text("New York")]
    let balances: [CellValue] = [
      .decimal("12.50"), .integer(3), .real(-1.5), .null, .decimal("3"), .integer(-40),
      .real(1e6), .decimal("0.001"),
    ]
    return [
      .integer(Int64(id)), .text(names[id % names.count]), cities[id % cities.count],
      balances[id % balances.count],
      id % 5 == 0 ? .blob([UInt8](repeating: 7, count: 1_300)) : .null,
    ]
  }

  /// Text that tries the screens: wide CJK, combining marks, control characters and escape
  /// sequences, emoji, right-to-left text, line breaks, long text, and values that tie.
  static let hostileTexts: [CellValue] = [
    .text("東京タワー"), .text("e\u{301}te\u{301} cafe\u{301}"),
    .text("bell\u{7}\u{1B}[31mred\u{1B}[0m"),
    .text("tab\there"), .text("line one\nline two\r\nthree"),
    .text(String(repeating: "long ", count: 60)),
    .text("👩‍👩‍👧 family"), .text("שלום עולם"), .null, .text(""), .text("Zürich"), .text("東京タワー"),
    .text("\u{202E}reversed"), .text("zero\u{200B}width"), .text("\u{0}nul"),
    .json("{\"a\": [1, 2]}"),
  ]

  /// Records of hostile text, with decimals, mixed numbers, dates, truth values and BLOBs.
  static let hostile: [[CellValue]] = (1...33).map { id in
    let numbers: [CellValue] = [
      .decimal("-0.50"), .integer(7), .real(2.25), .decimal("1234567.891"), .null, .integer(7),
      .real(-0.0), .decimal("7"),
    ]
    let others: [CellValue] = [
      .date("2026-11-25"), .boolean(true), .blob([0, 1, 2, 255]),
      .timestamp("2026-11-25 09:30:00+00"),
      .boolean(false), .blob(Array("text in a blob".utf8)), .time("09:30:00"),
    ]
    return [
      .integer(Int64(id * 3)), hostileTexts[id % hostileTexts.count], numbers[id % numbers.count],
      others[id % others.count], hostileTexts[(id * 7) % hostileTexts.count],
    ]
  }

  /// Records in key order, each known by the value of its first column.
  static func pageRecords(_ rows: [[CellValue]], keyColumns: [Int] = [0]) -> [PageRecord] {
    rows.enumerated().map { index, values in
      PageRecord(
        values: values,
        key: RecordKey(
          keyColumns.isEmpty ? [.integer(Int64(index))] : keyColumns.map { values[$0] }))
    }
  }

  /// A fixture of `rows`, in key order, with columns `columns`.
  static func fixture(
    _ name: String, columns: [String], rows: [[CellValue]], keyColumns: [Int] = [0],
    width: Int = 80, height: Int = 12, searchTexts: [String]? = nil
  ) -> BrowsingFixture {
    let source = MemoryRecordSource(
      name: name, columns: columns, records: rows, keyColumns: keyColumns)
    return BrowsingFixture(
      source: source, records: pageRecords(rows, keyColumns: keyColumns), width: width,
      height: height, searchTexts: searchTexts)
  }

  static let peopleColumns = ["id", "name", "city", "balance", "avatar"]
  static let hostileColumns = ["id", "text", "number", "other", "more text"]
}

/// A source that can only page: it conforms to every capability but says sorting, searching
/// and jumping are unavailable, as a log or a stream whose abilities depend on its records
/// would, and filters no more than memory does.
struct PagingOnlySource: FullWrappingSource, RecordFeatureAvailability {
  let base: MemoryRecordSource

  func availability(of feature: RecordFeature) -> FeatureSupport {
    switch feature {
    case .sort: .unavailable("a log keeps its own order")
    case .search: .unavailable("nothing here is indexed")
    case .jump: .unavailable("lines are not counted")
    case .filter: base.support(for: .filter)
    case .valueCounts: .unavailable("a log is not counted")
    case .summary: .unavailable("a log is not summed up")
    }
  }

  func position(atOffset offset: Int, in view: RecordView) async throws -> RecordPosition? {
    try require(.jump)
    return try await base.position(atOffset: offset, in: view)
  }

  func rank(of position: RecordPosition, in view: RecordView) async throws -> Int {
    try require(.jump)
    return try await base.rank(of: position, in: view)
  }

  func search(
    _ text: SearchText, columns: Set<Int>?, from start: RecordPosition?, forward: Bool,
    in view: RecordView, progress: @escaping @Sendable (Int) -> Void
  ) async throws -> PageRecord? {
    try require(.search)
    return try await base.search(
      text, columns: columns, from: start, forward: forward, in: view, progress: progress)
  }
}

/// Every browsing case over records in memory: the same cases the SQLite source runs.
@MainActor
@Suite("Browsing cases over records in memory")
struct MemoryBrowsingCaseTests {
  /// The failures, one report a line, for the message of a failed expectation.
  func report(_ failures: [BrowsingFailure]) -> String {
    "\(failures.count) failure(s):\n" + failures.map(\.description).joined(separator: "\n")
  }

  @Test("People: every case", arguments: BrowsingCases.all.map(\.name))
  func people(caseName: String) async throws {
    let fixture = BrowsingFixtures.fixture(
      "people", columns: BrowsingFixtures.peopleColumns, rows: BrowsingFixtures.people,
      searchTexts: ["ada", "LON", "Kraków", "12.5", "7"])
    let cases = BrowsingCases.all.filter { $0.name == caseName }
    let failures = await BrowsingCases.run(fixture, cases: cases)
    #expect(failures.isEmpty, "\(report(failures))")
  }

  @Test("Hostile text: every case", arguments: BrowsingCases.all.map(\.name))
  func hostile(caseName: String) async throws {
    let fixture = BrowsingFixtures.fixture(
      "hostile", columns: BrowsingFixtures.hostileColumns, rows: BrowsingFixtures.hostile,
      searchTexts: ["東京", "été", "red", "zürich", "1234567.8", "long long", "שלום"])
    let cases = BrowsingCases.all.filter { $0.name == caseName }
    let failures = await BrowsingCases.run(fixture, cases: cases)
    #expect(failures.isEmpty, "\(report(failures))")
  }

  @Test("Hostile text on a narrow, short terminal, with pages of one record")
  func hostileNarrow() async throws {
    var fixture = BrowsingFixtures.fixture(
      "hostile", columns: BrowsingFixtures.hostileColumns, rows: BrowsingFixtures.hostile,
      width: 30, height: 7)
    fixture.pageSize = 1
    let failures = await BrowsingCases.run(fixture)
    #expect(failures.isEmpty, "\(report(failures))")
  }

  @Test("Records known by their index, with no key column")
  func indexKeys() async throws {
    let rows = BrowsingFixtures.people.map { Array($0.dropFirst()) }
    let fixture = BrowsingFixtures.fixture(
      "people", columns: Array(BrowsingFixtures.peopleColumns.dropFirst()), rows: rows,
      keyColumns: [])
    let failures = await BrowsingCases.run(fixture)
    #expect(failures.isEmpty, "\(report(failures))")
  }

  @Test("Records known by two columns of text and numbers")
  func compositeKeys() async throws {
    let rows: [[CellValue]] = ["a", "b", "c"].flatMap { letter in
      (1...9).map { number -> [CellValue] in
        [
          .text(letter), .integer(Int64(number)), .text("\(letter)\(number)"),
          .real(Double(number) / 4),
        ]
      }
    }
    let fixture = BrowsingFixtures.fixture(
      "pairs", columns: ["a", "b", "v", "q"], rows: rows, keyColumns: [0, 1])
    let failures = await BrowsingCases.run(fixture)
    #expect(failures.isEmpty, "\(report(failures))")
  }

  @Test("A source that can only page says why at s, / and :, and passes the rest")
  func pagingOnly() async throws {
    let base = MemoryRecordSource(
      name: "log", columns: BrowsingFixtures.peopleColumns, records: BrowsingFixtures.people,
      keyColumns: [0])
    let fixture = BrowsingFixture(
      source: PagingOnlySource(base: base),
      records: BrowsingFixtures.pageRecords(BrowsingFixtures.people))
    let failures = await BrowsingCases.run(fixture)
    #expect(failures.isEmpty, "\(report(failures))")
  }

  @Test("The case of a search with a column hidden fails over a source that searches them all")
  func hiddenColumnSearchCanFail() async throws {
    let rows = BrowsingFixtures.people
    let source = EveryColumnSearchSource(
      base: MemoryRecordSource(
        name: "people", columns: BrowsingFixtures.peopleColumns, records: rows, keyColumns: [0]))
    let fixture = BrowsingFixture(source: source, records: BrowsingFixtures.pageRecords(rows))
    let cases = BrowsingCases.all.filter { $0.name == "search shown columns" }
    #expect(cases.count == 1)
    let failures = await BrowsingCases.run(fixture, cases: cases)
    #expect(!failures.isEmpty)
    #expect(failures.allSatisfy { $0.caseName == "search shown columns" }, "\(report(failures))")
  }

  @Test("One record, and none")
  func tiny() async throws {
    let one = BrowsingFixtures.fixture(
      "one", columns: ["id", "name"], rows: [[.integer(1), .text("Ada")]])
    let none = BrowsingFixtures.fixture("none", columns: ["id", "name"], rows: [])
    let failures = await BrowsingCases.run(one) + BrowsingCases.run(none)
    #expect(failures.isEmpty, "\(report(failures))")
  }

  @Test("The cases fail when the reference is not what the source holds")
  func casesCanFail() async throws {
    var fixture = BrowsingFixtures.fixture(
      "people", columns: BrowsingFixtures.peopleColumns, rows: BrowsingFixtures.people)
    // The reference has two records swapped, as if the source returned them out of order.
    fixture.records.swapAt(0, 1)
    let failures = await BrowsingCases.run(fixture)
    let failed = Set(failures.map(\.caseName))
    for name in ["first screen", "moving", "paging forward", "paging backward", "sort"] {
      #expect(failed.contains(name), "\(name): \(report(failures))")
    }
    let first = try #require(failures.first)
    #expect(first.caseName == "first screen")
    #expect(first.description.hasPrefix("[first screen] expected opening: "))
    #expect(first.screen.count == 12)
    #expect(first.description.contains("\n  | people"))
  }
}

/// Records in memory whose search looks in every column, whichever it is asked to look in: what
/// a source that ignores the columns of a search does.
struct EveryColumnSearchSource: FullWrappingSource {
  let base: MemoryRecordSource

  func search(
    _ text: SearchText, columns: Set<Int>?, from start: RecordPosition?, forward: Bool,
    in view: RecordView, progress: @escaping @Sendable (Int) -> Void
  ) async throws -> PageRecord? {
    try await base.search(
      text, columns: nil, from: start, forward: forward, in: view, progress: progress)
  }
}
