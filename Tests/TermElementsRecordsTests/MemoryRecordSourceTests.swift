import Synchronization
import TermElementsRecords
import Testing

@Suite("Records in memory")
struct MemoryRecordSourceTests {
  /// People with ties, NULLs and mixed kinds of numbers in their columns.
  static let people: [[CellValue]] = [
    [.integer(1), .text("Ada"), .text("London"), .decimal("12.50")],
    [.integer(2), .text("Grace"), .null, .integer(3)],
    [.integer(3), .text("Alan"), .text("London"), .real(-1.5)],
    [.integer(4), .text("Edsger"), .text("Nuenen"), .null],
    [.integer(5), .text("Barbara"), .text("New York"), .decimal("3")],
    [.integer(6), .text("Ada"), .null, .integer(12)],
  ]

  static func source(_ records: [[CellValue]] = people, keyColumns: [Int] = [0])
    -> MemoryRecordSource
  {
    MemoryRecordSource(
      name: "people", columns: ["id", "name", "city", "balance"], records: records,
      keyColumns: keyColumns)
  }

  static func pageRecords(_ records: [[CellValue]]) -> [PageRecord] {
    records.map { PageRecord(values: $0, key: RecordKey([$0[0]])) }
  }

  @Test("Passes every source check: pages, jumps, ranks and searches in every order")
  func checks() async throws {
    try await SourceChecks.check(Self.source(), records: Self.pageRecords(Self.people))
  }

  @Test("Random records with many ties pass the checks at every page size")
  func randomRecords() async throws {
    var random = SystemRandomNumberGenerator()
    for pageSize in [1, 2, 5, 50] {
      let records = (0..<40).map { id -> [CellValue] in
        let pick = Int.random(in: 0..<4, using: &random)
        let value: CellValue = [.null, .integer(Int64(pick)), .text("t\(pick)"), .decimal("1.5")][
          pick]
        return [
          .integer(Int64(id)), value, .text(["x", "y", "xy"].randomElement(using: &random)!),
        ]
      }
      let source = MemoryRecordSource(
        name: "r", columns: ["id", "v", "w"], records: records, keyColumns: [0])
      try await SourceChecks.check(source, records: Self.pageRecords(records), pageSize: pageSize)
    }
  }

  @Test("Sorting by a column puts NULLs first, numbers by value, ties by the key")
  func sortByColumn() async throws {
    let view = RecordView(order: RecordOrder(column: 3))
    let page = try await Self.source().page(after: nil, in: view, limit: 10)
    #expect(page.map(\.values[0]) == [4, 3, 2, 5, 6, 1].map { CellValue.integer($0) })
    let last = try await Self.source().page(
      before: nil, in: RecordView(order: RecordOrder(column: 2, descending: true)), limit: 2)
    #expect(last.map(\.values[0]) == [.integer(6), .integer(2)])
  }

  @Test(
    "Records are known by their index when no key column is given; a repeated key keeps the first")
  func keys() async throws {
    let byIndex = Self.source(keyColumns: [])
    #expect(byIndex.keyColumns.isEmpty)
    let second = try await byIndex.page(after: nil, in: .all, limit: 2).last
    #expect(second?.key == RecordKey([.integer(1)]))
    let repeated = Self.source(Self.people + [[.integer(1), .text("Impostor")]])
    #expect(try await repeated.count(in: .all) == .exact(6))
    #expect(try await repeated.wholeRecord(key: RecordKey([.integer(1)]))?[1] == .text("Ada"))
  }

  @Test("Short records are filled with NULL and long ones cut to the columns")
  func raggedRecords() async throws {
    let source = MemoryRecordSource(
      name: "r", columns: ["a", "b"], records: [[.integer(1)], [.integer(2), .null, .text("x")]])
    let page = try await source.page(after: nil, in: .all, limit: 5)
    #expect(page.map(\.values) == [[.integer(1), .null], [.integer(2), .null]])
  }

