import Testing

@testable import TermElementsRecordsSQL

/// The statements of pages, whole, for both dialects: in the key's order and by a column, from
/// an end, a value and a `NULL`, forward and back, ascending and descending, with and without
/// a filter.
@Suite("Keyset pages")
struct SQLKeysetPageTests {
  @Test("A single key: from the start, after a key and before it")
  func singleKey() throws {
    let sqlite = try Keyset.people(.sqlite)
    #expect(
      Keyset.pages(sqlite, from: nil, forward: true) == [
        statement(#"SELECT * FROM "people" ORDER BY "people"."id" ASC LIMIT ?"#, .integer(50))
      ])
    #expect(
      Keyset.pages(sqlite, from: Keyset.at(nil, "17"), forward: true) == [
        statement(
          #"SELECT * FROM "people" WHERE "people"."id" > ? ORDER BY "people"."id" ASC LIMIT ?"#,
          .value("17"), .integer(50))
      ])
    #expect(
      Keyset.pages(sqlite, from: Keyset.at(nil, "17"), forward: false) == [
        statement(
          #"SELECT * FROM "people" WHERE "people"."id" < ? ORDER BY "people"."id" DESC LIMIT ?"#,
          .value("17"), .integer(50))
      ])
    let postgreSQL = try Keyset.people(.postgreSQL)
    #expect(
      Keyset.pages(postgreSQL, from: nil, forward: false) == [
        statement(
          #"SELECT * FROM "public"."people" ORDER BY "public"."people"."id" DESC "#
            + #"LIMIT CAST($1::text AS bigint)"#, .integer(50))
      ])
    #expect(
      Keyset.pages(postgreSQL, from: Keyset.at(nil, "17"), forward: true) == [
        statement(
          #"SELECT * FROM "public"."people" WHERE "public"."people"."id" > "#
            + #"CAST($1::text AS bigint) ORDER BY "public"."people"."id" ASC "#
            + #"LIMIT CAST($2::text AS bigint)"#, .value("17"), .integer(50))
      ])
  }

  @Test("A filter is ANDed after the segment's conditions, in each dialect's SQL")
  func filter() throws {
    let sqlite = try Keyset.people(.sqlite, filter: "city = 'Oslo'")
    #expect(
      Keyset.pages(sqlite, from: nil, forward: true) == [
        statement(
          #"SELECT * FROM "people" WHERE ("city" = 'Oslo') ORDER BY "people"."id" ASC LIMIT ?"#,
          .integer(50))
      ])
    #expect(
      Keyset.pages(sqlite, from: Keyset.at(nil, "17"), forward: false, limit: 7) == [
        statement(
          #"SELECT * FROM "people" WHERE "people"."id" < ? AND ("city" = 'Oslo') "#
            + #"ORDER BY "people"."id" DESC LIMIT ?"#, .value("17"), .integer(7))
      ])
    let postgreSQL = try Keyset.people(.postgreSQL, filter: "city = 'Oslo'")
    #expect(
      Keyset.pages(postgreSQL, from: Keyset.at(nil, "17"), forward: true) == [
        statement(
          #"SELECT * FROM "public"."people" WHERE "public"."people"."id" > "#
            + #"CAST($1::text AS bigint) AND ("city" = E'Oslo') "#
            + #"ORDER BY "public"."people"."id" ASC LIMIT CAST($2::text AS bigint)"#,
          .value("17"), .integer(50))
      ])
  }

  @Test("A composite key compares row values")
  func compositeKey() {
    let sqlite = Keyset.pairs(.sqlite, sorted: false)
    #expect(
      Keyset.pages(sqlite, from: Keyset.at(nil, "x", "5"), forward: true) == [
        statement(
          #"SELECT * FROM "pairs" WHERE ("pairs"."a", "pairs"."b") > (?, ?) "#
            + #"ORDER BY "pairs"."a" ASC, "pairs"."b" ASC LIMIT ?"#,
          .value("x"), .value("5"), .integer(50))
      ])
    let postgreSQL = Keyset.pairs(.postgreSQL, sorted: false)
    #expect(
      Keyset.pages(postgreSQL, from: Keyset.at(nil, "x", "5"), forward: false) == [
        statement(
          #"SELECT * FROM "public"."pairs" WHERE ("public"."pairs"."a", "public"."pairs"."b") < "#
            + #"(CAST($1::text AS text), CAST($2::text AS integer)) "#
            + #"ORDER BY "public"."pairs"."a" DESC, "public"."pairs"."b" DESC "#
            + #"LIMIT CAST($3::text AS bigint)"#, .value("x"), .value("5"), .integer(50))
      ])
  }

  @Test("From an end of a nullable column: the NULLs first going up, last going down")
  func fromAnEnd() throws {
    let sqlite = try Keyset.people(.sqlite, sort: Keyset.city)
    let nulls = statement(
      #"SELECT * FROM "people" WHERE "people"."city" IS NULL ORDER BY "people"."id" ASC LIMIT ?"#,
      .integer(50))
    let values = statement(
      #"SELECT * FROM "people" WHERE "people"."city" IS NOT NULL "#
        + #"ORDER BY "people"."city" ASC, "people"."id" ASC LIMIT ?"#, .integer(50))
    #expect(Keyset.pages(sqlite, from: nil, forward: true) == [nulls, values])
    // A descending view reads the ascending order backwards: values first, then the NULLs.
    let descending = try Keyset.people(.sqlite, sort: Keyset.city, descending: true)
    #expect(
      Keyset.pages(descending, from: nil, forward: true) == [
        statement(
          #"SELECT * FROM "people" WHERE "people"."city" IS NOT NULL "#
            + #"ORDER BY "people"."city" DESC, "people"."id" DESC LIMIT ?"#, .integer(50)),
        statement(
          #"SELECT * FROM "people" WHERE "people"."city" IS NULL "#
            + #"ORDER BY "people"."id" DESC LIMIT ?"#, .integer(50)),
      ])
    #expect(Keyset.pages(descending, from: nil, forward: false) == [nulls, values])
  }

  @Test("After a value: its ties apart on SQLite, one row value on PostgreSQL")
  func afterAValue() throws {
    let from = Keyset.at("Oslo", "17")
    let sqlite = try Keyset.people(.sqlite, sort: Keyset.city)
    #expect(
      Keyset.pages(sqlite, from: from, forward: true) == [
        statement(
          #"SELECT * FROM "people" WHERE "people"."city" = ? AND "people"."id" > ? "#
            + #"ORDER BY "people"."id" ASC LIMIT ?"#, .value("Oslo"), .value("17"), .integer(50)),
        statement(
          #"SELECT * FROM "people" WHERE "people"."city" IS NOT NULL AND "people"."city" > ? "#
            + #"ORDER BY "people"."city" ASC, "people"."id" ASC LIMIT ?"#,
          .value("Oslo"), .integer(50)),
      ])
    #expect(
      Keyset.pages(sqlite, from: from, forward: false) == [
        statement(
          #"SELECT * FROM "people" WHERE "people"."city" = ? AND "people"."id" < ? "#
            + #"ORDER BY "people"."id" DESC LIMIT ?"#, .value("Oslo"), .value("17"), .integer(50)),
        statement(
          #"SELECT * FROM "people" WHERE "people"."city" IS NOT NULL AND "people"."city" < ? "#
            + #"ORDER BY "people"."city" DESC, "people"."id" DESC LIMIT ?"#,
          .value("Oslo"), .integer(50)),
        statement(
          #"SELECT * FROM "people" WHERE "people"."city" IS NULL "#
            + #"ORDER BY "people"."id" DESC LIMIT ?"#, .integer(50)),
      ])
    let postgreSQL = try Keyset.people(.postgreSQL, sort: Keyset.city)
    #expect(
      Keyset.pages(postgreSQL, from: from, forward: true) == [
        statement(
          #"SELECT * FROM "public"."people" WHERE "public"."people"."city" IS NOT NULL AND "#
            + #"("public"."people"."city", "public"."people"."id") > "#
            + #"(CAST($1::text AS text), CAST($2::text AS bigint)) "#
            + #"ORDER BY "public"."people"."city" ASC, "public"."people"."id" ASC "#
            + #"LIMIT CAST($3::text AS bigint)"#, .value("Oslo"), .value("17"), .integer(50))
      ])
    #expect(
      Keyset.pages(postgreSQL, from: from, forward: false) == [
        statement(
          #"SELECT * FROM "public"."people" WHERE "public"."people"."city" IS NOT NULL AND "#
            + #"("public"."people"."city", "public"."people"."id") < "#
            + #"(CAST($1::text AS text), CAST($2::text AS bigint)) "#
            + #"ORDER BY "public"."people"."city" DESC, "public"."people"."id" DESC "#
            + #"LIMIT CAST($3::text AS bigint)"#, .value("Oslo"), .value("17"), .integer(50)),
        statement(
          #"SELECT * FROM "public"."people" WHERE "public"."people"."city" IS NULL "#
            + #"ORDER BY "public"."people"."id" DESC LIMIT CAST($1::text AS bigint)"#,
          .integer(50)),
      ])
  }

  @Test("After a NULL: the rest of the NULLs, then the values going up")
  func afterANull() throws {
    let from = Keyset.at(nil, "17")
    for dialect in [SQLDialect.sqlite, .postgreSQL] {
      let planner = try Keyset.people(dialect, sort: Keyset.city)
      let table = dialect == .sqlite ? #""people""# : #""public"."people""#
      let key = dialect == .sqlite ? "?" : "CAST($1::text AS bigint)"
      let limit = { (number: Int) in dialect == .sqlite ? "?" : "CAST($\(number)::text AS bigint)" }
      #expect(
        Keyset.pages(planner, from: from, forward: true) == [
          statement(
            "SELECT * FROM \(table) WHERE \(table).\"city\" IS NULL AND \(table).\"id\" > \(key) "
              + "ORDER BY \(table).\"id\" ASC LIMIT \(limit(2))", .value("17"), .integer(50)),
          statement(
            "SELECT * FROM \(table) WHERE \(table).\"city\" IS NOT NULL "
              + "ORDER BY \(table).\"city\" ASC, \(table).\"id\" ASC LIMIT \(limit(1))",
            .integer(50)),
        ])
      #expect(
        Keyset.pages(planner, from: from, forward: false) == [
          statement(
            "SELECT * FROM \(table) WHERE \(table).\"city\" IS NULL AND \(table).\"id\" < \(key) "
              + "ORDER BY \(table).\"id\" DESC LIMIT \(limit(2))", .value("17"), .integer(50))
        ])
    }
    // Descending, forward from a NULL is down the ascending order: the NULLs before it only.
    let descending = try Keyset.people(.sqlite, sort: Keyset.city, descending: true)
    #expect(
      Keyset.pages(descending, from: from, forward: true) == [
        statement(
          #"SELECT * FROM "people" WHERE "people"."city" IS NULL AND "people"."id" < ? "#
            + #"ORDER BY "people"."id" DESC LIMIT ?"#, .value("17"), .integer(50))
      ])
  }

  @Test("A composite key under a nullable column: ties and values compare row values")
  func compositeKeyByColumn() {
    let from = Keyset.at("t1", "x", "5")
    #expect(
      Keyset.pages(Keyset.pairs(.sqlite, descending: true), from: from, forward: true) == [
        statement(
          #"SELECT * FROM "pairs" WHERE "pairs"."tag" = ? AND ("pairs"."a", "pairs"."b") < (?, ?) "#
            + #"ORDER BY "pairs"."a" DESC, "pairs"."b" DESC LIMIT ?"#,
          .value("t1"), .value("x"), .value("5"), .integer(50)),
        statement(
          #"SELECT * FROM "pairs" WHERE "pairs"."tag" IS NOT NULL AND "pairs"."tag" < ? "#
            + #"ORDER BY "pairs"."tag" DESC, "pairs"."a" DESC, "pairs"."b" DESC LIMIT ?"#,
          .value("t1"), .integer(50)),
        statement(
          #"SELECT * FROM "pairs" WHERE "pairs"."tag" IS NULL "#
            + #"ORDER BY "pairs"."a" DESC, "pairs"."b" DESC LIMIT ?"#, .integer(50)),
      ])
    let pairs = #""public"."pairs""#
    #expect(
      Keyset.pages(Keyset.pairs(.postgreSQL), from: from, forward: true) == [
        statement(
          "SELECT * FROM \(pairs) WHERE \(pairs).\"tag\" IS NOT NULL AND "
            + "(\(pairs).\"tag\", \(pairs).\"a\", \(pairs).\"b\") > (CAST($1::text AS text), "
            + "CAST($2::text AS text), CAST($3::text AS integer)) "
            + "ORDER BY \(pairs).\"tag\" ASC, \(pairs).\"a\" ASC, \(pairs).\"b\" ASC "
            + "LIMIT CAST($4::text AS bigint)", .value("t1"), .value("x"), .value("5"),
          .integer(50))
      ])
  }

  @Test("A sorted column that cannot be NULL is read in one part")
  func notNullColumn() throws {
    let from = Keyset.at("Ada", "17")
    let sqlite = try Keyset.people(.sqlite, sort: Keyset.name)
    #expect(
      Keyset.pages(sqlite, from: nil, forward: true) == [
        statement(
          #"SELECT * FROM "people" ORDER BY "people"."name" ASC, "people"."id" ASC LIMIT ?"#,
          .integer(50))
      ])
    #expect(
      Keyset.pages(sqlite, from: from, forward: false) == [
        statement(
          #"SELECT * FROM "people" WHERE "people"."name" = ? AND "people"."id" < ? "#
            + #"ORDER BY "people"."id" DESC LIMIT ?"#, .value("Ada"), .value("17"), .integer(50)),
        statement(
          #"SELECT * FROM "people" WHERE "people"."name" < ? "#
            + #"ORDER BY "people"."name" DESC, "people"."id" DESC LIMIT ?"#,
          .value("Ada"), .integer(50)),
      ])
    let postgreSQL = try Keyset.people(.postgreSQL, sort: Keyset.name)
    #expect(
      Keyset.pages(postgreSQL, from: from, forward: true) == [
        statement(
          #"SELECT * FROM "public"."people" WHERE "#
            + #"("public"."people"."name", "public"."people"."id") > "#
            + #"(CAST($1::text AS text), CAST($2::text AS bigint)) "#
            + #"ORDER BY "public"."people"."name" ASC, "public"."people"."id" ASC "#
            + #"LIMIT CAST($3::text AS bigint)"#, .value("Ada"), .value("17"), .integer(50))
      ])
  }
}
