import DataBrowserCore
import Foundation
import GRDB
import TermElementsRecords
import TermElementsRecordsTesting
import Testing

/// `=`, `!`, `y` and `Y` over a SQLite table of hostile values: quotes, backslashes, line
/// breaks, NULL and the text `NULL`, empty text and an empty BLOB, reals that print long, and a
/// column of no type that holds the integer 42, the real 42.0, the text `42` and BLOBs.
@Suite("SQLite: = and ! filter by the value, y and Y copy it")
struct SQLiteCellActionTests {
  /// A database of hostile values, and its records as a plain query reads them.
  static func hostile(_ fixture: Fixture) throws -> (String, [PageRecord]) {
    let texts: [DatabaseValue] = [
      "O'Brien".databaseValue, "say \"hi\"".databaseValue, "back\\slash\\".databaseValue,
      "line\nbreak".databaseValue, "NULL".databaseValue, .null, "".databaseValue,
      "42".databaseValue, "'\u{301}accent".databaseValue, "tab\there".databaseValue,
      "\\'; drop".databaseValue,
    ]
    let reals: [DatabaseValue] = [
      (0.1 + 0.2).databaseValue, (1e300).databaseValue, (-0.0).databaseValue,
      (Double.leastNonzeroMagnitude).databaseValue, (1.0 / 3).databaseValue, .null,
      (123_456_789.123_456_78).databaseValue,
    ]
    let mixed: [DatabaseValue] = [
      42.databaseValue, (42.0).databaseValue, "42".databaseValue, Data().databaseValue,
      Data([0x27, 0x5C, 0]).databaseValue, .null, "".databaseValue, Int64.min.databaseValue,
    ]
    let path = try fixture.database { db in
      try db.execute(
        sql: "CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT, amount REAL, anything)")
      for id in 1...40 {
        try db.execute(
          sql: "INSERT INTO things VALUES (?, ?, ?, ?)",
          arguments: [
            id, texts[id % texts.count], reals[id % reals.count], mixed[id % mixed.count],
          ])
      }
    }
    return (path, try SQLiteBrowsingCaseTests.records(path, table: "things", key: ["id"]))
  }

  @Test("= keeps exactly the equal records, ! the others but NULLs; the file is unchanged")
  func filterByValue() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let (path, records) = try Self.hostile(fixture)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let source = try SQLiteRecordSource(database: BrowserDatabase.open(path: path), table: "things")
    let failures = await BrowsingCases.run(
      BrowsingFixture(source: source, records: records, width: 90, height: 12),
      cases: [BrowsingCases.filterByValue, BrowsingCases.copying])
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("A BLOB is found by its storage class and bytes; NULLs are not among the others")
  func blobs() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let (path, _) = try Self.hostile(fixture)
    let source = try SQLiteRecordSource(database: BrowserDatabase.open(path: path), table: "things")
    let kept = try source.condition(column: 3, equals: .blob([0x27, 0x5C, 0]), negated: false)
    #expect(kept == "(typeof(\"anything\") = 'blob' AND hex(\"anything\") = '275C00')")
    let empty = try source.condition(column: 3, equals: .blob([]), negated: true)
    #expect(
      empty
        == "(\"anything\" IS NOT NULL AND NOT (typeof(\"anything\") = 'blob' AND hex(\"anything\") = ''))"
    )
    // Five records of 40 hold the empty BLOB (ids 3, 11, 19, 27, 35), five NULL.
    #expect(try await source.count(in: RecordView(filter: empty)) == .exact(30))
    #expect(try await source.count(in: RecordView(filter: kept)) == .exact(5))
  }
}
