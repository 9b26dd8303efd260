import Foundation
import Synchronization
import Testing

@testable import TermElementsRecords

@Suite("CSV search and sort", .timeLimit(.minutes(5)))
struct CSVSearchSortTests {
  @Test("Search finds the same records as a plain scan, both ways, from any record")
  func search() async throws {
    let test = try CSVPagingTests.randomCase(seed: 21, rows: 400, width: 3)
    defer { test.file.remove() }
    for indexed in [false, true] {
      let source = try test.file.source(indexed: indexed, window: 256)
      if indexed { try await source.waitForIndex() }
      for needle in ["müller", "Z", "12", "x y", "\"", "nothing-here"] {
        let text = SearchText(needle)
        let matching = test.expected.indices.filter { text.matches(any: test.expected[$0]) }
        // Forward from the start, hop by hop.
        var found: [[CellValue]] = []
        var position: RecordPosition?
        while let hit = try await source.search(
          text, columns: nil, from: position, forward: true, in: .all, progress: { _ in })
        {
          found.append(hit.values)
          position = hit.position
        }
        #expect(found == matching.map { test.expected[$0] }, "\(needle) forward")
        // Backward from End, hop by hop.
        var backward: [[CellValue]] = []
        position = nil
        while let hit = try await source.search(
          text, columns: nil, from: position, forward: false, in: .all, progress: { _ in })
        {
          backward.append(hit.values)
          position = hit.position
        }
        #expect(backward == matching.reversed().map { test.expected[$0] }, "\(needle) backward")
      }
    }
  }

