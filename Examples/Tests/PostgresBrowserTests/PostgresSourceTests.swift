import DataBrowserPostgres
import Foundation
import TermElementsRecords
import Testing

/// The PostgreSQL source on its own: every kind of relation, many types, names that need
/// quoting, huge values and wide tables, against a throwaway server.
@Suite("PostgreSQL source")
struct PostgresSourceTests {
  /// A catalog of the kinds sample, and a link to close.
  static func catalog() async throws -> (PostgresCatalog, PostgresLink) {
    let settings = try await Database.kinds.settings()
    let link = PostgresLink(settings: settings)
    return (PostgresCatalog(link: link), link)
  }

  @Test("The catalog lists every kind of relation in every schema, with estimates")
  func catalogListsRelations() async throws {
    let (catalog, link) = try await Self.catalog()
    defer { Task { await link.close() } }
    let sheets = try await catalog.sheets()
    let names = sheets.map(\.name)
    #expect(names.first == "public.\"Odd \"\"Name\"\" table\"")
    for name in [
      "public.kinds", "public.measurements", "public.measurements_2025", "public.lines",
      "shop.orders", "shop.big_orders", "shop.totals",
    ] {
      #expect(names.contains(name), "\(name) in \(names)")
    }
    let counts = Dictionary(uniqueKeysWithValues: sheets.map { ($0.name, $0.count) })
    #expect(counts["shop.orders"] == .estimated(300))
    #expect(counts["public.numbers"] == .estimated(200_000))
    #expect(counts["public.measurements"] == .estimated(63))
    #expect(counts["shop.big_orders"] == .unknown)
    #expect(counts["public.numbers"]?.text == "~200,000")
  }

  @Test("Values come back typed: numbers exact, dates as the server writes them, the rest as text")
  func types() async throws {
    let (catalog, link) = try await Self.catalog()
    defer { Task { await link.close() } }
    let source = try await catalog.postgresSource(named: "kinds")
    let page = try await source.page(after: nil, in: .all, limit: 10)
    #expect(page.count == 3)
    #expect(
      page[0].values == [
        .integer(1), .integer(-2), .integer(9_000_000_000), .decimal("1204.500"), .real(0.1),
        .real(1.5), .boolean(true), .text("Zoë"), .text("ab"), .date("2026-11-25"),
        .time("09:30:00"), .timestamp("2026-11-25 09:30:00"),
        .timestamp("2026-11-25 09:30:00+00"), .text("1 day 02:00:00"),
        .text("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), .json("{\"b\": [1, 2], \"a\": \"x\"}"),
        .json("{\"a\": \"x\", \"b\": [1, 2]}"), .blob(Array("hello".utf8)), .text("{1,2,3}"),
        .text("paid"), .integer(7), .text("(1,2)"), .text("10.0.0.1"),
      ])
    #expect(page[1].values.filter { $0 != .null } == [.integer(2), .blob([0xFF, 0xFE, 0x00])])
    guard case .real(let nan) = page[2].values[4] else {
      Issue.record("not real")
      return
    }
    #expect(nan.isNaN)
    #expect(page[2].values[5] == .real(-.infinity))
    #expect(page[2].values[9] == .date("infinity"))
    let whole = try #require(try await source.wholeRecord(key: RecordKey([.integer(1)])))
    #expect(whole == page[0].values)
  }

  @Test("A 10 MB value is cut in a page and whole in the detail; 300 columns all read")
  func hugeValuesAndWideTables() async throws {
    let (catalog, link) = try await Self.catalog()
    defer { Task { await link.close() } }
    let big = try await catalog.postgresSource(named: "public.big")
    let page = try await big.page(after: nil, in: .all, limit: 5)
    let start = String(repeating: "0123456789", count: 103).prefix(PostgresViewQuery.textLimit)
    #expect(page.first?.values[1] == .text(String(start)))
    let whole = try #require(try await big.wholeRecord(key: RecordKey([.integer(1)])))
    guard case .text(let body) = whole[1] else {
      Issue.record("not text: \(whole[1])")
      return
    }
    #expect(body.utf8.count == 10_485_763)
    #expect(body.hasSuffix("END"))

    let wide = try await catalog.postgresSource(named: "wide")
    #expect(wide.columns.count == 300)
    let rows = try await wide.page(before: nil, in: .all, limit: 2)
    #expect(rows.map { $0.values.count } == [300, 300])
    #expect(rows.last?.values[1] == .integer(50))
    #expect(rows.last?.values[299] == .integer(-50))
  }

