import DataBrowserCore
import Foundation
import GRDB
import Synchronization
import TermElementsRecords
import Testing

/// Searching records for text: the next or previous match in the order and filter, found a
/// chunk at a time, with progress, cancellation, and the same rule as a cell's highlight.
@Suite("Record search")
struct RecordSearchTests {
  /// What a cell matches: TEXT and INTEGER values, case ignored, `%` and `_` plain.
  @Test("Which values match")
  func matching() {
    let ada = SearchText("ADA")
    #expect(ada.matches(.text("Ada Lovelace")))
    #expect(ada.matches(.text("ada")))
    #expect(!ada.matches(.text("Adä")))
    #expect(!ada.matches(.null))
    #expect(!ada.matches(.blob(size: 3, prefix: Array("ada".utf8))))
    #expect(SearchText("12").matches(.integer(3124)))
    #expect(!SearchText("2.5").matches(.real(2.5)))
    #expect(SearchText("50%").matches(.text("50% off")))
    #expect(!SearchText("5_%").matches(.text("50% off")))
    #expect(SearchText("a_b").matches(.text("A_B")))
    #expect(SearchText(#"k\s"#).matches(.text(#"back\slash"#)))
    #expect(SearchText("łukasz").matches(.text("Łukasz")))
    #expect(SearchText("ZÜRICH").matches(.text("Zürich fan")))
    #expect(!SearchText("").matches(.text("anything")))
    // An ASCII character only matches an ASCII one: not the Kelvin sign, whose lowercase is k.
    #expect(!SearchText("k").matches(.text("\u{212A}")))
    #expect(!SearchText("\u{212A}").matches(.text("k")))
    #expect(SearchText("\u{212A}").matches(.text("x\u{212A}")))
    #expect(!SearchText("ü1").matches(.integer(1)))
    let text = "Ada, ada and ADA"
    #expect(ada.ranges(in: text).map { String(text[$0]) } == ["Ada", "ada", "ADA"])
    let word = "Zürich, zürich"
    #expect(SearchText("zÜrich").ranges(in: word).map { String(word[$0]) } == ["Zürich", "zürich"])
    let mixed = "Łódź: ada"
    #expect(ada.ranges(in: mixed).map { String(mixed[$0]) } == ["ada"])
  }