  @Test("A search in some columns finds what a scan of those columns finds, by bytes or not")
  func searchColumns() async throws {
    let test = try CSVPagingTests.randomCase(seed: 26, rows: 400, width: 3)
    defer { test.file.remove() }
    var passedOver = 0
    // Unindexed, a search reads record by record; indexed, by the text's bytes when it can.
    for indexed in [false, true] {
      let source = try test.file.source(indexed: indexed, window: 256)
      if indexed { try await source.waitForIndex() }
      for needle in ["müller", "Z", "12", "x y", "a", "\""] {
        let text = SearchText(needle)
        for columns: Set<Int> in [[0], [1], [2], [0, 2], [1, 2]] {
          let matching = test.expected.indices.filter {
            text.matches(any: test.expected[$0], in: columns)
          }
          passedOver +=
            test.expected.indices.filter { text.matches(any: test.expected[$0]) }
            .count - matching.count
          for forward in [true, false] {
            var found: [[CellValue]] = []
            var position: RecordPosition?
            while let hit = try await source.search(
              text, columns: columns, from: position, forward: forward, in: .all,
              progress: { _ in })
            {
              found.append(hit.values)
              position = hit.position
            }
            let expected = matching.map { test.expected[$0] }
            #expect(
              found == (forward ? expected : expected.reversed()),
              "\(needle) in \(columns.sorted()), indexed \(indexed), forward \(forward)")
          }
        }
        #expect(
          try await source.search(text, columns: [], from: nil, forward: true, in: .all) { _ in }
            == nil)
      }
    }
    // Matches in the columns left out were there to pass over.
    #expect(passedOver > 100)
  }

  @Test("Search reports how many records it read")
  func searchProgress() async throws {
    let test = try CSVPagingTests.randomCase(seed: 22, rows: 10_000, width: 2)
    defer { test.file.remove() }
    let source = try test.file.source()
    let counts = Mutex<[Int]>([])
    let hit = try await source.search(
      SearchText("no such text"), columns: nil, from: nil, forward: true, in: .all,
      progress: { count in counts.withLock { $0.append(count) } })
    #expect(hit == nil)
    let reported = counts.withLock { $0 }
    #expect(reported.last == 10_000)
    #expect(reported == reported.sorted())
  }

  @Test("A cancelled search throws CancellationError")
  func cancelSearch() async throws {
    let test = try CSVPagingTests.randomCase(seed: 23, rows: 5000, width: 2)
    defer { test.file.remove() }
    let source = try test.file.source()
    try await source.waitForIndex()
    for forward in [true, false] {
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await source.search(
          SearchText("no such text"), columns: nil, from: nil, forward: forward, in: .all,
          progress: { _ in })
      }
      await #expect(throws: CancellationError.self) { try await task.value }
    }
  }

  @Test("Sorting by a column agrees with a plain sort, ties by record number, both ways")
  func sort() async throws {
    let test = try CSVPagingTests.randomCase(seed: 24, rows: 500, width: 3)
    defer { test.file.remove() }
    let source = try test.file.source()
    #expect(source.support(for: .sort) == .slow("sorting reads the whole file"))
    #expect(source.filterLanguage == RecordFilter.language)
    #expect(source.support(for: .filter) == .slow("filtering reads the whole file"))
    for column in 0..<3 {
      let ascending = test.expected.numbers(orderedBy: column)
      for descending in [false, true] {
        let view = RecordView(order: RecordOrder(column: column, descending: descending))
        let order = descending ? Array(ascending.reversed()) : ascending
        let expectedKeys = order.map { RecordKey([.integer(Int64($0 + 1))]) }
        let forward = try await allForward(source, limit: 13, view: view)
        #expect(forward.map(\.key) == expectedKeys)
        #expect(forward.map(\.values) == order.map { test.expected[$0] })
        #expect(forward.map(\.sortValue) == order.map { test.expected[$0][column] })
        let backward = try await allBackward(source, limit: 13, view: view)
        #expect(backward.map(\.key) == expectedKeys)
        let middle = try #require(try await source.position(atOffset: 250, in: view))
        #expect(middle.key == expectedKeys[250])
        #expect(try await source.rank(of: middle, in: view) == 250)
        let kept = try await source.position(ofKey: RecordKey([.integer(7)]), in: view)
        #expect(try await source.rank(of: try #require(kept), in: view) == order.firstIndex(of: 6))
        let hit = try await source.search(
          SearchText("a"), columns: nil, from: middle, forward: true, in: view, progress: { _ in })
        let expectedHit = order[251...].first { SearchText("a").matches(any: test.expected[$0]) }
        #expect(hit?.key == expectedHit.map { RecordKey([.integer(Int64($0 + 1))]) })
      }
    }
  }

  @Test("A bad filter is refused with the reason, quoting what was typed")
  func badFilter() async throws {
    let file = try TemporaryCSV("a,,a b\n1,2,3\n")
    defer { file.remove() }
    let source = try file.source()
    for (filter, message) in [
      ("a", "“a” needs a comparison after it, such as = 1, ~ text or is null"),
      ("b = 1", "No column “b” (columns: a, , a b)"),
      ("a = 'x", "Text opened at character 5 is never closed: “'x”"),
    ] {
      await #expect(throws: RecordSourceError.badFilter(message)) {
        try await source.validate(filter: filter)
      }
      await #expect(throws: RecordSourceError.badFilter(message)) {
        try await source.page(after: nil, in: RecordView(filter: filter), limit: 5)
      }
    }
    for filter in ["a = 1", "\"\" != 2", "\"a b\" = 3", "a = \"it\"\"s\"", "a > 0 and \"\" ~ 2"] {
      try await source.validate(filter: filter)
    }
    let page = try await source.page(after: nil, in: RecordView(filter: "\"a b\" = 3.0"), limit: 5)
    #expect(page.map(\.values) == [[.integer(1), .integer(2), .integer(3)]])
  }

  @Test("A filter keeps the records a plain scan keeps, in any order, with counts and ranks")
  func filter() async throws {
    let test = try CSVPagingTests.randomCase(seed: 25, rows: 600, width: 3)
    defer { test.file.remove() }
    let source = try test.file.source()
    let filters: [(String, @Sendable ([CellValue]) -> Bool)] = [
      ("c1 = ''", { $0[1] == .text("") }),
      ("c0 != 12", { $0[0] != .integer(12) && !$0[0].isNull }),
      ("c0 = 'a' or c2 is null", { $0[0] == .text("a") || $0[2].isNull }),
    ]
    for (filter, kept) in filters {
      let numbers = test.expected.indices.filter { kept(test.expected[$0]) }
      for order in [RecordOrder.key, RecordOrder(descending: true), RecordOrder(column: 2)] {
        let view = RecordView(order: order, filter: filter)
        var expected = numbers
        if let column = order.column {
          expected = test.expected.numbers(orderedBy: column, among: numbers)
        }
        if order.descending { expected.reverse() }
        let keys = expected.map { RecordKey([.integer(Int64($0 + 1))]) }
        let forward = try await allForward(source, limit: 11, view: view)
        #expect(forward.map(\.key) == keys, "\(filter)")
        #expect(try await allBackward(source, limit: 11, view: view).map(\.key) == keys)
        #expect(try await source.count(in: view) == .exact(keys.count))
        if keys.count > 3 {
          let third = try #require(try await source.position(atOffset: 3, in: view))
          #expect(third.key == keys[3])
          #expect(try await source.rank(of: third, in: view) == 3)
        }
        if let left = test.expected.indices.first(where: { !kept(test.expected[$0]) }) {
          let key = RecordKey([.integer(Int64(left + 1))])
          #expect(try await source.position(ofKey: key, in: view) == nil)
        }
        let text = SearchText("a")
        let hit = try await source.search(text, columns: nil, from: nil, forward: true, in: view) {
          _ in
        }
        let first = expected.first { text.matches(any: test.expected[$0]) }
        #expect(hit?.key == first.map { RecordKey([.integer(Int64($0 + 1))]) })
      }
    }
  }
}