  @Test("A name that needs quoting browses, sorts and filters")
  func quotedNames() async throws {
    let (catalog, link) = try await Self.catalog()
    defer { Task { await link.close() } }
    let source = try await catalog.postgresSource(named: "public.\"Odd \"\"Name\"\" table\"")
    #expect(source.columns.map(\.name) == ["id", "Mixed Case", "with space"])
    let view = RecordView(
      order: RecordOrder(column: 1, descending: true), filter: "\"with space\" > 10")
    try await source.validate(filter: "\"with space\" > 10")
    let page = try await source.page(after: nil, in: view, limit: 10)
    #expect(page.map { $0.values[1] } == [.text("two"), .text("three")])
  }

  @Test("Relations with no key page by address or offset, and say what they page by")
  func relationsWithoutKey() async throws {
    let (catalog, link) = try await Self.catalog()
    defer { Task { await link.close() } }
    for (name, count) in [
      ("shop.big_orders", 60), ("shop.totals", 13), ("public.lines", 25),
      ("public.measurements", 63), ("shop.orders", 300),
    ] {
      let source = try await catalog.postgresSource(named: name)
      var forward: [PageRecord] = []
      var position: RecordPosition?
      while true {
        let page = try await source.page(after: position, in: .all, limit: 7)
        forward += page
        guard let last = page.last else { break }
        position = last.position
      }
      var backward: [PageRecord] = []
      position = nil
      while true {
        let page = try await source.page(before: position, in: .all, limit: 7)
        backward = page + backward
        guard let first = page.first else { break }
        position = first.position
      }
      #expect(forward.count == count, "\(name)")
      #expect(forward == backward, "\(name)")
      #expect(Set(forward.map(\.key)).count == count, "\(name)")
      let (last, total) = try await source.lastPage(in: .all, limit: 3)
      #expect(last == Array(forward.suffix(3)), "\(name)")
      #expect(total == .exact(count), "\(name)")
      let middle = try #require(try await source.position(atOffset: count / 2, in: .all))
      #expect(middle == forward[count / 2].position, "\(name)")
      #expect(try await source.rank(of: middle, in: .all) == count / 2, "\(name)")
    }
    let view = try await catalog.postgresSource(named: "shop.big_orders")
    #expect(!view.support(for: .sort).isAvailable)
    #expect(view.title(ofKey: RecordKey([.integer(4)])) == "record 5")
    #expect(view.keyOrder == "whole row text (no key)")
    let matview = try await catalog.postgresSource(named: "shop.totals")
    #expect(matview.title(ofKey: RecordKey([.text("(0,3)")])) == "row (0,3)")
    #expect(matview.keyOrder == "row address (no key)")
    #expect(try await catalog.postgresSource(named: "shop.orders").keyOrder == nil)
  }

  @Test("Sorting: no order for json, slow without an index, keyset both ways with NULLs first")
  func sorting() async throws {
    let (catalog, link) = try await Self.catalog()
    defer { Task { await link.close() } }
    let kinds = try await catalog.postgresSource(named: "kinds")
    #expect(!(try await kinds.sortSupport(column: 15, in: .all)).isAvailable)
    #expect(
      try await kinds.sortSupport(column: 16, in: .all)
        == .slow("no index: each page sorts the table"))
    #expect(try await kinds.sortSupport(column: 0, in: .all) == .available)
    let view = RecordView(order: RecordOrder(column: 2))
    let ascending = try await kinds.page(after: nil, in: view, limit: 10).map { $0.values[2] }
    #expect(ascending == [.null, .integer(0), .integer(9_000_000_000)])
    let descending = try await kinds.page(
      after: nil, in: RecordView(order: RecordOrder(column: 2, descending: true)), limit: 10)
    #expect(descending.map { $0.values[2] } == ascending.reversed())
  }
}
