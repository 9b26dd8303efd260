import DataBrowserCore
import Foundation
import GRDB
import TermElementsRecords
import TermElementsRecordsTesting
import Testing

/// `I` over SQLite: the summary of each column in SQL, the kinds from `typeof`.
@Suite("SQLite: I sums up the columns in SQL")
struct SQLiteSummaryTests {
  @Test("The summary case over hostile values and a column of every storage class")
  func summaryCase() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let (path, records) = try SQLiteCellActionTests.hostile(fixture)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let source = try SQLiteRecordSource(database: BrowserDatabase.open(path: path), table: "things")
    let failures = await BrowsingCases.run(
      BrowsingFixture(source: source, records: records, width: 90, height: 12),
      cases: [BrowsingCases.summary])
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("The whole screen: mixed storage classes, NULL apart from the text NULL")
  @MainActor
  func wholeScreen() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let (path, _) = try SQLiteCellActionTests.hostile(fixture)
    let source = try SQLiteRecordSource(database: BrowserDatabase.open(path: path), table: "things")
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], height: 8), case: "I over SQLite")
    await session.press(.character("I"))
    #expect(
      session.lines == [
        " things › things summary                                                        ",
        " column   │ type                   │ values │ NULLs │ NULL share    │ distinct› ",
        " id       │ integer                │     40 │     0 │            0% │       40  ",
        " name     │ text                   │     36 │     4 │ ▊         10% │       10  ",
        " amount   │ real                   │     34 │     6 │ █▎        15% │        6  ",
        " anything │ integer+real+text+blob │     35 │     5 │ █         13% │        6  ",
        "                                                                                ",
        " things · 4 of 4 columns summed up · Enter: the column's values      column 1/4 ",
      ])
    await session.press(.right, .right, .right, .right, .right, .right, .right)
    #expect(
      session.lines == [
        " things › things summary                                                        ",
        " column   ‹ NULL share    │ distinct │ min                  │ max             › ",
        " id       │            0% │       40 │                    1 │           40      ",
        " name     │ ▊         10% │       10 │                      │ tab     here      ",
        " amount   │ █▎        15% │        6 │                  0.0 │       1e+300      ",
        " anything │ █         13% │        6 │ -9223372036854775808 │ x'275C00'         ",
        "                                                                                ",
        " things · 4 of 4 columns summed up · Enter: the column's values      column 1/4 ",
      ])
  }

  @Test("Distinct values: exact by an index, estimated from a sample past it, exact within it")
  func distinct() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.database { db in
      try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, tag TEXT, code INTEGER)")
      try db.execute(sql: "CREATE INDEX t_tag ON t(tag)")
      for id in 1...2_000 {
        try db.execute(
          sql: "INSERT INTO t VALUES (?, ?, ?)", arguments: [id, "tag \(id % 7)", id])
      }
    }
    let database = try BrowserDatabase.open(path: path)
    let query = RecordQuery(schema: try database.schema(of: "t"), limit: 1)
    let (tag, code, small) = try await database.queue.read { db in
      (
        try query.summary(db, column: "tag", sampleLimit: 100),
        try query.summary(db, column: "code", sampleLimit: 100),
        try query.summary(db, column: "code", sampleLimit: 5_000)
      )
    }
    #expect(tag.distinct == .exact(7))
    // Every code is seen once in a sample of 100: √(2,000 / 100) · 100, an estimate.
    #expect(code.distinct == .estimated(447))
    #expect(small.distinct == .exact(2_000))
    #expect(code.minimum == .integer(1) && code.maximum == .integer(2_000) && code.mean == 1_000.5)
  }
}
