import DataBrowserPostgres
import Foundation
import TermElementsRecords
import Testing

/// Filters that would change the database through what a read-only transaction still allows
/// (issue 22, item 1): large objects, a user's own volatile function, notifications, advisory
/// locks, settings, sequences. Each is refused by the browser's grammar with one line, before
/// any statement is sent, through the source as the screen uses it; the large objects, their
/// contents and every table are as they were.
@Suite("PostgreSQL filters that would write")
struct PostgresFilterWriteTests {
  /// A table with a large object's id, a large object the reading role owns, a function that
  /// writes, a sequence, and a role that may only read everything (`pg_read_all_data`), with
  /// `standard_conforming_strings` off, so that a string written for one setting only would
  /// read wrong.
  static let sql = """
    CREATE TABLE docs (id int PRIMARY KEY, name text NOT NULL, blob oid);
    CREATE TABLE log (at int);
    CREATE SEQUENCE counter;
    CREATE FUNCTION bump() RETURNS int VOLATILE LANGUAGE sql
      AS 'INSERT INTO log VALUES (1) RETURNING 1';
    CREATE ROLE lo_reader LOGIN;
    GRANT pg_read_all_data TO lo_reader;
    GRANT EXECUTE ON FUNCTION bump() TO lo_reader;
    ALTER ROLE lo_reader SET standard_conforming_strings = off;
    SELECT lo_from_bytea(4242, 'keep me');
    ALTER LARGE OBJECT 4242 OWNER TO lo_reader;
    INSERT INTO docs
      SELECT i, 'doc ' || i, CASE WHEN i = 1 THEN 4242 END FROM generate_series(1, 20) i;
    INSERT INTO docs VALUES (21, 'back\\slash', NULL);
    """

  /// The filters, each with the line it is refused with.
  static func filters(_ directory: String) -> [(String, String)] {
    let refused = { (name: String) in "\(name) is not a function a filter can call" }
    return [
      ("id < 3 and lo_create(0) > 0", refused("lo_create")),
      ("lo_creat(-1) > 0", refused("lo_creat")),
      ("lo_import('\(directory)/postmaster.pid') > 0", refused("lo_import")),
      ("lo_from_bytea(0, 'x') > 0", refused("lo_from_bytea")),
      ("lo_put(blob, 0, 'x') IS NULL", refused("lo_put")),
      ("lowrite(lo_open(blob, 131072), 'x') > 0", refused("lowrite")),
      ("lo_truncate(lo_open(blob, 131072), 0) = 0", refused("lo_truncate")),
      ("lo_unlink(blob) = 1", refused("lo_unlink")),
      ("lo_open(blob, 131072) > 0", refused("lo_open")),
      ("bump() > 0", refused("bump")),
      ("pg_notify('c', 'x') IS NULL", refused("pg_notify")),
      ("pg_advisory_lock(1) IS NULL", refused("pg_advisory_lock")),
      ("set_config('default_transaction_read_only', 'off', false) = 'off'", refused("set_config")),
      ("nextval('counter') > 0", refused("nextval")),
      ("pg_catalog.lo_unlink(blob) = 1", refused("pg_catalog.lo_unlink")),
      ("\"lo_unlink\"(blob) = 1", refused("\"lo_unlink\"")),
      ("LO_UNLINK(blob) = 1", refused("LO_UNLINK")),
      ("lower(lo_create(0)::text) <> ''", refused("lo_create")),
      ("CAST(lo_create(0) AS text) <> ''", refused("lo_create")),
      ("id IN (SELECT lo_unlink(blob))", "a filter has no subqueries"),
      ("id = 1; SELECT lo_unlink(4242)", "a filter is one expression: no ';'"),
      ("id = $1", "a filter has no parameters such as ?, :name or $1"),
    ]
  }

  /// What must not change: the large objects' count, the kept one's contents, the rows of
  /// every table, the sequence.
  static func state(_ settings: PostgresSettings) async throws -> [String] {
    let tables = try await TestServer.shared.query(
      settings,
      "SELECT format('%I.%I', schemaname, tablename) FROM pg_tables "
        + "WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1")
    #expect(tables == ["public.docs", "public.log"])
    return try await TestServer.shared.query(
      settings,
      """
      SELECT count(*) FROM pg_largeobject_metadata;
      SELECT convert_from(lo_get(4242), 'UTF8');
      SELECT md5(coalesce(string_agg(data::text, '|' ORDER BY loid, pageno), ''))
        FROM pg_largeobject;
      SELECT last_value, is_called FROM counter;
      """) + [try await TestServer.shared.checksum(settings, tables: tables)]
  }

  @Test("Large objects, a volatile function, notify, locks, settings, sequences: refused")
  func refused() async throws {
    let owner = try await TestServer.shared.database(Self.sql)
    let directory = try await TestServer.shared.directory()
    let reader = try PostgresSettings(
      "postgresql://lo_reader@/\(owner.database)?host=\(directory)")
    let before = try await Self.state(owner)
    #expect(before.prefix(2) == ["1", "keep me"])
    // As a role that may only read, and as the superuser, who may import files.
    for settings in [reader, owner] {
      let link = PostgresLink(settings: settings)
      let source = try await PostgresCatalog(link: link).postgresSource(named: "public.docs")
      for (filter, message) in Self.filters(directory) {
        let refusal = RecordSourceError.badFilter(message)
        await #expect(throws: refusal, "\(filter)") { try await source.validate(filter: filter) }
        await #expect(throws: refusal, "\(filter)") {
          try await source.page(after: nil, in: RecordView(filter: filter), limit: 5)
        }
        await #expect(throws: refusal, "\(filter)") {
          try await source.count(in: RecordView(filter: filter))
        }
      }
      // What the grammar allows still filters, a backslash read the same with
      // standard_conforming_strings off (the reader) as on (the owner).
      let found = try await source.page(
        after: nil, in: RecordView(filter: #"name = 'back\slash' OR lower(name) = 'doc 7'"#),
        limit: 5)
      #expect(found.map(\.key) == [RecordKey([.integer(7)]), RecordKey([.integer(21)])])
      await link.close()
    }
    #expect(try await Self.state(owner) == before)
  }

  @Test("A refused filter sends nothing: the server need not even be there")
  func refusedBeforeAnyStatement() async throws {
    let nowhere = try PostgresSettings("postgresql://nobody@/none?host=/nonexistent-\(getpid())")
    let link = PostgresLink(settings: nowhere)
    let table = PostgresTable(
      schema: "public", name: "docs", kind: .table,
      columns: [
        PostgresColumn(name: "id", typeName: "integer", baseType: "int4", isNotNull: true),
        PostgresColumn(name: "blob", typeName: "oid", baseType: "oid"),
      ],
      paging: .key([0]))
    let source = PostgresRecordSource(link: link, table: table)
    let refusal = RecordSourceError.badFilter("lo_unlink is not a function a filter can call")
    await #expect(throws: refusal) { try await source.validate(filter: "lo_unlink(blob) = 1") }
    await #expect(throws: refusal) {
      try await source.page(after: nil, in: RecordView(filter: "lo_unlink(blob) = 1"), limit: 5)
    }
    // An allowed filter does go to the server, which is not there.
    await #expect(throws: RecordSourceError.self) { try await source.validate(filter: "id = 1") }
    await link.close()
  }
}
