import Foundation
import TermElementsTestSupport
import Testing

@testable import TermElementsRecords

/// The ranges of a column of numbers in a CSV file, against a plain reading of the file.
@Suite("CSV histograms", .timeLimit(.minutes(5)))
struct CSVHistogramTests {
  @Test("Every number in its range, NULL and text apart, through a filter too, on many blocks")
  func exact() async throws {
    var lines = "id,x\n"
    for id in 0..<100_000 {
      let x = id % 997 == 0 ? "n/a" : id % 1_009 == 0 ? "" : "\(Double(id) * 0.00037)"
      lines += "\(id),\(x)\n"
    }
    let bytes = Array(lines.utf8)
    let file = try TemporaryCSV(bytes)
    defer { file.remove() }
    let source = try file.source()
    try await source.waitForIndex()
    let rows = ReferenceCSV.parse(bytes).dropFirst().map { ReferenceCSV.values($0, width: 2) }
    for (filter, kept) in [(nil, rows), ("id < 5000", Array(rows.prefix(5_000)))] {
      let histogram = try #require(
        try await source.histogram(ofColumn: 1, in: RecordView(filter: filter)))
      let numbers = kept.compactMap { $0[1].isNumber ? $0[1].numericValue : nil }
      let ranges = try #require(
        ValueRanges(least: numbers.min()!, greatest: numbers.max()!, integers: false))
      #expect(histogram.ranges == ranges)
      #expect(histogram == ValueHistogram.counting(kept.map { $0[1] }, ranges: ranges))
      #expect(histogram.others > 0 && histogram.records == kept.count)
    }
    #expect(try await source.histogram(ofColumn: 1, in: RecordView(filter: "id = 7")) == nil)
  }
}
