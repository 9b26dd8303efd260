import Testing

@testable import TermElementsRecordsSQL

/// The statements around pages, whole, for both dialects: counts, ranks, positions at an
/// offset, records by key, and the check of a filter.
@Suite("Keyset counts, ranks and records")
struct SQLKeysetCountTests {
  @Test("Counts of the view and of a segment, with and without a filter")
  func counts() throws {
    #expect(try Keyset.people(.sqlite).count() == statement(#"SELECT count(*) FROM "people""#))
    let filtered = try Keyset.people(.postgreSQL, sort: Keyset.city, filter: "city = 'Oslo'")
    #expect(
      filtered.count()
        == statement(#"SELECT count(*) FROM "public"."people" WHERE ("city" = E'Oslo')"#))
    let nulls = filtered.segments(from: nil, forward: true)[0]
    #expect(
      filtered.count(nulls)
        == statement(
          #"SELECT count(*) FROM "public"."people" WHERE "public"."people"."city" IS NULL "#
            + #"AND ("city" = E'Oslo')"#))
  }

  @Test("A rank adds the counts of the segments before the position, each indexable")
  func countBefore() throws {
    let sqlite = try Keyset.people(.sqlite, sort: Keyset.city, filter: "name <> ''")
    #expect(
      sqlite.countBefore(Keyset.at("Oslo", "17"))
        == statement(
          #"SELECT (SELECT count(*) FROM "people" WHERE "people"."city" = ? AND "people"."id" < ? "#
            + #"AND ("name" <> '')) + (SELECT count(*) FROM "people" WHERE "people"."city" "#
            + #"IS NOT NULL AND "people"."city" < ? AND ("name" <> '')) + (SELECT count(*) "#
            + #"FROM "people" WHERE "people"."city" IS NULL AND ("name" <> ''))"#,
          .value("Oslo"), .value("17"), .value("Oslo")))
    // Before a NULL in the ascending order: only NULLs with a smaller key.
    #expect(
      sqlite.countBefore(Keyset.at(nil, "17"))
        == statement(
          #"SELECT count(*) FROM "people" WHERE "people"."city" IS NULL AND "people"."id" < ? "#
            + #"AND ("name" <> '')"#, .value("17")))
    let postgreSQL = try Keyset.people(.postgreSQL, sort: Keyset.city)
    let people = #""public"."people""#
    #expect(
      postgreSQL.countBefore(Keyset.at("Oslo", "17"))
        == statement(
          "SELECT (SELECT count(*) FROM \(people) WHERE \(people).\"city\" IS NOT NULL AND "
            + "(\(people).\"city\", \(people).\"id\") < "
            + "(CAST($1::text AS text), CAST($2::text AS bigint))) + "
            + "(SELECT count(*) FROM \(people) WHERE \(people).\"city\" IS NULL)",
          .value("Oslo"), .value("17")))
    // Descending, the records before a NULL are the later NULLs and every value.
    let descending = try Keyset.people(.postgreSQL, sort: Keyset.city, descending: true)
    #expect(
      descending.countBefore(Keyset.at(nil, "17"))
        == statement(
          "SELECT (SELECT count(*) FROM \(people) WHERE \(people).\"city\" IS NULL AND "
            + "\(people).\"id\" > CAST($1::text AS bigint)) + "
            + "(SELECT count(*) FROM \(people) WHERE \(people).\"city\" IS NOT NULL)",
          .value("17")))
    #expect(
      Keyset.pairs(.sqlite, sorted: false).countBefore(Keyset.at(nil, "x", "5"))
        == statement(
          #"SELECT count(*) FROM "pairs" WHERE ("pairs"."a", "pairs"."b") < (?, ?)"#,
          .value("x"), .value("5")))
  }

  @Test("The position at an offset of a segment: LIMIT 1 OFFSET n")
  func positionAtOffset() throws {
    let planner = try Keyset.people(.postgreSQL, sort: Keyset.city)
    let values = planner.segments(from: nil, forward: true)[1]
    #expect(
      planner.page(values, columns: #""public"."people"."id""#, limit: 1, offset: 40)
        == statement(
          #"SELECT "public"."people"."id" FROM "public"."people" WHERE "#
            + #""public"."people"."city" IS NOT NULL ORDER BY "public"."people"."city" ASC, "#
            + #""public"."people"."id" ASC LIMIT CAST($1::text AS bigint) "#
            + #"OFFSET CAST($2::text AS bigint)"#, .integer(1), .integer(40)))
  }

  @Test("A record by its key, through the filter or not")
  func recordByKey() throws {
    let sqlite = try Keyset.people(.sqlite, filter: "city = 'Oslo'")
    #expect(
      sqlite.record(sqlite.sql(of: "name"), key: ["17"])
        == statement(
          #"SELECT "people"."name" FROM "people" WHERE "people"."id" = ? AND ("city" = 'Oslo')"#,
          .value("17")))
    #expect(
      sqlite.record("*", key: ["17"], filtered: false)
        == statement(#"SELECT * FROM "people" WHERE "people"."id" = ?"#, .value("17")))
    #expect(
      Keyset.pairs(.postgreSQL).record("1", key: ["x", "5"])
        == statement(
          #"SELECT 1 FROM "public"."pairs" WHERE ("public"."pairs"."a", "public"."pairs"."b") = "#
            + #"(CAST($1::text AS text), CAST($2::text AS integer))"#, .value("x"), .value("5")))
  }

  @Test("The check of a filter names the table and holds the filter")
  func filterCheck() throws {
    #expect(
      try Keyset.people(.sqlite, filter: "lower(city) = 'oslo'").filterCheck()
        == statement(#"SELECT 1 FROM "people" WHERE (lower("city") = 'oslo')"#))
    #expect(
      try Keyset.people(.postgreSQL, filter: "lower(city) = 'oslo'").filterCheck()
        == statement(
          #"SELECT 1 FROM "public"."people" WHERE (pg_catalog.lower("city") = E'oslo')"#))
  }
}

/// The statement of a column's frequency, whole, for both dialects.
@Suite("Keyset value counts")
struct SQLKeysetValueCountTests {
  @Test("One GROUP BY through the filter, the most frequent first, and the totals beside")
  func valueCounts() throws {
    let sqlite = try Keyset.people(.sqlite, sort: Keyset.city, filter: "name <> ''")
    #expect(
      sqlite.valueCounts(of: sqlite.sql(of: "city"), limit: 100_000)
        == statement(
          #"SELECT "value", "count", CAST(count(*) OVER () AS bigint) AS "values", "#
            + #"CAST(sum("count") OVER () AS bigint) AS "records" FROM (SELECT "people"."city" AS "value", "#
            + #"count(*) AS "count" FROM "people" WHERE ("name" <> '') GROUP BY "#
            + #""people"."city") AS "counts" ORDER BY "count" DESC, "value" ASC LIMIT ?"#,
          .integer(100_000)))
    let postgreSQL = try Keyset.people(.postgreSQL)
    let city = "CAST(\(postgreSQL.sql(of: "city")) AS text)"
    #expect(
      postgreSQL.valueCounts(of: city, limit: 10)
        == statement(
          #"SELECT "value", "count", CAST(count(*) OVER () AS bigint) AS "values", "#
            + #"CAST(sum("count") OVER () AS bigint) AS "records" FROM (SELECT "#
            + #"CAST("public"."people"."city" AS text) AS "value", count(*) AS "count" "#
            + #"FROM "public"."people" GROUP BY CAST("public"."people"."city" AS text)) "#
            + #"AS "counts" ORDER BY "count" DESC, "value" ASC LIMIT CAST($1::text AS bigint)"#,
          .integer(10)))
  }
}

@Suite("Keyset histograms")
struct SQLKeysetHistogramTests {
  @Test(
    "The least and greatest numbers through the filter: on SQLite, only those stored as numbers")
  func bounds() throws {
    let sqlite = try Keyset.people(.sqlite, filter: "name <> ''")
    let id = #""people"."id""#
    let number = #"typeof("people"."id") IN ('integer', 'real')"#
    #expect(
      sqlite.valueBounds(of: id)
        == statement(
          #"SELECT min(CASE WHEN \#(number) THEN \#(id) END) AS "least", "#
            + #"max(CASE WHEN \#(number) THEN \#(id) END) AS "greatest", count(*) AS "records", "#
            + #"count(\#(id)) AS "values", count(CASE WHEN \#(number) THEN 1 END) AS "numbers" "#
            + #"FROM "people" WHERE ("name" <> '')"#))
    let postgreSQL = try Keyset.people(.postgreSQL, filter: "name <> ''")
    let pgID = postgreSQL.sql(of: "id")
    #expect(
      postgreSQL.valueBounds(of: pgID)
        == statement(
          #"SELECT min(\#(pgID)) AS "least", max(\#(pgID)) AS "greatest", count(*) AS "records", "#
            + #"count(\#(pgID)) AS "values", count(\#(pgID)) AS "numbers" "#
            + #"FROM "public"."people" WHERE ("name" <> E'')"#))
  }

  @Test("One GROUP BY of each number's range through the filter, in the ranges' order")
  func ranges() throws {
    let sqlite = try Keyset.people(.sqlite, filter: "name <> ''")
    let id = #""people"."id""#
    #expect(
      sqlite.histogram(of: id, lower: -0.5, width: 0.05, decimals: 2)
        == statement(
          #"SELECT "range", count(*) AS "count" FROM (SELECT "r" + ("x" >= round(-0.50 + "#
            + #"("r" + 1) * 0.05, 2)) - ("x" < round(-0.50 + "r" * 0.05, 2)) AS "range" FROM "#
            + #"(SELECT \#(id) AS "x", CAST((\#(id) - -0.50) / 0.05 AS integer) AS "r" "#
            + #"FROM "people" WHERE typeof(\#(id)) IN ('integer', 'real') AND ("name" <> '')) "#
            + #"AS "numbers") AS "ranges" GROUP BY "range" ORDER BY "range""#))
    let postgreSQL = try Keyset.people(.postgreSQL)
    let pgID = postgreSQL.sql(of: "id")
    #expect(
      postgreSQL.histogram(of: pgID, lower: 10_000, width: 5_000, decimals: 0)
        == statement(
          #"SELECT "range", count(*) AS "count" FROM (SELECT "r" + CAST(("x" >= (10000 + "#
            + #"("r" + 1) * 5000)) AS integer) - CAST(("x" < (10000 + "r" * 5000)) AS integer) "#
            + #"AS "range" FROM (SELECT \#(pgID) AS "x", floor((CAST(\#(pgID) AS numeric) "#
            + #"- 10000) / 5000) AS "r" FROM "public"."people" WHERE \#(pgID) IS NOT NULL) "#
            + #"AS "numbers") AS "ranges" GROUP BY "range" ORDER BY "range""#))
  }
}
