import DataBrowserCore
import Foundation
import GRDB
import TermElements
import TermElementsRecords
import TermElementsRecordsTesting
import Testing

@Suite("F over SQLite on more numbers than it counts one by one: ranges counted in SQL")
struct SQLiteHistogramTests {
  /// The values of `x`: 1,500 reals 0.0007 apart, the ends 0.3, 0.6 and 0.7 (whose quotients
  /// by 0.1 round below them), NULL twice and a text.
  static let values: [DatabaseValue] =
    (0..<1_500).map { (Double($0) * 0.0007).databaseValue }
    + [0.3, 0.6, 0.7].map(\.databaseValue) + [.null, .null, "n/a".databaseValue]

  /// A table `t` of ``values``, each with its `id` from 1.
  static func table(_ fixture: Fixture) throws -> SQLiteRecordSource {
    let path = try fixture.database { db in
      try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, x REAL)")
      for (index, value) in values.enumerated() {
        try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [index + 1, value])
      }
    }
    return try SQLiteRecordSource(database: BrowserDatabase.open(path: path), table: "t")
  }

  @Test("The ranges' counts are those of each value put in its range in memory, text apart")
  func counts() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let source = try Self.table(fixture)
    let histogram = try #require(try await source.histogram(ofColumn: 1, in: .all))
    let ranges = try #require(ValueRanges(least: 0, greatest: 1_499 * 0.0007, integers: false))
    #expect(histogram.ranges == ranges)
    #expect(ranges.width == 0.1 && ranges.count == 11 && ranges.bound(7) == .decimal("0.7"))
    let expected = ValueHistogram.counting(Self.values.map { CellValue($0) }, ranges: ranges)
    #expect(histogram == expected)
    #expect(histogram.nulls == 2 && histogram.others == 1 && histogram.records == 1_506)
    // Through a filter.
    let filtered = try #require(
      try await source.histogram(ofColumn: 1, in: RecordView(filter: "id % 2 = 0")))
    let even = Self.values.enumerated().filter { ($0.offset + 1) % 2 == 0 }.map {
      CellValue($0.element)
    }
    #expect(filtered.records == even.count && filtered.counts.reduce(0, +) == even.count - 2)
    // No two different numbers: no ranges.
    #expect(try await source.histogram(ofColumn: 1, in: RecordView(filter: "id = 1")) == nil)
  }

  @Test("F: the ranges, NULL apart and the text left out said; Enter keeps a range's records")
  @MainActor
  func screen() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let source = try Self.table(fixture)
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], width: 80, height: 9), case: "F, ranges")
    session.records?.frequencyLimit = 100
    await session.press(.right, .character("F"))
    #expect(
      session.lines == [
        " t › x values · 1,506 records, 1,503 values in ranges, 1 not numbers left out   ",
        " x from     │ to         │ count      │ %          │ bar                        ",
        "        0.0 │        0.1 │        143 │        9.5 │ ███████████████████████▉   ",
        "        0.1 │        0.2 │        143 │        9.5 │ ███████████████████████▉   ",
        "        0.2 │        0.3 │        143 │        9.5 │ ███████████████████████▉   ",
        "        0.3 │        0.4 │        144 │        9.6 │ ████████████████████████   ",
        "        0.4 │        0.5 │        143 │        9.5 │ ███████████████████████▉   ",
        "        0.5 │        0.6 │        143 │        9.5 │ ███████████████████████▉   ",
        " x values · 12 loaded                                                      1/12 ",
      ])
    // 0.7 to 0.8: 0.7 itself twice (the end and 1,000 × 0.0007), and the reals after it.
    await session.press(.down, .down, .down, .down, .down, .down, .down, .enter)
    #expect(session.records?.view.filter == #"("x" >= 0.7 AND "x" < 0.8)"#)
    let inRange = Self.values.compactMap { Double.fromDatabaseValue($0) }.filter {
      $0 >= 0.7 && $0 < 0.8
    }
    #expect(session.records?.count == .exact(inRange.count))
  }
}
