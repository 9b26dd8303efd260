import Testing

@testable import TermElementsRecordsSQL

/// The statements of searches, whole, for both dialects: a chunk of a segment through a bound
/// with a driver's condition, the continuation of a segment, and a scan in the key's order
/// keeping the nearest record in the view's.
@Suite("Keyset searches")
struct SQLKeysetSearchTests {
  @Test("A chunk through a bound, the driver's condition after the filter, numbered in order")
  func chunk() throws {
    let planner = try Keyset.people(.postgreSQL, sort: Keyset.city, filter: "id > 3")
    var matching = SQLFragment<String>(#"("public"."people"."name" ILIKE "#)
    matching.append(parameter: .value("%ada%"), type: "text")
    matching.append(")")
    let segment = planner.segments(from: Keyset.at("Lyon", "4"), forward: true)[0]
    let people = #""public"."people""#
    #expect(
      planner.page(
        segment, columns: "*", limit: 100, through: Keyset.at("Oslo", "90"), matching: matching)
        == statement(
          "SELECT * FROM \(people) WHERE \(people).\"city\" IS NOT NULL AND "
            + "(\(people).\"city\", \(people).\"id\") > "
            + "(CAST($1::text AS text), CAST($2::text AS bigint)) AND "
            + "(\(people).\"city\", \(people).\"id\") <= "
            + "(CAST($3::text AS text), CAST($4::text AS bigint)) AND (\"id\" > 3) AND "
            + "(\(people).\"name\" ILIKE CAST($5::text AS text)) "
            + "ORDER BY \(people).\"city\" ASC, \(people).\"id\" ASC "
            + "LIMIT CAST($6::text AS bigint)", .value("Lyon"), .value("4"), .value("Oslo"),
          .value("90"), .value("%ada%"), .integer(100)))
    // In the NULLs, the bound is the key's.
    let nulls = planner.segments(from: Keyset.at(nil, "4"), forward: false)[0]
    #expect(
      planner.page(nulls, columns: "1", limit: 10, through: Keyset.at(nil, "2"))
        == statement(
          "SELECT 1 FROM \(people) WHERE \(people).\"city\" IS NULL AND "
            + "\(people).\"id\" < CAST($1::text AS bigint) AND "
            + "\(people).\"id\" >= CAST($2::text AS bigint) AND (\"id\" > 3) "
            + "ORDER BY \(people).\"id\" DESC LIMIT CAST($3::text AS bigint)",
          .value("4"), .value("2"), .integer(10)))
  }

  @Test("A segment read on after one of its records keeps to its part")
  func continuing() throws {
    let sqlite = try Keyset.people(.sqlite, sort: Keyset.city)
    let values = sqlite.segments(from: nil, forward: true)[1]
    let rest = sqlite.segments(continuing: values, after: Keyset.at("Lyon", "8"))
    #expect(rest.map(\.part) == [.ties, .values])
    #expect(rest.allSatisfy { $0.ascending && $0.after == Keyset.at("Lyon", "8") })
    let nulls = sqlite.segments(from: nil, forward: true)[0]
    #expect(
      sqlite.segments(continuing: nulls, after: Keyset.at(nil, "3")).map(\.part) == [.nulls])
    let postgreSQL = try Keyset.people(.postgreSQL, sort: Keyset.city, descending: true)
    let down = postgreSQL.segments(from: nil, forward: true)[0]
    let next = postgreSQL.segments(continuing: down, after: Keyset.at("Lyon", "8"))
    #expect(next.map(\.part) == [.values])
    #expect(next.map(\.ascending) == [false])
  }

  @Test("A scan in the key's order: the records beyond a position as one condition")
  func beyond() throws {
    let sqlite = try Keyset.people(.sqlite, sort: Keyset.city)
    #expect(
      sqlite.beyond(Keyset.at("Oslo", "17"), forward: true).statement(in: .sqlite)
        == statement(
          #"(("people"."city" = ? AND "people"."id" > ?) OR "#
            + #"("people"."city" IS NOT NULL AND "people"."city" > ?))"#,
          .value("Oslo"), .value("17"), .value("Oslo")))
    #expect(
      sqlite.beyond(Keyset.at(nil, "17"), forward: true).statement(in: .sqlite)
        == statement(
          #"(("people"."city" IS NULL AND "people"."id" > ?) OR ("people"."city" IS NOT NULL))"#,
          .value("17")))
    #expect(
      sqlite.beyond(Keyset.at(nil, "17"), forward: false).statement(in: .sqlite)
        == statement(#"("people"."city" IS NULL AND "people"."id" < ?)"#, .value("17")))
    let postgreSQL = try Keyset.people(.postgreSQL, sort: Keyset.city)
    #expect(
      postgreSQL.beyond(Keyset.at("Oslo", "17"), forward: false).statement(in: .postgreSQL)
        == statement(
          #"(("public"."people"."city" IS NOT NULL AND "#
            + #"("public"."people"."city", "public"."people"."id") < "#
            + #"(CAST($1::text AS text), CAST($2::text AS bigint))) OR "#
            + #"("public"."people"."city" IS NULL))"#, .value("Oslo"), .value("17")))
  }

  @Test("Orders: the whole view's with its NULLs said outright, the key's, a subquery's")
  func orders() throws {
    let ascending = try Keyset.people(.sqlite, sort: Keyset.city)
    #expect(
      ascending.order(forward: true) == #""people"."city" ASC NULLS FIRST, "people"."id" ASC"#)
    #expect(
      ascending.order(forward: false) == #""people"."city" DESC NULLS LAST, "people"."id" DESC"#)
    let descending = try Keyset.people(.sqlite, sort: Keyset.name, descending: true)
    #expect(descending.order(forward: true) == #""people"."name" DESC, "people"."id" DESC"#)
    #expect(Keyset.pairs(.sqlite).keyOrder == #""pairs"."a" ASC, "pairs"."b" ASC"#)
    let segments = ascending.segments(from: nil, forward: false)
    #expect(
      segments.map { ascending.orderBy($0, keyNames: ["p.k0"], sortName: "p.s0") } == [
        "p.s0 DESC, p.k0 DESC", "p.k0 DESC",
      ])
  }

  @Test("A scan's statement: key range, beyond a position, the driver's condition, no filter")
  func scan() throws {
    let planner = try Keyset.people(.sqlite, sort: Keyset.city, filter: "id > 3")
    let start = planner.beyond(Keyset.at(nil, "17"), forward: false)
    #expect(
      planner.select(
        planner.keySQL.joined(separator: ", "), where: [planner.keyComparison(">", ["40"])],
        filtered: false, orderBy: planner.keyOrder, limit: 1, offset: 99)
        == statement(
          #"SELECT "people"."id" FROM "people" WHERE "people"."id" > ? "#
            + #"ORDER BY "people"."id" ASC LIMIT ? OFFSET ?"#,
          .value("40"), .integer(1), .integer(99)))
    #expect(
      planner.select(
        "*", where: [planner.keyComparison("<=", ["60"]), start],
        matching: SQLFragment("found(1)"), orderBy: planner.order(forward: true), limit: 1)
        == statement(
          #"SELECT * FROM "people" WHERE "people"."id" <= ? AND "#
            + #"("people"."city" IS NULL AND "people"."id" < ?) AND ("id" > 3) AND found(1) "#
            + #"ORDER BY "people"."city" ASC NULLS FIRST, "people"."id" ASC LIMIT ?"#,
          .value("60"), .value("17"), .integer(1)))
  }

  @Test("Names are quoted by the dialect, whatever they hold")
  func quoting() {
    let planner = SQLKeysetPlanner<String>(
      dialect: .postgreSQL, table: #"my "table""#, schema: "odd.schema",
      key: [SQLKeysetColumn(#"the "id""#)])
    #expect(planner.table == #""odd.schema"."my ""table""""#)
    #expect(planner.keySQL == [#""odd.schema"."my ""table"""."the ""id""""#])
    // Without a type, a PostgreSQL placeholder is bare.
    #expect(
      planner.keyComparison("=", ["1"]).statement(in: .postgreSQL)
        == statement(#""odd.schema"."my ""table"""."the ""id""" = $1"#, .value("1")))
  }
}
