import DataBrowserPostgres
import TermElementsRecords
import TermElementsRecordsSQL
import Testing

/// What a page's statement asks the server for: values as their types write them, with no
/// cast the browser does not need, and no text of a key part that a column already gives.
@Suite("PostgreSQL page statements")
struct PostgresPageStatementTests {
  /// `public.people`: a `bigint` key, long text, bytes and a network address.
  static let people = PostgresTable(
    schema: "public", name: "people", kind: .table,
    columns: [
      PostgresColumn(name: "id", typeName: "bigint", baseType: "int8", isNotNull: true),
      PostgresColumn(name: "name", typeName: "text", baseType: "text"),
      PostgresColumn(name: "photo", typeName: "bytea", baseType: "bytea"),
      PostgresColumn(name: "addr", typeName: "inet", baseType: "inet"),
      PostgresColumn(name: "tags", typeName: "text[]", baseType: "_text"),
    ],
    paging: .key([0]))

  /// The first page's statement of `view`.
  static func firstPage(_ view: RecordView) throws -> (PostgresViewQuery, PostgresStatement) {
    let query = try PostgresViewQuery(table: people, view: view)
    let segment = try #require(query.segments(from: nil, forward: true).first)
    return (query, query.page(segment, limit: 200))
  }

  @Test("In the key's order: one plain statement, the key read from its column")
  func keyOrder() throws {
    let (query, page) = try Self.firstPage(.all)
    let table = "\"public\".\"people\""
    #expect(
      page.sql.hasPrefix(
        "SELECT \(table).\"id\", CASE WHEN octet_length(\(table).\"name\") <= 1024 THEN "
          + "\(table).\"name\" ELSE left(\(table).\"name\", 1024) END, "
          + "octet_length(\(table).\"photo\")"
      ))
    #expect(page.sql.contains(", \(table).\"addr\", left(\(table).\"tags\"::text, 1024) FROM"))
    #expect(!page.sql.contains(" AS p"))
    #expect(query.pageRowWidth == 5)
  }

  @Test("Sorted: the page chosen in a subquery; a sort column's text only when no column gives it")
  func sorted() throws {
    let (byName, namePage) = try Self.firstPage(RecordView(order: RecordOrder(column: 1)))
    #expect(namePage.sql.contains(") AS p ORDER BY"))
    #expect(byName.pageRowWidth == 6)
    let (byAddress, _) = try Self.firstPage(RecordView(order: RecordOrder(column: 3)))
    #expect(byAddress.pageRowWidth == 5)
  }

  @Test("LIMIT and OFFSET are written into the SQL, at their own placeholders only")
  func limitWritten() {
    // A filter's text that reads like the placeholders, and is not UTF-8 of one byte a letter.
    let filter = "(name = 'Zoë CAST($2::text AS bigint) CAST($3::text AS bigint)')"
    let statement = PostgresStatement(
      SQLStatement<CellValue>(
        sql: "SELECT id FROM t WHERE \(filter) AND id > CAST($1::text AS bigint) "
          + "LIMIT CAST($2::text AS bigint) OFFSET CAST($3::text AS bigint)",
        parameters: [.value(.integer(5)), .integer(200), .integer(7)]))
    #expect(
      statement.sql == "SELECT id FROM t WHERE \(filter) AND id > CAST($1::text AS bigint) "
        + "LIMIT 200 OFFSET 7")
    #expect(statement.parameters == ["5"])
  }
}
