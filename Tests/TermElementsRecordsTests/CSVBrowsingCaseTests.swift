import Foundation
import TermElementsRecordsTesting
import Testing

@testable import TermElementsRecords

/// The shared browsing cases and source checks over a CSV file: the same screens, keys and
/// promises as over records in memory and over SQLite.
@Suite("CSV browsing cases")
struct CSVBrowsingCaseTests {
  /// A file of people with hostile fields: quoted commas, quotes and line breaks, wide and
  /// combining characters, escape sequences, ties and numbers of every form; and its records
  /// as a plain parse reads them, keyed by their numbers.
  static func people() throws -> (TemporaryCSV, [PageRecord]) {
    var lines = ["id,name,city,note,balance"]
    let names = ["Ada", "\"Quoted, name\"", "東京タワー", "Zoë", "e\u{301}", "\u{1B}[31mred"]
    let cities = ["Paris", "", "\"Line\nbreak\"", "Oslo"]
    for id in 1...60 {
      lines.append(
        "\(id),\(names[id % names.count]),\(cities[id % cities.count]),"
          + "\(id % 7 == 0 ? "\"say \"\"hi\"\"\"" : "n\(id % 5)"),\(["12.50", "3", "-1", "007"][id % 4])"
      )
    }
    let file = try TemporaryCSV(lines.joined(separator: "\r\n") + "\r\n")
    let parsed = ReferenceCSV.parse(Array(try Data(contentsOf: URL(fileURLWithPath: file.path))))
    let records = parsed.dropFirst().enumerated().map { index, fields in
      PageRecord(
        values: ReferenceCSV.values(fields, width: 5), key: RecordKey([.integer(Int64(index + 1))]))
    }
    return (file, records)
  }

  @Test("Every browsing case passes over a CSV file once it is indexed")
  func cases() async throws {
    let (file, records) = try Self.people()
    defer { file.remove() }
    let source = try file.source()
    try await source.waitForIndex()
    let failures = await BrowsingCases.run(
      BrowsingFixture(source: source, records: records, width: 90, height: 12))
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("Every source check passes over a CSV file once it is indexed")
  func checks() async throws {
    let (file, records) = try Self.people()
    defer { file.remove() }
    let source = try file.source()
    try await source.waitForIndex()
    try await SourceChecks.check(source, records: records)
  }
}
