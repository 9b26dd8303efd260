import Testing

@testable import TermElementsRecordsSQL

// The examples of the doc comments of TermElementsRecordsSQL, compiled and checked here, word
// for word between a `// Doc:` line naming where they come from and `// END`;
// `DocExampleCoverageTests`, in TermElementsTests, keeps the two in step.

@Suite("SQL doc comment examples")
struct SQLDocExampleTests {
  @Test("Dialects, filters and their errors")
  func filters() throws {
    do {
      // Doc: SQLDialect (SQLDialect.swift)
      let dialect = SQLDialect.sqlite.allowing(functions: ["soundex_of"])
      let filter = try SQLFilter.parse(
        "soundex_of(name) = 'A536'", columns: ["name"], dialect: dialect)
      // END
      #expect(filter.sql == #"soundex_of("name") = 'A536'"#)
    }
    // Doc: SQLDialect.quoted(table:schema:) (SQLDialect.swift)
    let table = SQLDialect.postgreSQL.quoted(table: "people", schema: "public")
    // END
    #expect(table == #""public"."people""#)
    do {
      // Doc: SQLDialect.postgreSQL (SQLDialect+PostgreSQL.swift)
      let filter = try SQLFilter.parse(
        "lower(city) = 'oslo'", columns: ["city"], dialect: .postgreSQL)
      let sql = filter.sql  // "pg_catalog.lower(\"city\") = E'oslo'"
      // END
      #expect(sql == "pg_catalog.lower(\"city\") = E'oslo'")
    }
    do {
      // Doc: SQLDialect.sqlite (SQLDialect+SQLite.swift)
      let filter = try SQLFilter.parse(
        "lower(city) = 'oslo'", columns: ["city"], dialect: .sqlite)
      let sql = filter.sql  // "lower(\"city\") = 'oslo'"
      // END
      #expect(sql == "lower(\"city\") = 'oslo'")
    }
    // Doc: SQLDialect.placeholder(_:type:) (SQLDialect+Statements.swift)
    let question = SQLDialect.sqlite.placeholder(2, type: "bigint")  // "?"
    let cast = SQLDialect.postgreSQL.placeholder(2, type: "bigint")
    // END
    #expect(question == "?")
    #expect(cast == "CAST($2::text AS bigint)")
    #expect(SQLDialect.postgreSQL.placeholder(3, type: nil) == "$3")
    do {
      // Doc: SQLExpression (SQLExpression.swift)
      let tree = SQLExpression.comparison(.column("city"), "=", .string("Oslo"))
      let sql = SQLFilter.sql(of: tree, in: .sqlite)  // "\"city\" = 'Oslo'"
      // END
      #expect(sql == "\"city\" = 'Oslo'")
    }
    do {
      // Doc: SQLFilter.sql(of:in:) (SQLFilter+Writing.swift)
      let tree = SQLExpression.logical(
        .comparison(.column("a"), "=", .number("1")), "OR",
        .is(.column("b"), negated: false, "NULL"))
      let sql = SQLFilter.sql(of: tree, in: .sqlite)  // "(\"a\" = 1) OR (\"b\" IS NULL)"
      // END
      #expect(sql == "(\"a\" = 1) OR (\"b\" IS NULL)")
    }
    do {
      // Doc: SQLFilter (SQLFilter.swift)
      let filter = try SQLFilter.parse(
        "City = 'Oslo' and balance > 100", columns: ["city", "balance"], dialect: .postgreSQL)
      let sql = filter.sql  // "(\"city\" = E'Oslo') AND (\"balance\" > 100)"
      // END
      #expect(sql == "(\"city\" = E'Oslo') AND (\"balance\" > 100)")
    }
    var message = ""
    // Doc: SQLFilterError (SQLFilterError.swift)
    do {
      _ = try SQLFilter.parse("lo_create(0) > 0", columns: ["id"], dialect: .postgreSQL)
    } catch {
      print(error.message)  // "lo_create is not a function a filter can call"
      // END
      message = error.message
    }
    #expect(message == "lo_create is not a function a filter can call")
  }

