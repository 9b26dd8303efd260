import Testing

@testable import TermElementsRecordsSQL

/// What a filter may not hold, refused with one line before any SQL is written.
@Suite("SQL filter refusals")
struct SQLFilterRefusalTests {
  /// The message `text` is refused with in `dialect`, or `nil` when it is read.
  static func refusal(_ text: String, _ dialect: SQLDialect) -> String? {
    do {
      _ = try SQLFilter.parse(text, columns: ["id", "name", "oid"], dialect: dialect)
      return nil
    } catch {
      return error.message
    }
  }

  @Test("Functions that write, lock, notify or set are not on the list")
  func writingFunctions() {
    let calls = [
      ("lo_create", "id < 3 and lo_create(0) > 0"),
      ("lo_creat", "lo_creat(-1) > 0"),
      ("lo_import", "lo_import('/etc/passwd') > 0"),
      ("lo_from_bytea", "lo_from_bytea(0, 'x') > 0"),
      ("lo_put", "lo_put(oid, 0, 'x') IS NULL"),
      ("lowrite", "lowrite(0, 'x') > 0"),
      ("lo_truncate", "lo_truncate(0, 0) = 0"),
      ("LO_UNLINK", "LO_UNLINK(oid) = 1"),
      ("lo_open", "lo_open(oid, 131072) > 0"),
      ("pg_notify", "pg_notify('c', 'x') IS NULL"),
      ("pg_advisory_lock", "pg_advisory_lock(1) IS NULL"),
      ("set_config", "set_config('default_transaction_read_only', 'off', false) = 'off'"),
      ("nextval", "nextval('counter') > 0"),
      ("my_volatile_function", "my_volatile_function(id) > 0"),
      ("pg_catalog.setval", "pg_catalog.setval('s', 42) > 0"),
      ("public.lower", "public.lower(name) = 'x'"),
      ("\"lower\"", "\"lower\"(name) = 'x'"),
      ("count", "count(*) > 1"),
      ("writefile", "writefile('/tmp/x', 'x') IS NOT NULL"),
      ("load_extension", "load_extension('x') IS NULL"),
      ("randomblob", "randomblob(4) IS NOT NULL"),
    ]
    for (name, text) in calls {
      for dialect in [SQLDialect.sqlite, .postgreSQL] {
        #expect(
          Self.refusal(text, dialect) == "\(name) is not a function a filter can call",
          "\(text)")
      }
    }
  }

  @Test("No subquery, statement, comment, parameter or foreign syntax")
  func structure() {
    let cases: [(String, String)] = [
      ("id IN (SELECT 1)", "a filter has no subqueries"),
      ("(select count(*) from other) > 0", "a filter has no subqueries"),
      ("EXISTS (SELECT 1)", "a filter has no subqueries"),
      ("1 = 1; DROP TABLE people", "a filter is one expression: no ';'"),
      ("1=1) OR (1=1", "a ')' closes more than was opened"),
      ("(id = 1", "a '(' is not closed"),
      ("id = 1 -- x", "a filter has no comments"),
      ("id /* x */ = 1", "a filter has no comments"),
      ("id = $1", "a filter has no parameters such as ?, :name or $1"),
      ("name = $$x$$", "a filter has no parameters such as ?, :name or $1"),
      ("id = ?", "a filter has no parameters such as ?, :name or $1"),
      ("id = :id", "a filter has no parameters such as ?, :name or $1"),
      ("name = 'open", "a string is not closed"),
      ("\"open = 1", "a quoted name is not closed"),
      ("nosuchcolumn = 1", "there is no column “nosuchcolumn”"),
      ("people.id = 1", "a filter names a column alone, without a table: “people.id”"),
      ("balance >", "there is no column “balance”"),
      ("id >", "the filter is not finished: “id >”"),
      ("id = 1 AND", "the filter is not finished: “id = 1 AND”"),
      ("id >>> 3", "“>” cannot follow “id >”"),
      ("= 1", "a filter cannot start with “=”"),
      ("id = 1 name", "“name” cannot follow “id = 1”"),
      ("CAST(id AS regclass) > 0", "regclass is not a type a filter can cast to"),
      ("id IS 3", "expected NULL, TRUE, FALSE or DISTINCT FROM after “id IS”, found “3”"),
      ("id IN ()", "IN needs at least one value"),
      ("[id] = 1", "“[” at character 1 is not part of a filter"),
      ("", "the filter is empty"),
      (
        String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100),
        "the filter nests too deeply"
      ),
      (
        Array(repeating: "id", count: 600).joined(separator: " + ") + " > 0",
        "the filter is too long: at most 1000 names, values and operators"
      ),
    ]
    for (text, message) in cases {
      #expect(Self.refusal(text, .postgreSQL) == message, "\(text)")
    }
    #expect(
      Self.refusal("id::text = '1'", .sqlite) == "“::” is PostgreSQL's; write CAST(value AS type)")
    #expect(Self.refusal("name ~ 'x'", .sqlite) == "“~” is PostgreSQL's; SQLite has LIKE")
    #expect(Self.refusal("name ILIKE 'x'", .sqlite) == "“ILIKE” cannot follow “name”")
  }
}
