import Testing

@testable import TermElementsRecordsSQL

/// The statements of `I`, whole, in both dialects, through a filter.
@Suite("Summary statements")
struct SQLSummaryTests {
  @Test("SQLite: counts, cut extremes, the mean of numbers, distinct and storage classes")
  func sqlite() throws {
    let planner = try Keyset.people(.sqlite, filter: "city = 'Oslo'")
    let column = #""people"."name""#
    let least = "min(\(column))"
    let greatest = "max(\(column))"
    #expect(
      planner.summary(ofColumn: "name", parts: [.extremes, .mean, .distinct, .storageClasses])
        == statement(
          #"SELECT count(*) AS "records", count("# + column + #") AS "values", "#
            + "CASE WHEN typeof(\(least)) IN ('text', 'blob') THEN substr(\(least), 1, 256) "
            + #"ELSE \#(least) END AS "least", "#
            + "CASE WHEN typeof(\(greatest)) IN ('text', 'blob') THEN substr(\(greatest), 1, 256) "
            + #"ELSE \#(greatest) END AS "greatest", "#
            + "avg(CASE WHEN typeof(\(column)) IN ('integer', 'real') THEN \(column) END) "
            + #"AS "mean", count(DISTINCT \#(column)) AS "distinct", "#
            + #"count(CASE WHEN typeof(\#(column)) = 'integer' THEN 1 END) AS "integers", "#
            + #"count(CASE WHEN typeof(\#(column)) = 'real' THEN 1 END) AS "reals", "#
            + #"count(CASE WHEN typeof(\#(column)) = 'text' THEN 1 END) AS "texts", "#
            + #"count(CASE WHEN typeof(\#(column)) = 'blob' THEN 1 END) AS "blobs" "#
            + #"FROM "people" WHERE ("city" = 'Oslo')"#))
    #expect(
      planner.summaryColumns([.extremes, .mean, .distinct, .storageClasses])
        == [
          "records", "values", "least", "greatest", "mean", "distinct", "integers", "reals",
          "texts", "blobs",
        ])
  }

  @Test("A column of numbers alone: a plain mean, and the REAL values counted on SQLite")
  func numbers() throws {
    let sqlite = try Keyset.people(.sqlite)
    #expect(
      sqlite.summary(ofColumn: "id", parts: [.numericMean, .reals])
        == statement(
          #"SELECT count(*) AS "records", count("people"."id") AS "values", "#
            + #"avg("people"."id") AS "mean", "#
            + #"count(CASE WHEN typeof("people"."id") = 'real' THEN 1 END) AS "reals" "#
            + #"FROM "people""#))
    #expect(
      sqlite.summaryColumns([.numericMean, .reals]) == ["records", "values", "mean", "reals"])
    let postgreSQL = try Keyset.people(.postgreSQL)
    #expect(postgreSQL.summaryColumns([.numericMean, .reals]) == ["records", "values", "mean"])
  }

  @Test("PostgreSQL: no storage classes, the mean as a double, the filter ANDed")
  func postgreSQL() throws {
    let planner = try Keyset.people(.postgreSQL, filter: "city = 'Oslo'")
    let column = #""public"."people"."id""#
    #expect(
      planner.summary(ofColumn: "id", parts: [.extremes, .mean, .storageClasses])
        == statement(
          #"SELECT count(*) AS "records", count("# + column + #") AS "values", "#
            + #"min(\#(column)) AS "least", max(\#(column)) AS "greatest", "#
            + #"CAST(avg(\#(column)) AS DOUBLE PRECISION) AS "mean" "#
            + #"FROM "public"."people" WHERE ("city" = E'Oslo')"#))
    let name = #""public"."people"."name""#
    #expect(
      planner.summary(ofColumn: "name", parts: [.extremes], isText: true)
        == statement(
          #"SELECT count(*) AS "records", count("# + name + #") AS "values", "#
            + #"pg_catalog.left(min(\#(name)), 256) AS "least", "#
            + #"pg_catalog.left(max(\#(name)), 256) AS "greatest" "#
            + #"FROM "public"."people" WHERE ("city" = E'Oslo')"#))
    #expect(
      planner.summaryColumns([.extremes, .storageClasses])
        == ["records", "values", "least", "greatest"])
  }

  @Test("A sample of distinct values: the first records in the key's order, through the filter")
  func sample() throws {
    let planner = try Keyset.people(.postgreSQL, filter: "name <> ''")
    #expect(
      planner.distinctSample(ofColumn: "city", limit: 1_000)
        == statement(
          #"SELECT coalesce(sum("n"), 0) AS "sampled", count(*) AS "distinct", "#
            + #"count(CASE WHEN "n" = 1 THEN 1 END) AS "once" FROM (SELECT "v", "#
            + #"count(*) AS "n" FROM (SELECT "public"."people"."city" AS "v" "#
            + #"FROM "public"."people" WHERE ("name" <> E'') "#
            + #"ORDER BY "public"."people"."id" ASC LIMIT CAST($1::text AS bigint)) AS "s" "#
            + #"WHERE "v" IS NOT NULL GROUP BY "v") AS "g""#,
          .integer(1_000)))
  }

  @Test("The estimate: exact when the sample holds every value, never below what it saw")
  func estimate() {
    typealias Planner = SQLKeysetPlanner<String>
    #expect(Planner.estimatedDistinct(values: 50, sampled: 50, distinct: 7, once: 2) == (7, true))
    #expect(Planner.estimatedDistinct(values: 0, sampled: 0, distinct: 0, once: 0) == (0, true))
    // Every value seen once: most of the values are distinct.
    let unique = Planner.estimatedDistinct(
      values: 1_000_000, sampled: 100_000, distinct: 100_000, once: 100_000)
    #expect(unique == (316_228, false))
    // No value seen once: the sample saw them all.
    #expect(
      Planner.estimatedDistinct(values: 1_000_000, sampled: 100_000, distinct: 16, once: 0)
        == (16, false))
  }
}
