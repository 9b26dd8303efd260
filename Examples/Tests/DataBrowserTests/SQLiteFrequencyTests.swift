import DataBrowserCore
import Foundation
import GRDB
import TermElementsRecords
import TermElementsRecordsTesting
import Testing

@Suite("F over SQLite: counts in SQL, and Enter filters by the value")
struct SQLiteFrequencyTests {
  @Test("Hostile values counted as the fixture holds them; Enter keeps them; the file unchanged")
  func hostile() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let (path, records) = try SQLiteCellActionTests.hostile(fixture)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let source = try SQLiteRecordSource(database: BrowserDatabase.open(path: path), table: "things")
    let failures = await BrowsingCases.frequency.run(
      BrowsingFixture(source: source, records: records, width: 90, height: 12))
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("The counts through a filter, NULL apart from the text NULL, and what the limit leaves")
  func counts() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.database { db in
      try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, city TEXT, n INTEGER)")
      let cities: [DatabaseValue] = [
        "Oslo".databaseValue, .null, "NULL".databaseValue, "Oslo".databaseValue, .null,
        "it's".databaseValue, "Oslo".databaseValue,
      ]
      for (index, city) in cities.enumerated() {
        try db.execute(
          sql: "INSERT INTO t VALUES (?, ?, ?)", arguments: [index + 1, city, index % 2])
      }
    }
    let source = try SQLiteRecordSource(database: BrowserDatabase.open(path: path), table: "t")
    let all = try await source.valueCounts(ofColumn: 1, in: .all, limit: 100)
    #expect(
      all
        == ValueCounts(
          entries: [
            .init(value: .text("Oslo"), count: 3), .init(value: .null, count: 2),
            .init(value: .text("NULL"), count: 1), .init(value: .text("it's"), count: 1),
          ], records: 7))
    let filtered = try await source.valueCounts(
      ofColumn: 1, in: RecordView(filter: "n = 0"), limit: 100)
    #expect(filtered.records == 4)
    #expect(
      filtered.entries == [
        .init(value: .text("Oslo"), count: 2), .init(value: .null, count: 1),
        .init(value: .text("NULL"), count: 1),
      ])
    let limited = try await source.valueCounts(ofColumn: 1, in: .all, limit: 2)
    #expect(limited.entries.count == 2 && limited.otherValues == 2 && limited.otherRecords == 2)
    let none = try await source.valueCounts(ofColumn: 1, in: RecordView(filter: "n = 7"), limit: 9)
    #expect(none == ValueCounts(entries: [], records: 0))
  }
}
