import DataBrowserCore
import Foundation
import GRDB
import TermElementsRecords
import TermElementsRecordsTesting
import Testing

/// The shared browsing cases of TermElementsRecordsTesting over SQLite tables: the same screens,
/// keys and promises as over records in memory and over a CSV file.
@Suite("SQLite browsing cases")
struct SQLiteBrowsingCaseTests {
  /// The records of `table` in key order, read with one plain query, as pages hold them.
  static func records(_ path: String, table: String, key: [String]) throws -> [PageRecord] {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    return try queue.read { db in
      let rows = try Row.fetchAll(
        db, sql: "SELECT * FROM \(table) ORDER BY \(key.joined(separator: ", "))")
      return rows.map { row in
        let values = Array(row.databaseValues).map { value -> CellValue in
          if case .blob(let data) = value.storage {
            return .blob(size: data.count, prefix: Array(data.prefix(CellValue.blobPrefixLength)))
          }
          return CellValue(value)
        }
        let keys = key.map { name in CellValue(row[name] as DatabaseValue) }
        return PageRecord(values: values, key: RecordKey(keys))
      }
    }
  }

  @Test(
    "Every browsing case passes over a rowid table and a composite key",
    arguments: [
      ("items", ["id"]), ("pairs", ["a", "b"]),
    ])
  func cases(table: String, key: [String]) async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = try fixture.standard(count: 120, gaps: true)
    let before = try bytes(path)
    let records = try Self.records(path, table: table, key: key)
    let source = try SQLiteRecordSource(database: BrowserDatabase.open(path: path), table: table)
    let failures = await BrowsingCases.run(
      BrowsingFixture(source: source, records: records, width: 90, height: 12))
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    #expect(try bytes(path) == before)
  }
}
