import DataBrowserPostgres
import TermElementsRecords
import Testing

/// What the catalogue says of a relation, read in one statement: its schema however it is
/// named, its columns in order past dropped ones, and the key it pages by.
@Suite("PostgreSQL schema reader")
struct PostgresSchemaReaderTests {
  /// Schemas that `regnamespace` writes quoted, and keys of every kind.
  static let schema = #"""
    CREATE SCHEMA "Odd ""Schema""";
    CREATE TABLE "Odd ""Schema""".t (id int PRIMARY KEY, n text);
    CREATE SCHEMA "select";
    CREATE TABLE "select".t (a int NOT NULL, b int NOT NULL, c int NOT NULL UNIQUE,
      PRIMARY KEY (a, b));
    CREATE TABLE two_unique (x int NOT NULL, y int NOT NULL, UNIQUE (x, y));
    CREATE UNIQUE INDEX ON two_unique (y);
    CREATE TABLE nullable_unique (x int UNIQUE, y int);
    CREATE TABLE dropped (gone int, id int PRIMARY KEY, v text);
    ALTER TABLE dropped DROP COLUMN gone;
    """#

  /// The source of `name` in a database of ``schema``, and its link to close.
  static func source(_ name: String) async throws -> (PostgresRecordSource, PostgresLink) {
    let link = PostgresLink(
      settings: try await TestServer.shared.sharedDatabase("schemas", sql: schema))
    do {
      return (try await PostgresCatalog(link: link).postgresSource(named: name), link)
    } catch {
      await link.close()
      throw error
    }
  }

  @Test("A schema whose name is quoted is read unquoted, and named as the user names it")
  func quotedSchemas() async throws {
    let (odd, link) = try await Self.source("\"Odd \"\"Schema\"\"\".t")
    defer { Task { await link.close() } }
    #expect(odd.table.schema == "Odd \"Schema\"")
    #expect(odd.table.paging == .key([0]))
    let catalog = PostgresCatalog(link: link)
    let keyword = try await catalog.postgresSource(named: "select.t")
    #expect(keyword.table.schema == "select")
    #expect(keyword.table.columns.map(\.name) == ["a", "b", "c"])
    let error = await #expect(throws: RecordSourceError.self) {
      try await catalog.source(named: "t")
    }
    #expect(
      error?.description.contains(
        "\"t\" is in several schemas: \"Odd \"\"Schema\"\"\".t, select.t") == true,
      "\(String(describing: error))")
  }

  @Test("The primary key first, then the unique index of fewest NOT NULL columns")
  func keys() async throws {
    let (keyword, link) = try await Self.source("select.t")
    defer { Task { await link.close() } }
    #expect(keyword.table.paging == .key([0, 1]))
    let catalog = PostgresCatalog(link: link)
    #expect(try await catalog.postgresSource(named: "two_unique").table.paging == .key([1]))
    #expect(
      try await catalog.postgresSource(named: "nullable_unique").table.paging == .rowAddress)
    let dropped = try await catalog.postgresSource(named: "dropped")
    #expect(dropped.table.columns.map(\.name) == ["id", "v"])
    #expect(dropped.table.paging == .key([0]))
  }

  @Test("The system's schemas are not browsed")
  func systemSchemas() async throws {
    let (_, link) = try await Self.source("dropped")
    defer { Task { await link.close() } }
    let catalog = PostgresCatalog(link: link)
    for name in ["information_schema.tables", "pg_catalog.pg_class", "pg_class"] {
      let error = await #expect(throws: RecordSourceError.self) {
        try await catalog.source(named: name)
      }
      #expect(
        error?.description.contains("no table or view") == true,
        "\(name): \(String(describing: error))")
    }
  }
}
