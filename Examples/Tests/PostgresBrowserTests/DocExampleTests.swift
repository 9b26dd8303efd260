import DataBrowserPostgres
import TermElementsRecords
import Testing

// The examples of the doc comments of DataBrowserPostgres, compiled and checked here, word for
// word between a `// Doc:` line naming where they come from and `// END`;
// `DocExampleCoverageTests`, in TermElementsTests, keeps the two in step.

@Suite("PostgreSQL doc comment examples")
struct PostgresDocExampleTests {
  @Test("Settings, columns, tables, statements, queries and the filter rule")
  func pureExamples() throws {
    // Doc: PostgresSettings (PostgresSettings.swift)
    let settings = try PostgresSettings(
      "postgresql://ada:secret@db.example.com:5433/shop?sslmode=require")
    let shown = settings.description
    // "user=ada dbname=shop host=db.example.com port=5433 sslmode=require"
    // END
    #expect(shown == "user=ada dbname=shop host=db.example.com port=5433 sslmode=require")

    // Doc: PostgresColumn (PostgresColumn.swift)
    let balance = PostgresColumn(name: "balance", typeName: "numeric(12,2)", baseType: "numeric")
    let value = balance.value(fromText: "1204.50")  // .decimal("1204.50")
    // END
    #expect(value == .decimal("1204.50"))

    // Doc: PostgresTable (PostgresTable.swift)
    let people = PostgresTable(
      schema: "public", name: "people", kind: .table,
      columns: [PostgresColumn(name: "id", typeName: "bigint", baseType: "int8", isNotNull: true)],
      paging: .key([0]))
    let sql = people.sqlName  // "\"public\".\"people\""
    // END
    #expect(sql == "\"public\".\"people\"")

    // Doc: PostgresStatement (PostgresStatement.swift)
    var statement = PostgresStatement("SELECT count(*) FROM t WHERE id > ")
    statement.append(parameter: "17", type: "bigint")
    // END
    #expect(statement.sql == "SELECT count(*) FROM t WHERE id > CAST($1::text AS bigint)")
    #expect(statement.parameters == ["17"])

    // Doc: PostgresViewQuery (PostgresViewQuery.swift)
    let view = RecordView(order: RecordOrder(column: 0, descending: true))
    let query = try PostgresViewQuery(table: people, view: view)
    let first = query.segments(from: nil, forward: true).map { query.page($0, limit: 50) }
    // END
    // `id` cannot be NULL: one segment, down the ascending order, the limit written in.
    #expect(first.count == 1)
    #expect(first[0].sql.hasSuffix("LIMIT 50) AS p ORDER BY p.\"s0\" DESC, p.\"k0\" DESC"))
    #expect(first[0].parameters == [])

    // Doc: PostgresFilter (PostgresFilter.swift)
    let filterSQL = try PostgresFilter.sql("city = 'Oslo'", columns: ["id", "city"])
    // END
    #expect(filterSQL == "\"city\" = E'Oslo'")
    #expect(throws: RecordSourceError.badFilter("lo_create is not a function a filter can call")) {
      _ = try PostgresFilter.sql("lo_create(0) > 0", columns: ["id"])
    }
  }

  @Test("A link, a catalog and a source, on the tests' server")
  func serverExamples() async throws {
    let url = try await Database.kinds.settings().connectionString
    // Doc: PostgresLink (PostgresLink.swift)
    let link = PostgresLink(settings: try PostgresSettings(url))
    let count = try await link.read { try await $0.rows(PostgresStatement("SELECT 1")) }
    // END
    #expect(count.count == 1)
    let settings = link.settings
    // Doc: PostgresCatalog (PostgresCatalog.swift)
    let catalog = PostgresCatalog(link: PostgresLink(settings: settings))
    let names = try await catalog.sheets().map(\.name)  // ["public.people", "shop.orders"]
    // END
    #expect(names.contains("shop.orders"))
    try await peopleExample(url: url)
    await link.close()
    await catalog.link.close()
  }

  /// The source example, whose database has no `public.people`: it says so.
  func peopleExample(url: String) async throws {
    await #expect(throws: RecordSourceError.self) {
      // Doc: PostgresRecordSource (PostgresRecordSource.swift)
      let link = PostgresLink(settings: try PostgresSettings(url))
      let people = try await PostgresCatalog(link: link).source(named: "public.people")
      // END
      _ = people
    }
  }
}
