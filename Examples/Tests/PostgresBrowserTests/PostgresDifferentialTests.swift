import DataBrowserPostgres
import TermElementsRecords
import TermElementsTestSupport
import Testing

/// The PostgreSQL source and the in-memory source, given the same records, answer every
/// request alike, in any order and any view: pages both ways from any position, offsets,
/// ranks, the last page and searches either way, filtered or not. Seeded, so that a failure
/// replays.
@Suite("PostgreSQL against records in memory")
struct PostgresDifferentialTests {
  /// The items of a sample of 300, on the server and in memory: a link to close, the two
  /// sources and the records.
  static func sources() async throws -> (
    PostgresLink, PostgresRecordSource, MemoryRecordSource, [PageRecord]
  ) {
    let sample = BrowsingSample(count: 300)
    let settings = try await TestServer.shared.sharedDatabase("differential", sql: sample.sql)
    let link = PostgresLink(settings: settings)
    let postgres = try await PostgresCatalog(link: link).postgresSource(named: "public.items")
    let records = sample.records("public.items")
    let memory = MemoryRecordSource(
      name: "items", columns: postgres.columns.map(\.name), records: records.map(\.values),
      keyColumns: [0])
    return (link, postgres, memory, records)
  }

  @Test("Two thousand random requests in random views get the same answers", arguments: [2026, 17])
  func sameAnswers(seed: UInt64) async throws {
    let (link, postgres, memory, records) = try await Self.sources()
    defer { Task { await link.close() } }
    var random = SeededRandom(seed: seed)
    // The columns each search looks in, drawn apart so that the requests stay the same.
    var picks = SeededRandom(seed: seed &+ 1)
    // Positions seen in each view, to go on from.
    var positions: [RecordView: [RecordPosition]] = [:]
    // Every column but the bytes, whose pages keep only their first bytes to sort by.
    let sortable: [Int?] = [nil, 0, 1, 2, 3, 4, 6]
    for step in 0..<2_000 {
      let column = sortable.randomElement(using: &random)!
      // Filters both languages read alike.
      let filter = [nil, nil, "city = 'Lima'", "balance > 500"].randomElement(using: &random)!
      let view = RecordView(
        order: RecordOrder(column: column, descending: Bool.random(using: &random)),
        filter: filter)
      let known = positions[view, default: []]
      let from = Bool.random(using: &random) ? nil : known.randomElement(using: &random)
      let limit = Int.random(in: 1...25, using: &random)
      let context = "seed \(seed), step \(step), \(view), from \(String(describing: from))"
      switch Int.random(in: 0..<7, using: &random) {
      case 0, 1:
        let expected = try await memory.page(after: from, in: view, limit: limit)
        let got = try await postgres.page(after: from, in: view, limit: limit)
        #expect(got == expected, "page after: \(context)")
        positions[view, default: []] += expected.map(\.position)
      case 2, 3:
        let expected = try await memory.page(before: from, in: view, limit: limit)
        let got = try await postgres.page(before: from, in: view, limit: limit)
        #expect(got == expected, "page before: \(context)")
        positions[view, default: []] += expected.map(\.position)
      case 4:
        let offset = Int.random(in: 0...(records.count + 2), using: &random)
        let expected = try await memory.position(atOffset: offset, in: view)
        let got = try await postgres.position(atOffset: offset, in: view)
        #expect(got == expected, "offset \(offset): \(context)")
        if let from {
          let rank = try await postgres.rank(of: from, in: view)
          #expect(rank == (try await memory.rank(of: from, in: view)), "rank: \(context)")
        }
      case 5:
        // Records in memory do not change under a read: the last page, then the count.
        let expected = (
          records: try await memory.page(before: nil, in: view, limit: limit),
          count: try await memory.count(in: view)
        )
        let got = try await postgres.lastPage(in: view, limit: limit)
        #expect(got.records == expected.records, "last page: \(context)")
        #expect(got.count == expected.count, "count: \(context)")
      default:
        let record = records.randomElement(using: &random)!
        let text = record.values.compactMap { value -> String? in
          guard SearchText.isSearched(value) else { return nil }
          let text = value.cellText
          guard text.count >= 2 else { return nil }
          let start = Int.random(in: 0..<(text.count - 1), using: &random)
          let length = Int.random(in: 1...min(3, text.count - start), using: &random)
          let characters = Array(text)
          return String(characters[start..<(start + length)]).uppercased()
        }.randomElement(using: &random)
        guard let text else { continue }
        let forward = Bool.random(using: &random)
        let needle = SearchText(text)
        // Every column, or some.
        let columns =
          picks.chance(0.5)
          ? nil : Set(postgres.columns.indices.filter { _ in picks.chance(0.5) })
        let expected = try await memory.search(
          needle, columns: columns, from: from, forward: forward, in: view, progress: { _ in })
        let got = try await postgres.search(
          needle, columns: columns, from: from, forward: forward, in: view, progress: { _ in })
        #expect(
          got == expected,
          "search \(text) \(forward ? "forward" : "back") in \(columns.map { "\($0.sorted())" } ?? "all"): \(context)"
        )
      }
    }
  }

  @Test("A search in some columns finds what records in memory find there, either way")
  func searchColumns() async throws {
    let (link, postgres, memory, records) = try await Self.sources()
    defer { Task { await link.close() } }
    // id, name, city, balance, active, raw, born: "12" is in ids and names, "20" in balances
    // and dates too, "li" in names and cities.
    let sets: [Set<Int>] = [[0], [1], [1, 2], [0, 3, 4, 5, 6], [4, 5], []]
    var passedOver = 0
    for view in [RecordView.all, RecordView(order: RecordOrder(column: 2, descending: true))] {
      let order = try await memory.page(after: nil, in: view, limit: records.count)
      let starts = [nil] + stride(from: 0, to: order.count, by: 37).map { order[$0].position }
      for text in ["12", "20", "LI"] {
        let needle = SearchText(text)
        for columns in sets {
          passedOver +=
            order.filter { needle.matches(any: $0.values) }.count
            - order.filter { needle.matches(any: $0.values, in: columns) }.count
          for from in starts {
            for forward in [true, false] {
              let expected = try await memory.search(
                needle, columns: columns, from: from, forward: forward, in: view,
                progress: { _ in })
              let got = try await postgres.search(
                needle, columns: columns, from: from, forward: forward, in: view,
                progress: { _ in })
              #expect(
                got == expected,
                "\(text) in \(columns.sorted()) \(forward ? "after" : "before") \(String(describing: from?.key)) in \(view)"
              )
            }
          }
        }
      }
    }
    #expect(passedOver > 100)
  }
}
