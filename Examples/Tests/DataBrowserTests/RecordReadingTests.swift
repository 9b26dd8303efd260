import DataBrowserCore
import Foundation
import GRDB
import TermElementsRecords
import Testing

/// A page's records, read from SQLite's row in place, against the SQL that used to cut them
/// (`CASE typeof(…) WHEN 'text' THEN substr(…)`, a BLOB's `length`), read through GRDB.
@Suite("Record reading")
struct RecordReadingTests {
  /// Long text of characters of one to four bytes, cut at every place around the limit, text
  /// with a NUL, text that is not UTF-8, BLOBs empty, short and long, NULLs and numbers: every
  /// record of a page is what the former SQL made of it.
  @Test("Records read in place are what the former SQL read")
  func sameAsFormerSQL() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let limit = RecordQuery.textLimit
    var values: [DatabaseValue] = [
      .null, 0.databaseValue, Int64.min.databaseValue, (-2.5).databaseValue, "".databaseValue,
      "zoë".databaseValue, "a\u{0}b".databaseValue, Data().databaseValue,
      Data([0, 1, 2]).databaseValue, Data((0..<300).map { UInt8($0 % 256) }).databaseValue,
    ]
    for character in ["x", "é", "東", "😀", "e\u{301}"] {
      for length in [limit - 1, limit, limit + 1, 3 * limit] {
        values.append(String(repeating: character, count: length).databaseValue)
      }
    }
    values.append((String(repeating: "x", count: limit - 1) + "東x").databaseValue)
    values.append((String(repeating: "y", count: 10) + "\u{0}" + "z").databaseValue)
    let path = try fixture.database { db in
      try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v, w TEXT)")
      for (index, value) in values.enumerated() {
        try db.execute(
          sql: "INSERT INTO t VALUES (?, ?, ?)",
          arguments: [index + 1, value, values[(index * 7) % values.count]])
      }
      // TEXT that is not UTF-8, a lone continuation byte and a lead byte with none.
      for (id, hex) in [(1_001, "61FF62"), (1_002, "C3"), (1_003, "80C3BC41"), (1_004, "E29C")] {
        try db.execute(
          sql: "INSERT INTO t VALUES (?, CAST(x'\(hex)' AS TEXT), NULL)", arguments: [id])
      }
    }
    let database = try BrowserDatabase.open(path: path)
    let schema = try database.schema(of: "t")
    try database.queue.read { db in
      for order in [SQLOrder.key, SQLOrder(column: "w", descending: true)] {
        let query = RecordQuery(schema: schema, order: order, limit: 500)
        let page = try query.page(db, after: nil)
        let former = try formerRecords(db, query)
        #expect(page.count == former.count)
        for (record, expected) in zip(page, former) {
          #expect(record == expected, "\(record.key)")
          #expect(try query.record(db, key: record.key) == expected)
        }
      }
    }
  }
}

/// Every record of `query` in its order, read by the SQL that cut the values before records
/// were read in place.
func formerRecords(_ db: Database, _ query: RecordQuery) throws -> [SQLRecord] {
  let columns = query.schema.columns.map { "\"\($0)\"" }
  let shown = columns.map { column in
    "CASE typeof(\(column)) WHEN 'text' THEN substr(\(column), 1, \(RecordQuery.textLimit))"
      + " WHEN 'blob' THEN substr(\(column), 1, \(CellValue.blobPrefixLength))"
      + " ELSE \(column) END"
  }
  let sizes = columns.map { "CASE typeof(\($0)) WHEN 'blob' THEN length(\($0)) END" }
  let keys = query.schema.keyColumns.map { "\"\($0)\"" }
  let sort = query.sortColumn.map { "\"\($0)\"" }
  let direction = query.order.descending ? " DESC" : ""
  let sql =
    "SELECT " + (shown + sizes + [sort ?? "NULL"] + keys).joined(separator: ", ") + " FROM \""
    + query.schema.name + "\" ORDER BY "
    + ([sort].compactMap { $0 } + keys).map { $0 + direction }.joined(separator: ", ")
  return try Row.fetchAll(db, sql: sql).map { row in
    let count = columns.count
    let values = (0..<count).map { index -> CellValue in
      let value: DatabaseValue = row[index]
      guard let size = row[count + index] as Int? else { return CellValue(value) }
      let prefix: [UInt8] = if case .blob(let bytes) = value.storage { Array(bytes) } else { [] }
      return .blob(size: size, prefix: prefix)
    }
    return SQLRecord(
      values: values, key: (0..<keys.count).map { row[2 * count + 1 + $0] as DatabaseValue },
      sortValue: sort == nil ? nil : row[2 * count] as DatabaseValue)
  }
}
