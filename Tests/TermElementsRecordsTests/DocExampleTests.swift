import Foundation
import TermElements
import Testing

@testable import TermElementsRecords

// The examples of the doc comments of TermElementsRecords, compiled and run here line for
// line; `DocExampleCoverageTests`, in TermElementsTests, keeps the two in step.

// Doc: RecordSorting (RecordSorting.swift), RecordFeatureAvailability
/// Records in memory that sort, slowly, and do nothing else.
struct LogSource: WrappingSource {
  let base: MemoryRecordSource
}

extension LogSource: RecordSorting {}

extension LogSource: RecordFeatureAvailability {
  func availability(of feature: RecordFeature) -> FeatureSupport {
    feature == .sort ? .slow("sorting reads the whole log") : .available
  }
}
// END

@Suite("Doc comment examples of TermElementsRecords")
struct RecordsDocExampleTests {
  @Test("Capabilities: what a source can do, and a source that adds some")
  func capabilities() async throws {
    do {
      // Doc: RecordSource.support(for:) (RecordSource+Capabilities.swift)
      let people = MemoryRecordSource(name: "people", columns: ["id"], records: [])
      let canSort = people.support(for: .sort).isAvailable  // true
      // END
      #expect(canSort)
    }
    do {
      // Doc: RecordJumping (RecordJumping.swift)
      let people = MemoryRecordSource(name: "people", columns: ["id"], records: [[.integer(7)]])
      let first = try await people.position(atOffset: 0, in: .all)
      // END
      #expect(first?.key == RecordKey([.integer(0)]))  // with no key column, the index
    }
    let log = LogSource(base: MemoryRecordSource(name: "log", columns: ["line"], records: []))
    #expect(log.support(for: .sort) == .slow("sorting reads the whole log"))
    #expect(try await log.sortSupport(column: 0, in: .all) == .slow("sorting reads the whole log"))
    #expect(log.support(for: .search) == .unavailable("the source cannot search its records"))
    #expect(throws: RecordSourceError.unavailable(.filter, "the source has no filter language")) {
      try log.require(.filter)
    }
  }

  @Test("Filter by the value under the cursor, and copy: the text written")
  func cellActions() {
    // Doc: CellCondition (CellCondition.swift)
    let name = CellCondition.name("first \"name\"")  // "\"first \"\"name\"\"\""
    let text = CellCondition.text("it's")  // "'it''s'"
    let kept = CellCondition.condition(name, equals: text, negated: false)
    let filter = CellCondition.and("balance > 10", kept)
    // END
    #expect(name == "\"first \"\"name\"\"\"")
    #expect(text == "'it''s'")
    #expect(filter == "(balance > 10) AND \"first \"\"name\"\"\" = 'it''s'")
    // Doc: ClipboardText (ClipboardText.swift)
    let line = ClipboardText.record([.integer(1), .text("a\tb"), .null])  // "1\ta\\tb\t\\N"
    // END
    #expect(line == "1\ta\\tb\t\\N")
  }

  @Test("Export: the format by the extension, and a view written to a file")
  func export() async throws {
    // Doc: RecordExportFormat (RecordExportFormat.swift)
    let format = RecordExportFormat(path: "people.CSV")  // .csv
    let none = RecordExportFormat(path: "people.xlsx")  // nil
    // END
    #expect(format == .csv)
    #expect(none == nil)
    // Doc: RecordExport (RecordExport.swift)
    let people = MemoryRecordSource(
      name: "people", columns: ["id", "name"],
      records: [[.integer(1), .text("Ada")], [.integer(2), .text("Grace")]], keyColumns: [0])
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("people.csv").path
    let written = try await RecordExport.write(people, view: .all, to: path, overwrite: true)
    // 2 records: "id,name\r\n1,Ada\r\n2,Grace\r\n"
    // END
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(written == 2)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "id,name\r\n1,Ada\r\n2,Grace\r\n")
  }

  @Test("Values: cells, their order, counts, keys and search")
  func values() {
    // Doc: CellValue (CellValue.swift)
    let row: [CellValue] = [.integer(17), .text("Ada"), .decimal("1204.50"), .null]
    let cells = row.map(\.cellText)  // ["17", "Ada", "1204.50", "NULL"]
    // END
    #expect(cells == ["17", "Ada", "1204.50", "NULL"])
    // Doc: CellValue.precedes(_:) (CellValue+Order.swift)
    let nullFirst = CellValue.null.precedes(.integer(0))  // true
    let byValue = CellValue.decimal("2.5").precedes(.integer(3))  // true
    // END
    #expect(nullFirst && byValue)
    // Doc: RecordCount (RecordCount.swift)
    let about = RecordCount.estimated(1_200_000).text  // "~1,200,000"
    // END
    #expect(about == "~1,200,000")
    // Doc: SearchText (SearchText.swift)
    let search = SearchText("müller")
    let found = search.matches(.text("Jürgen MÜLLER"))  // true
    let number = search.matches(.integer(42))  // false
    // END
    #expect(found && !number)
    // Doc: RecordColumn, RecordKey, RecordOrder, RecordView, PageRecord, FeatureSupport
    let columns = [RecordColumn("id"), RecordColumn("name")]
    let key = RecordKey([.integer(17)])
    let byCity = RecordOrder(column: 3, descending: true)
    let view = RecordView(order: RecordOrder(column: 1), filter: "city = 'Lagos'")
    let record = PageRecord(values: [.integer(1), .text("Ada")], key: RecordKey([.integer(1)]))
    let support = FeatureSupport.unavailable("a log has no columns to sort by")
    // END
    #expect(columns.count == 2 && key.values.count == 1 && byCity.descending)
    // Doc: DetailValue
    let whole = DetailValue(.text("Ada"))
    let start = DetailValue(.text("yyyy"), wholeByteCount: 200_000_000)
    // END
    #expect(whole.wholeByteCount == nil && start.wholeByteCount == 200_000_000)
    #expect(DetailContent(start).omittedBytes == 200_000_000 - 4)
    // Doc: RecordKey.rowID (RecordKey+RowID.swift)
    let rowOf17 = RecordKey([.integer(17)]).rowID  // RowID(17)
    // END
    #expect(rowOf17 == RowID(17))
    #expect(view.filter != nil && record.position.sortValue == nil && !support.isAvailable)
  }

  @Test("A source and a catalog of records in memory")
  func sources() async throws {
    // Doc: RecordSource (RecordSource.swift)
    let people = MemoryRecordSource(
      name: "people", columns: ["id", "name"],
      records: [[.integer(1), .text("Ada")], [.integer(2), .text("Grace")]], keyColumns: [0])
    let first = try await people.page(after: nil, in: .all, limit: 50)
    // END
    #expect(first.count == 2)
    let cities = MemoryRecordSource(name: "cities", columns: ["name"], records: [])
    // Doc: RecordCatalog (RecordCatalog.swift), MemoryCatalog (MemoryCatalog.swift)
    let catalog = MemoryCatalog([people, cities])
    let names = try await catalog.sheets().map(\.name)
    // END
    #expect(names == ["people", "cities"])
    #expect(try await byCityExample() == [.text("London"), .null].reversed())
    #expect(try encodableExample().columns.map(\.name) == ["id", "name"])
  }

  @Test("RecordSearching: a search in one column passes over a match in another")
  func searching() async throws {
    // Doc: RecordSearching (RecordSearching.swift)
    let people = MemoryRecordSource(
      name: "people", columns: ["id", "name", "note"],
      records: [[.integer(1), .text("Ada"), .text("met Grace")]], keyColumns: [0])
    // Grace is in the note, not in the name: nil.
    let byName = try await people.search(
      SearchText("grace"), columns: [1], from: nil, forward: true, in: .all, progress: { _ in })
    // END
    #expect(byName == nil)
    let byNote = try await people.search(
      SearchText("grace"), columns: [2], from: nil, forward: true, in: .all
    ) { _ in }
    #expect(byNote?.key == RecordKey([.integer(1)]))
  }

  /// The `MemoryRecordSource` example: records by city.
  func byCityExample() async throws -> [CellValue] {
    // Doc: MemoryRecordSource (MemoryRecordSource.swift)
    let people = MemoryRecordSource(
      name: "people", columns: ["id", "name", "city"],
      records: [
        [.integer(1), .text("Ada"), .text("London")],
        [.integer(2), .text("Grace"), .null],
      ],
      keyColumns: [0])
    let byCity = RecordView(order: RecordOrder(column: 2))
    let first = try await people.page(after: nil, in: byCity, limit: 10)
    // END
    return first.map { $0.values[2] }
  }

  /// The `MemoryRecordSource(name:items:key:)` example.
  func encodableExample() throws -> MemoryRecordSource {
    // Doc: MemoryRecordSource.init(name:items:key:) (MemoryRecordSource+Encodable.swift)
    struct Person: Encodable {
      let id: Int
      let name: String
    }
    let people = try MemoryRecordSource(
      name: "people", items: [Person(id: 1, name: "Ada")], key: "id")
    // END
    return people
  }

  @Test("RecordFilter: a filter read and a record through it")
  func recordFilter() throws {
    // Doc: RecordFilter (RecordFilter.swift)
    let columns = [RecordColumn("name"), RecordColumn("balance")]
    let filter = try RecordFilter.parse("balance >= 10 and name ~ 'ad'", columns: columns)
    let passes = filter.matches([.text("Ada"), .decimal("12.50")])  // true
    // END
    #expect(passes)
    #expect(!filter.matches([.text("Ada"), .integer(9)]))
  }

  @Test("PromptLine: typed, then taken with Enter")
  func promptLine() {
    // Doc: PromptLine (PromptLine.swift)
    var prompt = PromptLine(kind: .search)
    _ = prompt.handle(.character("A"))
    _ = prompt.handle(.character("d"))
    #expect(prompt.handle(.enter) == .done("Ad"))
    // END
    var jump = PromptLine(kind: .jump, text: "12")
    #expect(jump.handle(.backspace) == .editing)
    #expect(jump.statusText(width: 80) == ":1█")
    #expect(jump.handle(.backspace) == .editing)
    #expect(jump.handle(.backspace) == .cancelled)
    var filter = PromptLine(kind: .filter, text: String(repeating: "x", count: 100))
    #expect(filter.statusText(width: 20).terminalWidth <= 18)
    #expect(filter.statusText(width: 20).hasSuffix("xx█"))
    #expect(filter.handle(.escape) == .cancelled)
  }

  @Test("RecordLine: cells in their columns")
  func recordLine() {
    // Doc: RecordLine (RecordLine.swift)
    let line = ElementOf<RecordLine>(
      props: RecordLine.Props(cells: [.init("1"), .init("Ada")], widths: [3, 10]))
    // END
    var screen = Screen(width: 16, height: 1)
    screen.draw { line.draw(in: &$0) }
    #expect(screen.lines == ["1   │ Ada       "])
  }

  @Test("DecimalColumns: the points of a column line up")
  func decimalColumns() {
    // Doc: DecimalColumns (DecimalColumns.swift)
    let decimals = DecimalColumns.measure([[.real(453.8)], [.real(4689.74)], [.integer(12)]])
    let text = CellValue.real(453.8).cellText(decimals: decimals[0])  // "453.80"
    // END
    #expect(decimals == [2])
    #expect(text == "453.80")
  }

  @Test("ValueCounts and RecordValueCounting: how many records hold each value")
  func valueCounts() async throws {
    // Doc: ValueCounts (ValueCounts.swift)
    let counts = ValueCounts(
      entries: [.init(value: .text("Oslo"), count: 2), .init(value: .null, count: 1)],
      records: 3)
    let share = counts.entries[0].count * 100 / counts.records  // 66
    // END
    #expect(share == 66)
  }

  @Test("ValueHistogram and ValueRanges: the records in each range of round width")
  func histogram() throws {
    do {
      // Doc: ValueHistogram (ValueHistogram.swift)
      let ranges = ValueRanges(least: 3, greatest: 97, integers: true)!
      // 0 – 5, 5 – 10, …, 95 – 100: ranges.count == 20, ranges.width == 5
      let histogram = ValueHistogram.counting(
        [.integer(3), .integer(4), .integer(97), .null], ranges: ranges)
      // histogram.counts[0] == 2, histogram.counts[19] == 1, histogram.nulls == 1
      // END
      #expect(ranges.count == 20 && ranges.width == 5)
      #expect(histogram.counts[0] == 2 && histogram.counts[19] == 1 && histogram.nulls == 1)
      #expect(histogram.records == 4 && histogram.counts.reduce(0, +) == 3)
    }
    // Doc: ValueRanges (ValueHistogram.swift)
    let ranges = ValueRanges(least: 0.13, greatest: 0.92, integers: false)!
    // ranges.width == 0.05, ranges.bound(0) == .decimal("0.10"), ranges.count == 17
    // END
    #expect(ranges.width == 0.05 && ranges.bound(0) == .decimal("0.10") && ranges.count == 17)
  }

  @Test("RecordValueCounting: a source counts the values of a column")
  func valueCounting() async throws {
    // Doc: RecordValueCounting (RecordValueCounting.swift)
    let people = MemoryRecordSource(
      name: "people", columns: ["id", "city"],
      records: [[.integer(1), .text("Oslo")], [.integer(2), .text("Oslo")]])
    let counts = try await people.valueCounts(ofColumn: 1, in: .all, limit: 100)
    // counts.entries == [.init(value: .text("Oslo"), count: 2)]
    // END
    #expect(counts.entries == [.init(value: .text("Oslo"), count: 2)])
  }

  @MainActor
  @Test("RecordsScreen and Browser: opened on records in memory")
  func screens() async throws {
    // Doc: RecordsScreen (RecordsScreen.swift)
    let source = MemoryRecordSource(
      name: "people", columns: ["id", "name"], records: [[.integer(1), .text("Ada")]],
      keyColumns: [0])
    let screen = try await RecordsScreen.open(source)
    // END
    var frame = Screen(width: 20, height: 4)
    screen.render(into: &frame)
    #expect(
      frame.lines == [
        " id │ name          ", "  1 │ Ada           ", "                    ",
        " people · 1 lo… 1/1 ",
      ])
    let people = source
    // Doc: Browser (Browser.swift)
    let catalog = MemoryCatalog([people])
    let browser = try await Browser.open(catalog)
    // In the app, which links TermElementsCurses:
    // try await CursesApplication.run(browser.stack)
    // END
    #expect(browser.mode == .tables)
  }

  @Test("A CSV file: its source, its catalog and its index")
  func csv() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "doc-csv-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appending(path: "people.csv").path
    try Data("id,name,city\n1,Ada,São Paulo\n2,Alan,Wilmslow\n".utf8).write(
      to: URL(fileURLWithPath: path))
    let (first, last, status) = try await csvSourceExample(path: path)
    #expect(first.count == 2 && last.count == 2)
    #expect(status == "" || status.hasPrefix("indexing"))
    let people = try await csvCatalogExample(path: path)
    #expect(people.name == "people.csv")
  }

  /// The `CSVRecordSource` and `CSVIndexProgress` examples, on the file at `path` in place of
  /// `/tmp/people.csv`.
  func csvSourceExample(path: String) async throws -> ([PageRecord], [PageRecord], String) {
    let source = try CSVRecordSource(path: path)
    let progress = source.indexProgress
    let status = progress.isComplete ? "" : "indexing \(Int(progress.fraction * 100))%"
    let first = try await source.page(after: nil, in: .all, limit: 50)
    let last = try await source.page(before: nil, in: .all, limit: 50)
    _ = try await indexProgressExample(source)
    return (first, last, status)
    // Doc: CSVRecordSource (CSVRecordSource.swift), as in the test above
    // let source = try CSVRecordSource(path: "/tmp/people.csv")
  }

  /// The `indexProgressUpdates()` example: the last status it makes.
  func indexProgressExample(_ source: CSVRecordSource) async throws -> String {
    var status = ""
    for await progress in source.indexProgressUpdates() {
      status = "indexing \(Int(progress.fraction * 100))%"
    }
    return status
  }

  /// The `CSVCatalog` example on the file at `path`, compiled as written with its path.
  func csvCatalogExample(path: String) async throws -> any RecordSource {
    let catalog = try CSVCatalog(path: path)
    let people = try await catalog.source(named: "people.csv")
    return people
  }

  /// The examples with `/tmp/people.csv`, compiled word for word and never run.
  func csvExamplesAsWritten() async throws {
    let catalog = try CSVCatalog(path: "/tmp/people.csv")
    let people = try await catalog.source(named: "people.csv")
    let source = try CSVRecordSource(path: "/tmp/people.csv")
    let first = try await source.page(after: nil, in: .all, limit: 50)
    let last = try await source.page(before: nil, in: .all, limit: 50)
    _ = (people, first, last)
  }

  @Test("The summary of the columns: a source's, its value, its screen")
  @MainActor
  func summary() async throws {
    do {
      // Doc: RecordSummarizing (RecordSummarizing.swift)
      let people = MemoryRecordSource(
        name: "people", columns: ["id", "city"],
        records: [[.integer(1), .text("Oslo")], [.integer(2), .null]], keyColumns: [0])
      let city = try await people.summary(ofColumn: 1, in: .all)
      // city.values == 1, city.nulls == 1, city.kinds == ["text"]
      // END
      #expect(city.values == 1 && city.nulls == 1 && city.kinds == ["text"])
    }
    // Doc: ColumnSummary (ColumnSummary.swift)
    let summary = ColumnSummary(
      kinds: ["integer"], values: 3, nulls: 1, distinct: .exact(2),
      minimum: .integer(1), maximum: .integer(5), mean: 3)
    let share = summary.nullShare  // 0.25
    // END
    #expect(share == 0.25)
    do {
      // Doc: SummaryScreen (SummaryScreen.swift)
      let people = MemoryRecordSource(
        name: "people", columns: ["id", "city"],
        records: [[.integer(1), .text("Oslo")], [.integer(2), .null]], keyColumns: [0])
      let summary = SummaryScreen(source: people, view: .all, columns: [0, 1])
      await summary.waitUntilSummed()
      // END
      #expect(summary.summaries.map { $0?.values } == [2, 1])
    }
  }
}
