import DataBrowserCore
import Foundation
import GRDB
import Testing

/// Records in any order, through a filter, page by page both ways, with jumps, counts and ranks
/// that agree with SQLite's own `ORDER BY`.
@Suite("Record queries")
struct RecordQueryTests {
  /// Every order of every kind of table, with and without a filter: paging forward from the
  /// start and back from the end both give every record once, in SQLite's order.
  @Test(
    "Pages both ways give every record once, in order", arguments: ["people", "pairs", "words"])
  func everyOrder(table: String) throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let schema = try database.schema(of: table)
    for order in allOrders(schema) {
      for filter in [nil, someFilter(table)] {
        let query = RecordQuery(schema: schema, order: order, filter: filter, limit: 7)
        try database.queue.read { db in
          let expected = try referencePositions(db, query)
          #expect(expected.count > 20)
          var forward: [SQLPosition] = []
          var pages: [[SQLPosition]] = []
          while true {
            let page = try query.page(db, after: forward.last).map(\.position)
            if page.isEmpty { break }
            pages.append(page)
            forward += page
          }
          #expect(forward == expected, "\(table) \(order) \(filter ?? "")")
          var backward: [SQLPosition] = []
          while true {
            let page = try query.page(db, before: backward.first).map(\.position)
            if page.isEmpty { break }
            backward = page + backward
          }
          #expect(backward == expected, "\(table) \(order) \(filter ?? "") backward")
          // The page before each page's first record is the page before it.
          for (number, page) in pages.enumerated().dropFirst() {
            let before = try query.page(db, before: page[0]).map(\.position)
            #expect(before == pages[number - 1], "\(table) \(order) page \(number)")
          }
        }
      }
    }
  }

  /// NULL sort values come first ascending and last descending, in key order among themselves;
  /// a page can start inside them and leave them.
  @Test("NULL sort values: first ascending, last descending, none skipped")
  func nullSortValues() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let schema = try database.schema(of: "people")
    try database.queue.read { db in
      let nulls = try Int.fetchAll(db, sql: "SELECT id FROM people WHERE city IS NULL ORDER BY id")
      #expect(nulls.count > 10)
      let ascending = RecordQuery(schema: schema, order: SQLOrder(column: "city"), limit: 5)
      let first = try ascending.page(db, after: nil)
      #expect(first.map(\.key) == nulls.prefix(5).map { [$0.databaseValue] })
      #expect(first.allSatisfy { $0.sortValue == .null })
      // From inside the NULLs, on past their end.
      let inside = try ascending.page(db, after: first[4].position)
      #expect(inside.map(\.key) == nulls.dropFirst(5).prefix(5).map { [$0.databaseValue] })
      let last = try ascending.position(db, atOffset: nulls.count - 2)
      let across = try ascending.page(db, after: last)
      #expect(across[0].key == [nulls.last!.databaseValue])
      #expect(across[1].sortValue == "Lyon".databaseValue)
      // Back from the first non-NULL value into the NULLs.
      let back = try ascending.page(db, before: across[1].position)
      #expect(back.map(\.key).suffix(2) == nulls.suffix(2).map { [$0.databaseValue] })
      let descending = RecordQuery(
        schema: schema, order: SQLOrder(column: "city", descending: true), limit: 5)
      let end = try descending.page(db, before: nil)
      // Descending, NULLs come last, by key descending.
      #expect(end.map(\.key) == nulls.prefix(5).reversed().map { [$0.databaseValue] })
      #expect(try descending.page(db, after: nil).first?.sortValue == "Paris".databaseValue)
    }
  }

  /// Duplicates in the sort column are ordered by key, and a page boundary inside a run of
  /// equal values loses nothing; NOCASE values equal but for case count as duplicates.
  @Test("Duplicates, and the column's collation")
  func duplicates() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let schema = try database.schema(of: "people")
    try database.queue.read { db in
      let query = RecordQuery(schema: schema, order: SQLOrder(column: "name"), limit: 3)
      let adas = try Int.fetchAll(
        db, sql: "SELECT id FROM people WHERE name = 'ADA' COLLATE NOCASE ORDER BY id")
      #expect(adas.count > 30)
      let start = try #require(try query.position(db, ofKey: [adas[0].databaseValue]))
      var ids = [adas[0]]
      var last = start
      while ids.count < adas.count {
        let page = try query.page(db, after: last)
        ids += page.compactMap { Int.fromDatabaseValue($0.key[0]) }
        last = page.last!.position
      }
      #expect(ids.prefix(adas.count) == adas[...])
      // `ada`, `Ada` and `ADA` are one value to the column: they are together, by id.
      let spellings = try query.page(db, after: start).map(\.values[1])
      #expect(Set(spellings.map(\.cellText)).count > 1)
    }
  }

  /// An order by the key's first column is the key's order; a position of another order is an
  /// error rather than a wrong page.
  @Test("The key's column orders by key; positions belong to their order")
  func keyColumnOrder() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let people = try database.schema(of: "people")
    let byID = RecordQuery(schema: people, order: SQLOrder(column: "ID"), limit: 4)
    #expect(byID.sortColumn == nil)
    #expect(
      RecordQuery(schema: people, order: SQLOrder(column: "city"), limit: 4).sortColumn == "city"
    )
    let pairs = try database.schema(of: "pairs")
    #expect(RecordQuery(schema: pairs, order: SQLOrder(column: "a"), limit: 4).sortColumn == nil)
    let words = try database.schema(of: "words")
    #expect(
      RecordQuery(schema: words, order: SQLOrder(column: "rowid"), limit: 4).sortColumn == nil)
    try database.queue.read { db in
      let first = try byID.page(db, after: nil)
      #expect(first.allSatisfy { $0.sortValue == nil })
      let byCity = RecordQuery(schema: people, order: SQLOrder(column: "city"), limit: 4)
      #expect(throws: RecordQueryError.positionOfAnotherOrder) {
        try byCity.page(db, after: first[0].position)
      }
      #expect(throws: RecordQueryError.wrongKeyLength(expected: 1, got: 2)) {
        try byID.page(
          db, after: SQLPosition(sortValue: nil, key: [1.databaseValue, 2.databaseValue]))
      }
      // The same record, found in the other order, pages on from there.
      let there = try #require(try byCity.position(db, ofKey: first[0].key))
      #expect(there.key == first[0].key)
      #expect(try byCity.page(db, before: there).last?.key != first[0].key)
    }
  }

  /// An offset finds the record there in one query; counts and ranks agree with the order,
  /// with or without a filter.
  @Test("Offsets, counts and ranks", arguments: ["people", "pairs", "words"])
  func offsetsCountsRanks(table: String) throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let schema = try database.schema(of: table)
    for order in allOrders(schema) {
      for filter in [nil, someFilter(table)] {
        let query = RecordQuery(schema: schema, order: order, filter: filter, limit: 10)
        try database.queue.read { db in
          let expected = try referencePositions(db, query)
          #expect(try query.count(db) == expected.count)
          for offset in stride(from: 0, to: expected.count, by: 5) {
            #expect(try query.position(db, atOffset: offset) == expected[offset])
            #expect(try query.rank(db, of: expected[offset]) == offset, "\(order) \(offset)")
          }
          #expect(try query.rank(db, of: expected[expected.count - 1]) == expected.count - 1)
          #expect(try query.position(db, atOffset: expected.count) == nil)
          // A page after the record at an offset is the records after it.
          let offset = expected.count / 2
          let page = try query.page(db, after: query.position(db, atOffset: offset))
          #expect(page.map(\.position) == Array(expected[(offset + 1)...].prefix(10)))
        }
      }
    }
  }

  /// A record keeps its first 1,024 characters of TEXT and a BLOB's size and first bytes, and
  /// its sort value in full.
  @Test("Large values are cut in the query; sort values are whole")
  func largeValues() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let schema = try database.schema(of: "people")
    try database.queue.read { db in
      let byNote = RecordQuery(
        schema: schema, order: SQLOrder(column: "note"), filter: "id = 13", limit: 5)
      let record = try #require(try byNote.page(db, after: nil).first)
      #expect(record.values[5] == .text(String(repeating: "x", count: 1_024)))
      let sortValue = try #require(record.sortValue)
      #expect(String.fromDatabaseValue(sortValue)?.count == 2_000)
      let blob = try #require(
        try RecordQuery(schema: schema, filter: "id = 34", limit: 1).page(db, after: nil).first)
      #expect(blob.values[6] == .blob(size: 300, prefix: Array(0..<16)))
      #expect(blob.values[3] == .real(3.5))
      #expect(blob.values[4] == .integer(2))
      let name = try #require(
        try RecordQuery(schema: schema, filter: "id = 15", limit: 1).page(db, after: nil).first)
      #expect(name.values[1] == .text("zoë"))
      #expect(name.values[4] == .null)
      let text = try #require(
        try RecordQuery(schema: schema, filter: "id = 16", limit: 1).page(db, after: nil).first)
      #expect(text.values[4] == .text("text 1"))
    }
  }

  /// With an index on the column, each page is an index search from its position, never a
  /// scan or a sort; without one, SQLite sorts, and the query says so.
  @Test("Indexed orders use the index; others are known to sort")
  func queryPlans() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let people = try database.schema(of: "people")
    let pairs = try database.schema(of: "pairs")
    try database.queue.read { db in
      for (schema, column) in [(people, "city"), (pairs, "tag"), (people, nil), (pairs, nil)] {
        for descending in [false, true] {
          let query = RecordQuery(
            schema: schema, order: SQLOrder(column: column, descending: descending), limit: 5)
          let middle = try #require(try query.position(db, atOffset: 40))
          let nullish = try #require(try query.position(db, atOffset: 2))
          let plans = try plans(db) {
            _ = try query.page(db, after: middle)
            _ = try query.page(db, before: middle)
            _ = try query.page(db, after: nullish)
            _ = try query.page(db, before: nullish)
            _ = try query.rank(db, of: middle)
          }
          #expect(!plans.isEmpty)
          for plan in plans {
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
            #expect(plan.contains("SEARCH"), "\(plan)")
          }
          #expect(try !query.sortsWithoutIndex(db))
        }
      }
      for column in ["name", "score"] {
        let query = RecordQuery(schema: people, order: SQLOrder(column: column), limit: 5)
        #expect(try query.sortsWithoutIndex(db))
        #expect(try !RecordQuery.isIndexed(db, column: column, in: people))
      }
      #expect(try RecordQuery.isIndexed(db, column: "City", in: people))
      #expect(try RecordQuery.isIndexed(db, column: "id", in: people))
      #expect(try RecordQuery.isIndexed(db, column: "tag", in: pairs))
      #expect(try RecordQuery.isIndexed(db, column: "a", in: pairs))
      #expect(try !RecordQuery.isIndexed(db, column: "b", in: pairs))
    }
  }

  /// A statement that would never end stops when its task is cancelled, or when the reader is
  /// interrupted, with `CancellationError`; the queue reads on afterwards.
  @Test("A long query stops on cancel or interrupt")
  func cancelLongQuery() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    let schema = try database.schema(of: "people")
    // A filter no record passes, 50 ms a record: 12 s for the table, stopped between records.
    database.queue.inDatabase { db in
      db.add(
        function: DatabaseFunction("test_slow", argumentCount: 1, pure: false) { _ in
          usleep(50_000)
          return -1
        })
    }
    let endless = "test_slow(id) >= 0"
    let reader = RecordReader(
      queue: database.queue,
      query: RecordQuery(
        schema: schema, filter: endless, filterFunctions: ["test_slow"], limit: 5))
    try await reader.validate(filter: endless)
    let clock = ContinuousClock()
    let started = clock.now
    let page = Task { try await reader.page(after: nil) }
    try await Task.sleep(for: .milliseconds(100))
    page.cancel()
    await #expect(throws: CancellationError.self) { try await page.value }
    #expect(clock.now - started < .seconds(5))
    // `interrupt()` does nothing while no statement runs: interrupt until it stops.
    let interrupter = Task {
      while !Task.isCancelled {
        reader.interrupt()
        try? await Task.sleep(for: .milliseconds(20))
      }
    }
    await #expect(throws: CancellationError.self) { try await reader.count() }
    interrupter.cancel()
    await interrupter.value
    let plain = RecordReader(queue: database.queue, query: RecordQuery(schema: schema, limit: 5))
    #expect(try await plain.page(after: nil).count == 5)
  }

  /// The plans of the statements `body` runs, one line per statement.
  func plans(_ db: Database, _ body: () throws -> Void) throws -> [String] {
    final class Statements: @unchecked Sendable { var sql: [String] = [] }
    let statements = Statements()
    db.trace(options: .statement) { event in
      if case .statement(let statement) = event { statements.sql.append(statement.expandedSQL) }
    }
    defer { db.trace(options: [], nil) }
    try body()
    db.trace(options: [], nil)
    return try statements.sql.map { sql in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
        .joined(separator: " | ")
    }
  }
}
