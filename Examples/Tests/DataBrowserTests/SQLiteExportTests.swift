import DataBrowserCore
import Foundation
import GRDB
import TermElementsRecords
import TermElementsRecordsTesting
import Testing

/// `e` over a SQLite table of hostile values, read back from CSV, TSV and JSON lines.
@Suite("SQLite: e exports the records shown")
struct SQLiteExportTests {
  /// A long TEXT: 30,000 UTF-8 bytes of quotes, commas, CR LF and combining marks.
  static let long = String(repeating: "a \"quoted\", line\r\nbreak e\u{301}  .", count: 1_000)

  /// A database of hostile values with long ones (a TEXT of 30,000 bytes with quotes,
  /// commas and line breaks, a BLOB of 5,000 bytes), and its records as a plain query reads
  /// them.
  static func hostile(_ fixture: Fixture) throws -> (String, [PageRecord]) {
    let (path, _) = try SQLiteCellActionTests.hostile(fixture)
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(sql: "ALTER TABLE things ADD COLUMN long")
      let values: [DatabaseValue] = [
        Self.long.databaseValue, Data((0..<5_000).map { UInt8($0 % 256) }).databaseValue,
        "cr\ronly".databaseValue, "comma, and \"quote\"".databaseValue, .null,
      ]
      for id in 1...40 {
        try db.execute(
          sql: "UPDATE things SET long = ? WHERE id = ?",
          arguments: [values[id % values.count], id])
      }
    }
    try queue.close()
    return (path, try SQLiteBrowsingCaseTests.records(path, table: "things", key: ["id"]))
  }

  @Test("CSV reads back with the CSV source, TSV and JSON lines parsed; the file is unchanged")
  func exporting() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let (path, records) = try Self.hostile(fixture)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let source = try SQLiteRecordSource(database: BrowserDatabase.open(path: path), table: "things")
    let failures = await BrowsingCases.run(
      BrowsingFixture(source: source, records: records, width: 90, height: 12),
      cases: [BrowsingCases.exporting])
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("Pages of whole values: the long TEXT and BLOB whole, the rest as pages read them")
  func wholePages() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let (path, _) = try Self.hostile(fixture)
    let source = try SQLiteRecordSource(database: BrowserDatabase.open(path: path), table: "things")
    let view = RecordView(order: RecordOrder(column: 1, descending: true))
    let pages = try await source.page(after: nil, in: view, limit: 40)
    let whole = try await source.wholePage(after: nil, in: view, limit: 40)
    #expect(whole.map(\.key) == pages.map(\.key))
    for (record, page) in zip(whole, pages) {
      #expect(try await source.wholeRecord(key: record.key) == record.values)
      #expect(record.values.dropLast() == page.values.dropLast())
    }
    #expect(Self.long.utf8.count == 30_000)
    #expect(whole.contains { $0.values[4] == .text(Self.long) })
    #expect(pages.allSatisfy { $0.values[4] != .text(Self.long) })
    #expect(whole.contains { $0.values[4] == .blob((0..<5_000).map { UInt8($0 % 256) }) })
  }

  @Test("The database browsed is never written, even asked twice")
  @MainActor
  func browsedDatabase() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let (path, _) = try Self.hostile(fixture)
    // Named as a CSV file, so that only the check of the files open stops it.
    let renamed = fixture.path("things.csv")
    try FileManager.default.moveItem(atPath: path, toPath: renamed)
    let before = try Data(contentsOf: URL(fileURLWithPath: renamed))
    let source = try SQLiteRecordSource(
      database: BrowserDatabase.open(path: renamed), table: "things")
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], width: 160, height: 8), case: "e")
    for _ in 0..<2 {
      await session.press(.character("e"))
      await session.type(renamed)
      #expect(
        session.statusLineSays(
          "\(renamed) is a file the browser has open (the records browsed?): choose another name"),
        "\(session.statusLine)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: renamed)) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path) == ["things.csv"])
  }
}
