import DataBrowserPostgres
import TermElementsRecords
import Testing

/// `F`'s ranges over PostgreSQL, for a column of more numbers than it counts one by one.
@Suite("PostgreSQL histograms")
struct PostgresHistogramTests {
  /// 1,500 reals 0.0007 apart, the ends 0.3, 0.6 and 0.7 (whose quotients by 0.1 round
  /// below them as `double precision`), and NULL twice.
  static let values: [Double?] =
    (0..<1_500).map { Double($0) * 0.0007 } + [0.3, 0.6, 0.7, nil, nil]

  @Test(
    "The ranges' counts are those of each value put in its range in memory; Enter's filter agrees")
  func counts() async throws {
    let rows = Self.values.enumerated().map {
      "(\($0.offset + 1), \($0.element.map { "\($0)" } ?? "NULL"))"
    }
    let settings = try await TestServer.shared.database(
      "CREATE TABLE t (id int PRIMARY KEY, x double precision, n numeric); "
        + "INSERT INTO t (id, x) VALUES \(rows.joined(separator: ", ")); "
        + "UPDATE t SET n = id * 10;")
    let link = PostgresLink(settings: settings, connections: 1)
    defer { Task { await link.close() } }
    let source = try #require(
      try await PostgresCatalog(link: link).source(named: "t") as? any RecordValueCounting)
    let histogram = try #require(try await source.histogram(ofColumn: 1, in: .all))
    let ranges = try #require(ValueRanges(least: 0, greatest: 1_499 * 0.0007, integers: false))
    #expect(histogram.ranges == ranges)
    let cells = Self.values.map { $0.map(CellValue.real) ?? .null }
    #expect(histogram == ValueHistogram.counting(cells, ranges: ranges))
    #expect(histogram.nulls == 2 && histogram.records == 1_505)
    // Each range's count is what its filter finds.
    for index in 0..<ranges.count {
      let low = try #require(try CellCondition.literal(ranges.bound(index)))
      let high = try #require(try CellCondition.literal(ranges.bound(index + 1)))
      let filter = "x >= \(low) AND x < \(high)"
      let found = try await source.count(in: RecordView(filter: filter)).exactValue
      #expect(found == histogram.counts[index], "\(filter)")
    }
    // Whole numbers through a filter: 10 to 7,500, ends of 500.
    let numbers = try #require(
      try await source.histogram(ofColumn: 2, in: RecordView(filter: "id <= 750")))
    #expect(numbers.ranges.bound(0) == .decimal("0") && numbers.ranges.width == 500)
    #expect(numbers.records == 750 && numbers.counts.reduce(0, +) == 750)
    #expect(numbers.counts.first == 49 && numbers.counts.last == 1)
    // Not numbers: no ranges.
    #expect(try await source.histogram(ofColumn: 0, in: RecordView(filter: "id = 1")) == nil)
  }
}