  /// Folding twice is folding once, for every character: a character equal to a folded one
  /// matches it without being folded.
  @Test("A folded character folds to itself")
  func foldingIsIdempotent() {
    var unstable: [UInt32] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let folded = SearchText.fold(scalar)
      if SearchText.fold(folded) != folded { unstable.append(value) }
    }
    #expect(unstable.isEmpty)
    #expect(SearchText.fold("Ł") == "ł")
    #expect(SearchText.fold("A") == "a")
    #expect(SearchText.fold("\u{212A}") == "\u{212A}")
    #expect(SearchText.fold("ẞ") == "ß")
  }

  /// From every few records, forward and back, in orders with and without an index, with and
  /// without a filter, the search finds what a scan of the order with the cell rule finds.
  @Test(
    "Search finds the nearest match either way",
    arguments: [
      "ada", "50%", "a_b", "NEEDLE", "łukasz", "zürich", "Ü", "ÜRICH F", "2", "nothing like it",
    ])
  func nearest(text: String) async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let schema = try database.schema(of: "people")
    let search = SearchText(text)
    for column in [nil, "city", "name", "score"] {
      for descending in [false, true] {
        for filter in [nil, someFilter("people")] {
          let query = RecordQuery(
            schema: schema, order: SQLOrder(column: column, descending: descending),
            filter: filter, limit: 10)
          let reader = RecordReader(queue: database.queue, query: query)
          let rows = try await database.queue.read { db in try referenceRows(db, query) }
          let hits = rows.indices.filter { rows[$0].values.contains { search.matches($0) } }
          try await Self.expectNearest(
            reader, text, columns: nil, rows: rows, hits: hits, every: 37,
            context: "\(query.order)")
        }
      }
    }
  }

  /// In some columns, the search finds what a scan of the order finds in those columns, with
  /// matches in the others passed over: walking an index's order and reading by key alike.
  @Test(
    "Search in some columns finds the nearest match in them either way",
    arguments: ["ada", "1", "needle", "text", "Paris"])
  func nearestInColumns(text: String) async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let schema = try database.schema(of: "people")
    let search = SearchText(text)
    let everyColumn = Set(schema.columns.indices)
    let name = try #require(schema.columns.firstIndex(of: "name"))
    let note = try #require(schema.columns.firstIndex(of: "note"))
    let n = try #require(schema.columns.firstIndex(of: "n"))
    var passedOver = 0
    // The city's order walks its index; the score's, with none, reads the table by key.
    for column in [nil, "city", "score"] {
      for filter in [nil, someFilter("people")] {
        let query = RecordQuery(
          schema: schema, order: SQLOrder(column: column, descending: column == "city"),
          filter: filter, limit: 10)
        let reader = RecordReader(queue: database.queue, query: query)
        let rows = try await database.queue.read { db in try referenceRows(db, query) }
        for columns in [[name], everyColumn.subtracting([name]), [n, note], []] as [Set<Int>] {
          let hits = rows.indices.filter { search.matches(any: rows[$0].values, in: columns) }
          passedOver +=
            rows.indices.filter { search.matches(any: rows[$0].values) }.count - hits.count
          try await Self.expectNearest(
            reader, text, columns: columns, rows: rows, hits: hits, every: 29,
            context: "\(query.order) \(filter ?? "") in \(columns.sorted())")
        }
      }
    }
    // Every text is held in the columns left out somewhere.
    #expect(passedOver > 0)
  }

  /// Expects `reader` to find `text` in `columns` at the nearest of `hits` (indexes in `rows`,
  /// the order's records) after and before every `step`-th record, and from no record.
  static func expectNearest(
    _ reader: RecordReader, _ text: String, columns: Set<Int>?,
    rows: [(values: [CellValue], position: SQLPosition)], hits: [Int], every step: Int,
    context: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for start in stride(from: -1, to: rows.count, by: step) {
      let from = start < 0 ? nil : rows[start].position
      let next = hits.first { start < 0 || $0 > start }
      let found = try await reader.search(
        text, columns: columns, from: from, forward: true, chunkSize: 9)
      #expect(
        found?.position == next.map { rows[$0].position }, "\(context) \(start)",
        sourceLocation: sourceLocation)
      let previous = hits.last { $0 < (start < 0 ? rows.count : start) }
      let back = try await reader.search(
        text, columns: columns, from: from, forward: false, chunkSize: 9)
      #expect(
        back?.position == previous.map { rows[$0].position }, "\(context) \(start) back",
        sourceLocation: sourceLocation)
    }
  }

  /// Keys of several columns and the hidden rowid continue chunks as well as an INTEGER
  /// PRIMARY KEY does.
  @Test("Search in every kind of table", arguments: ["pairs", "words"])
  func tables(table: String) async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let schema = try database.schema(of: table)
    for order in allOrders(schema) {
      for text in ["t1", "y", "APPLE", "1", "on"] {
        let query = RecordQuery(schema: schema, order: order, limit: 10)
        let reader = RecordReader(queue: database.queue, query: query)
        let rows = try await database.queue.read { db in try referenceRows(db, query) }
        let search = SearchText(text)
        let hits = rows.indices.filter { rows[$0].values.contains { search.matches($0) } }
        for start in stride(from: -1, to: rows.count, by: 11) {
          let from = start < 0 ? nil : rows[start].position
          let found = try await reader.search(text, from: from, chunkSize: 4)
          let next = hits.first { start < 0 || $0 > start }
          #expect(found?.position == next.map { rows[$0].position }, "\(order) \(text) \(start)")
          let back = try await reader.search(text, from: from, forward: false, chunkSize: 4)
          let previous = hits.last { $0 < (start < 0 ? rows.count : start) }
          #expect(back?.position == previous.map { rows[$0].position }, "\(order) \(text) back")
        }
      }
    }
  }

  /// Progress counts the records read, chunk by chunk, to all of them when nothing matches;
  /// in an order with no index, the table is read in key order once.
  @Test("Progress, and not found", arguments: [nil, "city", "score"])
  func progress(column: String?) async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let query = RecordQuery(
      schema: try database.schema(of: "people"), order: SQLOrder(column: column), limit: 10)
    let reader = RecordReader(queue: database.queue, query: query)
    let total = try await reader.count()
    let reports = Reports()
    let found = try await reader.search("no such text", from: nil, chunkSize: 50) {
      reports.append($0)
    }
    #expect(found == nil)
    let counts = reports.values
    #expect(counts.last == total)
    #expect(counts == counts.sorted())
    #expect(counts.count >= total / 50)
    #expect(zip(counts, counts.dropFirst()).allSatisfy { $1 - $0 <= 50 })
  }

  /// Cancelling the task between chunks stops the search with `CancellationError`.
  @Test("A search can be cancelled")
  func cancel() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    for column in [nil, "score"] {
      let reader = RecordReader(
        queue: database.queue,
        query: RecordQuery(
          schema: try database.schema(of: "people"), order: SQLOrder(column: column), limit: 10))
      let reports = Reports()
      let search = Task {
        try await reader.search("no such text", from: nil, chunkSize: 20) { scanned in
          reports.append(scanned)
          if scanned >= 60 { withUnsafeCurrentTask { $0?.cancel() } }
        }
      }
      await #expect(throws: CancellationError.self) { try await search.value }
      #expect(reports.values == [20, 40, 60])
      #expect(try await reader.count() > 0)
    }
  }
}

/// Progress reports, kept from a `@Sendable` closure.
final class Reports: Sendable {
  /// The reports.
  private let storage = Mutex<[Int]>([])
  /// Keeps a report.
  func append(_ value: Int) { storage.withLock { $0.append(value) } }
  /// The reports so far.
  var values: [Int] { storage.withLock { $0 } }
}
