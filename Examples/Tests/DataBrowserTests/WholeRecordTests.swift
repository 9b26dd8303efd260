import DataBrowserCore
import Testing

/// The SQL that reads one whole record.
@Suite("Whole records")
struct WholeRecordTests {
  /// One record by its key: `=` on the key, a row value for a composite key, each column
  /// qualified by the table, as the keyset planner writes them.
  @Test("The SQL of one record")
  func recordSQL() {
    let items = TableSchema(name: "items", columns: ["id", "label"], key: .rowid(alias: "id"))
    #expect(WholeRecord.sql(for: items) == #"SELECT * FROM "items" WHERE "items"."id" = ?"#)
    let plain = TableSchema(name: "plain", columns: ["rowid", "word"], key: .rowid(alias: nil))
    #expect(
      WholeRecord.sql(for: plain) == #"SELECT rowid, * FROM "plain" WHERE "plain"."rowid" = ?"#)
    let pairs = TableSchema(name: "pairs", columns: ["a", "b", "v"], key: .primaryKey(["a", "b"]))
    #expect(
      WholeRecord.sql(for: pairs)
        == #"SELECT * FROM "pairs" WHERE ("pairs"."a", "pairs"."b") = (?, ?)"#)
  }
}
