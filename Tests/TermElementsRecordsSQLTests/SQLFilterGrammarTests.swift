import Testing

@testable import TermElementsRecordsSQL

/// The grammar a filter may use, read and written back as SQL for each dialect.
@Suite("SQL filter grammar")
struct SQLFilterGrammarTests {
  /// The browsed table's columns.
  static let columns = ["id", "name", "city", "balance", "Mixed Case", "born"]

  /// The SQL of `text` in `dialect`.
  static func sql(_ text: String, _ dialect: SQLDialect) throws -> String {
    try SQLFilter.parse(text, columns: columns, dialect: dialect).sql
  }

  @Test("Both dialects write the same grammar, quoting names and strings themselves")
  func bothDialects() throws {
    let cases: [(String, sqlite: String, postgreSQL: String)] = [
      ("id = 1", #""id" = 1"#, #""id" = 1"#),
      ("city = 'Oslo'", #""city" = 'Oslo'"#, #""city" = E'Oslo'"#),
      ("city = 'it''s'", #""city" = 'it''s'"#, #""city" = E'it''s'"#),
      (#"city = 'a\b'"#, #""city" = 'a\b'"#, #""city" = E'a\\b'"#),
      (
        "id > 3 AND city = 'Oslo' OR balance <= 2.5e3",
        #"(("id" > 3) AND ("city" = 'Oslo')) OR ("balance" <= 2.5e3)"#,
        #"(("id" > 3) AND ("city" = E'Oslo')) OR ("balance" <= 2.5e3)"#
      ),
      ("not (id = 1)", #"NOT ("id" = 1)"#, #"NOT ("id" = 1)"#),
      ("id != 1", #""id" <> 1"#, #""id" <> 1"#),
      ("id == 1", #""id" = 1"#, #""id" = 1"#),
      (
        "name LIKE 'a%' ESCAPE '!'", #""name" LIKE 'a%' ESCAPE '!'"#,
        #""name" LIKE E'a%' ESCAPE E'!'"#
      ),
      ("name not like 'a%'", #""name" NOT LIKE 'a%'"#, #""name" NOT LIKE E'a%'"#),
      ("id BETWEEN 1 AND 3", #""id" BETWEEN 1 AND 3"#, #""id" BETWEEN 1 AND 3"#),
      (
        "id NOT IN (1, 2 + 1)",
        #""id" NOT IN (1, 2 + 1)"#, #""id" NOT IN (1, 2 + 1)"#
      ),
      ("city IS NULL", #""city" IS NULL"#, #""city" IS NULL"#),
      ("city is not null", #""city" IS NOT NULL"#, #""city" IS NOT NULL"#),
      (
        "city IS DISTINCT FROM name", #""city" IS DISTINCT FROM "name""#,
        #""city" IS DISTINCT FROM "name""#
      ),
      ("-id < -(-2)", #"(-"id") < (-(-2))"#, #"(-"id") < (-(-2))"#),
      ("id - -1 > 0", #"("id" - (-1)) > 0"#, #"("id" - (-1)) > 0"#),
      ("id % 3 * 2 = 0", #"(("id" % 3) * 2) = 0"#, #"(("id" % 3) * 2) = 0"#),
      ("name || city = 'x'", #"("name" || "city") = 'x'"#, #"("name" || "city") = E'x'"#),
      ("\"Mixed Case\" > 1", #""Mixed Case" > 1"#, #""Mixed Case" > 1"#),
      (
        "CAST(balance AS integer) = 1", #"CAST("balance" AS INTEGER) = 1"#,
        #"CAST("balance" AS INTEGER) = 1"#
      ),
      ("lower(city) = 'oslo'", #"lower("city") = 'oslo'"#, #"pg_catalog.lower("city") = E'oslo'"#),
      ("coalesce(city, '') = ''", #"coalesce("city", '') = ''"#, #"COALESCE("city", E'') = E''"#),
      ("trim(name) <> ''", #"trim("name") <> ''"#, #"pg_catalog.btrim("name") <> E''"#),
      ("born < CURRENT_DATE", #""born" < CURRENT_DATE"#, #""born" < CURRENT_DATE"#),
      (
        "id = true or id is not false", #"("id" = TRUE) OR ("id" IS NOT FALSE)"#,
        #"("id" = TRUE) OR ("id" IS NOT FALSE)"#
      ),
      ("((id)) = .5", #""id" = .5"#, #""id" = .5"#),
    ]
    for (text, sqlite, postgreSQL) in cases {
      #expect(try Self.sql(text, .sqlite) == sqlite, "\(text)")
      #expect(try Self.sql(text, .postgreSQL) == postgreSQL, "\(text)")
    }
  }

  @Test("PostgreSQL's own operators, casts and names")
  func postgreSQL() throws {
    let cases = [
      ("name ILIKE 'a%'", #""name" ILIKE E'a%'"#),
      ("name NOT ILIKE 'a%'", #""name" NOT ILIKE E'a%'"#),
      ("name ~ '^A' and city !~* 'x'", #"("name" ~ E'^A') AND ("city" !~* E'x')"#),
      ("balance::numeric(10, 2) > 1", #"CAST("balance" AS NUMERIC(10, 2)) > 1"#),
      (
        "born::timestamp with time zone < now()",
        #"CAST("born" AS TIMESTAMP WITH TIME ZONE) < pg_catalog.now()"#
      ),
      ("id::text = '1'", #"CAST("id" AS pg_catalog.text) = E'1'"#),
      ("CAST(id AS double precision) > 1", #"CAST("id" AS DOUBLE PRECISION) > 1"#),
      ("date_trunc('day', born) = born", #"pg_catalog.date_trunc(E'day', "born") = "born""#),
      ("pg_sleep(0) IS NOT NULL", #"pg_catalog.pg_sleep(0) IS NOT NULL"#),
      ("ID = 1", #""id" = 1"#),
    ]
    for (text, sql) in cases {
      #expect(try Self.sql(text, .postgreSQL) == sql, "\(text)")
    }
    // Unquoted names fold to lowercase; quoted ones match exactly.
    #expect(throws: SQLFilterError("there is no column “Id”")) {
      try Self.sql("\"Id\" = 1", .postgreSQL)
    }
    #expect(throws: SQLFilterError("there is no column “mixed case”")) {
      try Self.sql("\"mixed case\" = 1", .postgreSQL)
    }
  }

  @Test("SQLite matches names whatever their case; an app can allow its own functions")
  func sqlite() throws {
    #expect(try Self.sql("ID = 1 and \"CITY\" = 'x'", .sqlite) == #"("id" = 1) AND ("city" = 'x')"#)
    #expect(try Self.sql("\"mixed case\" = 1", .sqlite) == #""Mixed Case" = 1"#)
    #expect(throws: SQLFilterError("test_gate is not a function a filter can call")) {
      try Self.sql("test_gate()", .sqlite)
    }
    let dialect = SQLDialect.sqlite.allowing(functions: ["test_gate"])
    #expect(try SQLFilter.parse("TEST_GATE()", columns: [], dialect: dialect).sql == "test_gate()")
    #expect(SQLDialect.postgreSQL.functions["test_gate"] == nil)
  }

  @Test(
    "A string written for PostgreSQL reads back the same whatever standard_conforming_strings is")
  func postgreSQLStrings() {
    let dialect = SQLDialect.postgreSQL
    #expect(dialect.quoted(string: #"a\' OR 1=1 --"#) == #"E'a\\'' OR 1=1 --'"#)
    #expect(dialect.quoted(string: "") == "E''")
    #expect(SQLDialect.sqlite.quoted(string: #"a\'"#) == #"'a\'''"#)
    #expect(dialect.quoted(name: #"my "table""#) == #""my ""table""""#)
  }
}