  @Test("A column that does not exist, a bad filter and a foreign position are refused")
  func refused() async throws {
    let source = Self.source()
    #expect(source.filterLanguage == RecordFilter.language)
    #expect(source.support(for: .filter) == .available)
    await #expect(
      throws: RecordSourceError.badFilter("No column “age” (columns: id, name, city, balance)")
    ) {
      try await source.page(after: nil, in: RecordView(filter: "age > 1"), limit: 5)
    }
    await #expect(throws: RecordSourceError.failed("there is no column 10")) {
      try await source.count(in: RecordView(order: RecordOrder(column: 9)))
    }
    await #expect(throws: RecordSourceError.self) {
      try await source.page(
        after: RecordPosition(sortValue: nil, key: RecordKey([.integer(1)])),
        in: RecordView(order: RecordOrder(column: 1)), limit: 5)
    }
  }

  @Test("Filtered views pass every source check, in every order, at every page size")
  func filteredChecks() async throws {
    let people = Self.pageRecords(Self.people)
    let filters: [SourceChecks.Filter] = [
      .init(text: "city = 'London'") { $0.values[2] == .text("London") },
      // Balances of 3 and more, and Edsger's name.
      .init(text: "balance >= 3 or name ~ 'ED'") { record in
        [1, 2, 4, 5, 6].map { CellValue.integer($0) }.contains(record.values[0])
      },
      .init(text: "city is null") { $0.values[2] == .null },
      .init(text: "id > 100") { _ in false },
    ]
    for filter in filters {
      for pageSize in [1, 3, 50] {
        try await SourceChecks.check(
          Self.source(), records: people, pageSize: pageSize, filter: filter)
      }
    }
  }

  @Test("Random records through random filters pass the checks")
  func randomFilteredRecords() async throws {
    var random = SystemRandomNumberGenerator()
    let values: [CellValue] = [.null, .integer(1), .integer(2), .text("t1"), .decimal("1.5")]
    let records = (0..<60).map { id -> [CellValue] in
      [
        .integer(Int64(id)), values.randomElement(using: &random)!,
        .text(["x", "y", "xy"].randomElement(using: &random)!),
      ]
    }
    let source = MemoryRecordSource(
      name: "r", columns: ["id", "v", "w"], records: records, keyColumns: [0])
    let filters: [SourceChecks.Filter] = [
      .init(text: "v > 1 and w != 'y'") { record in
        let v = record.values[1]
        return (v == .integer(2) || v == .decimal("1.5")) && record.values[2] != .text("y")
      },
      .init(text: "not (W ~ 'X') or v is not null") { record in
        !record.values[2].cellText.contains("x") || record.values[1] != .null
      },
    ]
    for filter in filters {
      try await SourceChecks.check(
        source, records: Self.pageRecords(records), pageSize: Int.random(in: 1...9, using: &random),
        filter: filter)
    }
  }

  @Test("An empty source has no pages, no positions and no matches")
  func empty() async throws {
    let source = MemoryRecordSource(name: "none", columns: ["a"], records: [])
    #expect(try await source.page(after: nil, in: .all, limit: 5).isEmpty)
    #expect(try await source.page(before: nil, in: .all, limit: 5).isEmpty)
    #expect(try await source.position(atOffset: 0, in: .all) == nil)
    #expect(
      try await source.search(SearchText("a"), columns: nil, from: nil, forward: true, in: .all) {
        _ in
      } == nil)
  }

  @Test("A search reports its progress and stops when cancelled")
  func searchProgressAndCancel() async throws {
    let records = (0..<100_000).map { [CellValue.integer(Int64($0)), .text("row")] }
    let source = MemoryRecordSource(name: "big", columns: ["id", "t"], records: records)
    let counter = Counter()
    let found = try await source.search(
      SearchText("zzz"), columns: nil, from: nil, forward: true, in: .all
    ) {
      counter.set($0)
    }
    #expect(found == nil)
    #expect(counter.value == 100_000)
    let task = Task {
      try await source.search(SearchText("zzz"), columns: nil, from: nil, forward: true, in: .all) {
        _ in
      }
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test("Encodable items become columns in the order they encode, nested values JSON")
  func encodableItems() async throws {
    struct Address: Encodable { let city: String }
    struct Person: Encodable {
      let id: Int
      let name: String
      let score: Double?
      let active: Bool
      let address: Address
    }
    let source = try MemoryRecordSource(
      name: "people",
      items: [
        Person(id: 7, name: "Ada", score: 1.5, active: true, address: Address(city: "London")),
        Person(id: 3, name: "Alan", score: nil, active: false, address: Address(city: "Wilmslow")),
      ], key: "id")
    #expect(source.columns.map(\.name) == ["id", "name", "score", "active", "address"])
    #expect(source.keyColumns == [0])
    let page = try await source.page(after: nil, in: .all, limit: 5)
    #expect(
      page.map(\.values) == [
        [.integer(3), .text("Alan"), .null, .boolean(false), .json("{\"city\":\"Wilmslow\"}")],
        [.integer(7), .text("Ada"), .real(1.5), .boolean(true), .json("{\"city\":\"London\"}")],
      ])
    let words = try MemoryRecordSource(name: "words", items: ["b", "a"])
    #expect(words.columns.map(\.name) == ["value"])
    #expect(throws: EncodingError.self) { try MemoryRecordSource(name: "lists", items: [[1, 2]]) }
  }

  @Test("A catalog lists its sources with their counts and opens them by name")
  func catalog() async throws {
    let catalog = MemoryCatalog([
      Self.source(), MemoryRecordSource(name: "empty", columns: [], records: []),
    ])
    #expect(
      try await catalog.sheets()
        == [
          SheetSummary(name: "people", count: .exact(6)),
          SheetSummary(name: "empty", count: .exact(0)),
        ])
    #expect(try await catalog.source(named: "empty").name == "empty")
    await #expect(throws: RecordSourceError.self) { try await catalog.source(named: "nope") }
  }
}

/// A number set from any thread.
final class Counter: Sendable {
  private let stored = Mutex(0)
  var value: Int { stored.withLock { $0 } }
  func set(_ value: Int) { stored.withLock { $0 = value } }
}
