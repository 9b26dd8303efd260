import DataBrowserPostgres
import Foundation
import TermElementsRecords
import TermElementsRecordsTesting
import Testing

/// `e` over a PostgreSQL table of hostile values, on the tests' server.
@Suite("PostgreSQL: e exports the records shown")
struct PostgresExportTests {
  /// Text values: commas, quotes, line breaks, CR, tabs, backslashes, NULL and the text
  /// `NULL`, empty text, combining marks, and 3,400 bytes of all of these.
  static let texts = [
    "'a,b'", "'say \"hi\"'", "E'line\\nbreak'", "E'cr\\rhere'", "E'tab\\there'",
    "E'back\\\\slash'", "'NULL'", "NULL", "''", "'e\u{301}le\u{300}ve'",
    "repeat(E'a \"b\", c\\r\\nd\\\\ e\u{301} ', 200)",
  ]
  /// bytea values: empty, NULL, a few bytes and 3,000 bytes.
  static let blobs = [
    "'\\x'::bytea", "NULL", "'\\x00ff2c22'::bytea", "decode(repeat('ab', 3000), 'hex')",
  ]
  /// jsonb values.
  static let documents = ["'{\"a\": [1, \"x\\\\ny\"]}'", "'\"text\"'", "NULL", "'null'", "'12.5'"]

  static var sql: String {
    var sql = "CREATE TABLE things (id int PRIMARY KEY, t text, raw bytea, j jsonb, n numeric);\n"
    for id in 1...30 {
      sql +=
        "INSERT INTO things VALUES (\(id), \(texts[id % texts.count]), "
        + "\(blobs[id % blobs.count]), \(documents[id % documents.count]), \(id).50);\n"
    }
    return sql
  }

  @Test("CSV reads back with the CSV source, TSV and JSON lines parsed; the table is unchanged")
  func exporting() async throws {
    let settings = try await TestServer.shared.database(Self.sql)
    let before = try await TestServer.shared.checksum(settings, tables: ["public.things"])
    let link = PostgresLink(settings: settings)
    defer { Task { await link.close() } }
    let source = try await PostgresCatalog(link: link).source(named: "public.things")
    // The reference: each record read whole, by its key.
    var records: [PageRecord] = []
    for id in 1...30 {
      let key = RecordKey([.integer(Int64(id))])
      let values = try #require(try await source.wholeRecord(key: key))
      records.append(PageRecord(values: values, key: key))
    }
    // What the reference holds, as the statements above wrote it.
    #expect(records[5].values[1] == .text("NULL"))
    #expect(records[6].values[1] == .null)
    #expect(records[7].values[1] == .text(""))
    #expect(records[9].values[1].cellText.utf8.count == 3_400)
    #expect(records[3].values[2] == .blob([]))
    #expect(records[2].values[2] == .blob(Array(repeating: 0xAB, count: 3_000)))
    let page = try await source.page(after: nil, in: .all, limit: 30)
    #expect(page[9].values[1] != records[9].values[1], "a page keeps the start of a long text")
    let failures = await BrowsingCases.run(
      BrowsingFixture(source: source, records: records, width: 90, height: 12),
      cases: [BrowsingCases.exporting])
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    #expect(try await TestServer.shared.checksum(settings, tables: ["public.things"]) == before)
  }
}