  @Test("Statements, parameters, fragments, columns and positions")
  func statements() {
    // Doc: SQLStatement (SQLStatement.swift)
    let people = SQLKeysetPlanner<Int>(
      dialect: .sqlite, table: "people", key: [SQLKeysetColumn("id")])
    let statement = people.record("\"people\".\"name\"", key: [7])
    // END
    #expect(
      statement.sql == "SELECT \"people\".\"name\" FROM \"people\" WHERE \"people\".\"id\" = ?")
    #expect(statement.parameters == [.value(7)])
    // Doc: SQLParameter.resolved(_:) (SQLStatement.swift)
    let values = statement.parameters.map { $0.resolved { $0 } }  // [7]
    // END
    #expect(values == [7])
    #expect(SQLParameter<Int>.integer(50).resolved { $0 * 2 } == 100)
    // Doc: SQLFragment (SQLFragment.swift)
    var matching = SQLFragment<String>("\"people\".\"name\" ILIKE ")
    matching.append(parameter: .value("%ada%"), type: "text")
    let sql = matching.statement(in: .postgreSQL).sql
    // END
    #expect(sql == "\"people\".\"name\" ILIKE CAST($1::text AS text)")
    // Doc: SQLKeysetColumn (SQLKeysetColumn.swift)
    let id = SQLKeysetColumn("id", type: "bigint", isNullable: false)
    let city = SQLKeysetColumn("city", type: "text")
    // END
    #expect(!id.isNullable && city.isNullable && city.type == "text")
    // Doc: SQLKeysetPosition (SQLKeysetPosition.swift)
    let position = SQLKeysetPosition(sortValue: "Oslo", key: ["17"])
    let nullCity = SQLKeysetPosition<String>(sortValue: nil, key: ["18"])
    // END
    #expect(position.sortValue == "Oslo" && nullCity.sortValue == nil)
  }

  @Test("The statement of a column's frequency")
  func valueCounts() {
    let planner = SQLKeysetPlanner<String>(
      dialect: .sqlite, table: "people", key: [SQLKeysetColumn("id")])
    // Doc: SQLKeysetPlanner.valueCounts(of:limit:) (SQLKeysetPlanner+ValueCounts.swift)
    let counts = planner.valueCounts(of: planner.sql(of: "city"), limit: 100_000)
    // END
    #expect(
      counts.sql
        == #"SELECT "value", "count", CAST(count(*) OVER () AS bigint) AS "values", "#
        + #"CAST(sum("count") OVER () AS bigint) AS "records" FROM (SELECT "people"."city" AS "value", "#
        + #"count(*) AS "count" FROM "people" GROUP BY "people"."city") AS "counts" "#
        + #"ORDER BY "count" DESC, "value" ASC LIMIT ?"#)
  }

  @Test("The statements of a column's histogram")
  func histogram() {
    let planner = SQLKeysetPlanner<String>(
      dialect: .sqlite, table: "people", key: [SQLKeysetColumn("id")])
    // Doc: SQLKeysetPlanner.valueBounds(of:) (SQLKeysetPlanner+Histogram.swift)
    let bounds = planner.valueBounds(of: planner.sql(of: "balance"))
    // END
    let number = #"typeof("people"."balance") IN ('integer', 'real')"#
    #expect(
      bounds.sql
        == #"SELECT min(CASE WHEN \#(number) THEN "people"."balance" END) AS "least", "#
        + #"max(CASE WHEN \#(number) THEN "people"."balance" END) AS "greatest", "#
        + #"count(*) AS "records", count("people"."balance") AS "values", "#
        + #"count(CASE WHEN \#(number) THEN 1 END) AS "numbers" FROM "people""#)
    // Doc: SQLKeysetPlanner.histogram(of:lower:width:decimals:) (SQLKeysetPlanner+Histogram.swift)
    let ranges = planner.histogram(
      of: planner.sql(of: "balance"), lower: 0, width: 5_000, decimals: 0)
    // END
    #expect(
      ranges.sql
        == #"SELECT "range", count(*) AS "count" FROM (SELECT "r" + ("x" >= round(0 + ("r" + 1) "#
        + #"* 5000, 0)) - ("x" < round(0 + "r" * 5000, 0)) AS "range" FROM (SELECT "#
        + #""people"."balance" AS "x", CAST(("people"."balance" - 0) / 5000 AS integer) AS "r" "#
        + #"FROM "people" WHERE \#(number)) AS "numbers") AS "ranges" GROUP BY "range" "#
        + #"ORDER BY "range""#)
  }

  @Test("The keyset planner")
  func planner() {
    // Doc: SQLKeysetPlanner (SQLKeysetPlanner.swift)
    let planner = SQLKeysetPlanner<String>(
      dialect: .sqlite, table: "people", key: [SQLKeysetColumn("id")],
      sort: SQLKeysetColumn("city"))
    let from = SQLKeysetPosition(sortValue: "Oslo", key: ["17"])
    let statements = planner.segments(from: from, forward: true).map {
      planner.page($0, columns: "*", limit: 50)
    }
    // END
    #expect(
      statements == [
        SQLStatement(
          sql: #"SELECT * FROM "people" WHERE "people"."city" = ? AND "people"."id" > ? "#
            + #"ORDER BY "people"."id" ASC LIMIT ?"#,
          parameters: [.value("Oslo"), .value("17"), .integer(50)]),
        SQLStatement(
          sql: #"SELECT * FROM "people" WHERE "people"."city" IS NOT NULL AND "people"."city" > ? "#
            + #"ORDER BY "people"."city" ASC, "people"."id" ASC LIMIT ?"#,
          parameters: [.value("Oslo"), .integer(50)]),
      ])
    // Doc: SQLKeysetSegment (SQLKeysetSegment.swift)
    let segments = planner.segments(from: nil, forward: true)
    // END
    #expect(segments.map(\.part) == [.nulls, .values])
    // Doc: SQLKeysetPlanner.summary(ofColumn:parts:) (SQLKeysetPlanner+Summary.swift)
    let statement = planner.summary(ofColumn: "name", parts: [.distinct])
    // SELECT count(*) AS "records", count("people"."name") AS "values",
    //   count(DISTINCT "people"."name") AS "distinct" FROM "people"
    // END
    #expect(
      statement.sql
        == #"SELECT count(*) AS "records", count("people"."name") AS "values", "#
        + #"count(DISTINCT "people"."name") AS "distinct" FROM "people""#)
    // Doc: SQLKeysetPlanner.summaryColumns(_:) (SQLKeysetPlanner+Summary.swift)
    let names = planner.summaryColumns([.extremes])  // ["records", "values", "least", "greatest"]
    // END
    #expect(names == ["records", "values", "least", "greatest"])
    // Doc: SQLKeysetPlanner.distinctSample(ofColumn:limit:) (SQLKeysetPlanner+Summary.swift)
    let sample = planner.distinctSample(ofColumn: "city", limit: 100_000)
    // END
    #expect(sample.parameters == [.integer(100_000)])
    // Doc: SQLKeysetPlanner.estimatedDistinct(values:sampled:distinct:once:) (SQLKeysetPlanner+Summary.swift)
    let estimate = SQLKeysetPlanner<String>.estimatedDistinct(
      values: 1_000_000, sampled: 100_000, distinct: 40_000, once: 30_000)
    // (value: 104868, isExact: false)
    // END
    #expect(estimate == (104868, false))
    // Doc: SQLSummaryParts (SQLSummaryParts.swift)
    let parts: SQLSummaryParts = [.extremes, .mean, .storageClasses]
    // END
    #expect(parts.contains(.mean))
    // Doc: SQLKeysetPlanner.sql(of:) (SQLKeysetPlanner.swift)
    let name = planner.sql(of: "name")  // "\"people\".\"name\""
    // END
    #expect(name == "\"people\".\"name\"")
    let segment = segments[1]
    // Doc: SQLKeysetPlanner.orderBy(_:keyNames:sortName:) (SQLKeysetPlanner.swift)
    let outer = planner.orderBy(segment, keyNames: ["p.k0"], sortName: "p.s0")
    // END
    #expect(outer == "p.s0 ASC, p.k0 ASC")
    // Doc: SQLKeysetPlanner.order(forward:) (SQLKeysetPlanner.swift)
    let order = planner.order(forward: true)
    // END
    #expect(order == "\"people\".\"city\" ASC NULLS FIRST, \"people\".\"id\" ASC")
    // Doc: SQLKeysetPlanner.keyComparison(_:_:) (SQLKeysetPlanner+Conditions.swift)
    let after = planner.keyComparison(">", ["17"])  // "\"people\".\"id\" > ?", ["17"]
    // END
    #expect(
      after.statement(in: .sqlite)
        == SQLStatement(sql: "\"people\".\"id\" > ?", parameters: [.value("17")]))
    // Doc: SQLKeysetPlanner.page(_:columns:limit:offset:through:matching:) (SQLKeysetPlanner+Statements.swift)
    let first = planner.segments(from: nil, forward: true)[0]
    let page = planner.page(first, columns: "*", limit: 50)
    // END
    #expect(
      page.sql
        == #"SELECT * FROM "people" WHERE "people"."city" IS NULL ORDER BY "people"."id" ASC LIMIT ?"#
    )
    // Doc: SQLKeysetPlanner.countBefore(_:) (SQLKeysetPlanner+Statements.swift)
    let rank = planner.countBefore(SQLKeysetPosition(sortValue: "Oslo", key: ["17"]))
    // END
    #expect(rank.sql.hasPrefix(#"SELECT (SELECT count(*) FROM "people" WHERE "#))
    #expect(rank.parameters == [.value("Oslo"), .value("17"), .value("Oslo")])
  }

  @Test("The keyset paging article's example")
  func article() {
    var statements: [SQLStatement<String>] = []
    // Doc: KeysetPaging.md (Documentation.docc)
    let planner = SQLKeysetPlanner<String>(
      dialect: .postgreSQL, table: "people", schema: "public",
      key: [SQLKeysetColumn("id", type: "bigint", isNullable: false)],
      sort: SQLKeysetColumn("city", type: "text"))
    let from = SQLKeysetPosition(sortValue: "Oslo", key: ["17"])
    for segment in planner.segments(from: from, forward: true) {
      let statement = planner.page(segment, columns: "*", limit: 50)
      // Run statement.sql with statement.parameters; stop once 50 records are read.
      // END
      statements.append(statement)
    }
    #expect(
      statements == [
        SQLStatement(
          sql: #"SELECT * FROM "public"."people" WHERE "public"."people"."city" IS NOT NULL "#
            + #"AND ("public"."people"."city", "public"."people"."id") > "#
            + #"(CAST($1::text AS text), CAST($2::text AS bigint)) "#
            + #"ORDER BY "public"."people"."city" ASC, "public"."people"."id" ASC "#
            + #"LIMIT CAST($3::text AS bigint)"#,
          parameters: [.value("Oslo"), .value("17"), .integer(50)])
      ])
  }
}
