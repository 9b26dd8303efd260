import Foundation
import Testing

@testable import TermElementsRecords

@Suite("CSV pages, End and the index", .timeLimit(.minutes(5)))
struct CSVPagingTests {
  /// A random file, its source and the records a plain parse finds.
  struct Case {
    let file: TemporaryCSV
    let expected: [[CellValue]]
  }

  static func randomCase(seed: UInt64, rows: Int, width: Int) throws -> Case {
    var random = RandomCSV(seed: seed)
    let bytes = random.file(rows: rows, width: width)
    let records = ReferenceCSV.parse(bytes)
    let expected = records.dropFirst().map { ReferenceCSV.values($0, width: width) }
    #expect(expected.count == rows)
    return Case(file: try TemporaryCSV(bytes), expected: expected)
  }

  @Test("Pages forward agree with a plain parse", arguments: [1, 2, 3, 4])
  func forward(seed: UInt64) async throws {
    let test = try Self.randomCase(seed: seed, rows: 300, width: 1 + Int(seed))
    defer { test.file.remove() }
    let source = try test.file.source(indexed: false)
    let records = try await allForward(source, limit: 7)
    #expect(records.map(\.values) == test.expected)
    #expect(records.map(\.key) == (1...300).map { RecordKey([.integer(Int64($0))]) })
  }

  @Test(
    "Pages backward from End agree with a plain parse, before and after the index",
    arguments: [5, 6, 7, 8])
  func backward(seed: UInt64) async throws {
    let test = try Self.randomCase(seed: seed, rows: 300, width: 1 + Int(seed % 4))
    defer { test.file.remove() }
    // A tiny window makes End widen it and find boundaries among quoted line ends.
    let unindexed = try test.file.source(indexed: false, window: 64)
    let early = try await allBackward(unindexed, limit: 9)
    #expect(early.map(\.values) == test.expected)
    #expect(early.map(\.key) == (1...300).reversed().map { RecordKey([.integer(-Int64($0))]) })

    let indexed = try test.file.source(window: 64)
    try await indexed.waitForIndex()
    let late = try await allBackward(indexed, limit: 9)
    #expect(late.map(\.values) == test.expected)
    #expect(late.map(\.key) == (1...300).map { RecordKey([.integer(Int64($0))]) })
  }

  @Test(
    "End shows multi-line quoted records at the end before the index, and keys from the end become numbers"
  )
  func endWithQuotedLines() async throws {
    var text = "n,note\n"
    for number in 1...50 { text += "\(number),plain\n" }
    text += "51,\"a\nb\n\"\"c\"\"\n,\"\n52,\"\n\n\n\"\n53,\"x\"\"\ny\""
    let file = try TemporaryCSV(text)
    defer { file.remove() }
    let source = try file.source(indexed: false, window: 8)
    let last = try await source.page(before: nil, in: .all, limit: 3)
    #expect(
      last.map(\.values) == [
        [.integer(51), .text("a\nb\n\"c\"\n,")], [.integer(52), .text("\n\n\n")],
        [.integer(53), .text("x\"\ny")],
      ])
    #expect(last.map(\.key) == [-3, -2, -1].map { RecordKey([.integer($0)]) })
    let before = try await source.page(before: last[0].position, in: .all, limit: 2)
    #expect(
      before.map(\.values) == [[.integer(49), .text("plain")], [.integer(50), .text("plain")]])
    #expect(try await source.count(in: .all) == .unknown)

    source.startIndexing()
    try await source.waitForIndex()
    #expect(try await source.count(in: .all) == .exact(53))
    #expect(try await source.rank(of: last[2].position, in: .all) == 52)
    let position = try await source.position(ofKey: RecordKey([.integer(-1)]), in: .all)
    #expect(position?.key == RecordKey([.integer(53)]))
    let after = try await source.page(after: before[0].position, in: .all, limit: 10)
    #expect(after.map(\.key) == (50...53).map { RecordKey([.integer($0)]) })
    #expect(try await source.wholeRecord(key: RecordKey([.integer(-3)]))?.first == .integer(51))
  }

  @Test("End agrees with a forward read when quotes break the rules near the end")
  func endWithBrokenQuotes() async throws {
    let endings = [
      "5,\"ab\"c,d\"e,\"unclosed", "5,x\"y,\"z\n6,\"open\nstill open\n", "7,a\"b\n8,c\"d\n",
      "9,\"\"\"\n\"\"\",\"\n",
    ]
    for ending in endings {
      var text = "a,b,c,d\n"
      for number in 1...40 { text += "\(number),\"q\nq\",x\"y,z\n" }
      text += ending
      let file = try TemporaryCSV(text)
      defer { file.remove() }
      let reference = try file.source(indexed: false)
      let expected = try await allForward(reference, limit: 100).map(\.values)
      for window in [4, 16, 256] {
        let source = try file.source(window: window)
        let records = try await allBackward(source, limit: 5)
        #expect(records.map(\.values) == expected, "\(ending.debugDescription) \(window)")
        // Without the index, reading back either finds the right records or says it cannot.
        let unindexed = try file.source(indexed: false, window: window)
        let size = try #require(
          try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        if let found = try unindexed.recordsInWindow(before: UInt64(size), limit: 5) {
          #expect(found.map(\.values) == expected.suffix(5))
        }
      }
    }
  }

  @Test("Offsets, ranks and the count are exact once the index is built")
  func jumps() async throws {
    let test = try Self.randomCase(seed: 9, rows: 1000, width: 3)
    defer { test.file.remove() }
    let source = try test.file.source()
    try await source.waitForIndex()
    #expect(source.indexProgress.isComplete)
    #expect(source.indexProgress.records == 1000)
    #expect(source.indexProgress.fraction == 1)
    #expect(try await source.count(in: .all) == .exact(1000))
    for offset in [0, 1, 63, 64, 65, 500, 999] {
      let position = try #require(try await source.position(atOffset: offset, in: .all))
      #expect(position.key == RecordKey([.integer(Int64(offset + 1))]))
      #expect(try await source.rank(of: position, in: .all) == offset)
      let page = try await source.page(after: position, in: .all, limit: 1)
      #expect(page.first?.values == (offset + 1 < 1000 ? test.expected[offset + 1] : nil))
      let descending = RecordView(order: RecordOrder(descending: true))
      let reversed = try #require(try await source.position(atOffset: offset, in: descending))
      #expect(reversed.key == RecordKey([.integer(Int64(1000 - offset))]))
      #expect(try await source.rank(of: reversed, in: descending) == offset)
    }
    #expect(try await source.position(atOffset: 1000, in: .all) == nil)
    #expect(try await source.wholeRecord(key: RecordKey([.integer(777)])) == test.expected[776])
  }

  @Test("The key's order reversed pages the records backwards")
  func descendingKeyOrder() async throws {
    let test = try Self.randomCase(seed: 10, rows: 100, width: 2)
    defer { test.file.remove() }
    let source = try test.file.source()
    let view = RecordView(order: RecordOrder(descending: true))
    let records = try await allForward(source, limit: 8, view: view)
    #expect(records.map(\.values) == test.expected.reversed())
    let back = try await allBackward(source, limit: 8, view: view)
    #expect(back.map(\.values) == records.map(\.values))
  }

  @Test("The index reports progress to the end, and the count is unknown before it starts")
  func progress() async throws {
    let test = try Self.randomCase(seed: 11, rows: 500, width: 2)
    defer { test.file.remove() }
    let source = try test.file.source(indexed: false)
    #expect(try await source.count(in: .all) == .unknown)
    let updates = source.indexProgressUpdates()
    source.startIndexing()
    var last: CSVIndexProgress?
    for await progress in updates { last = progress }
    #expect(last?.isComplete == true)
    #expect(last?.records == 500)
    #expect(last?.bytesRead == last?.totalBytes)
  }

  @Test("Waiting for the index is cancellable")
  func cancelWaiting() async throws {
    let test = try Self.randomCase(seed: 12, rows: 100, width: 2)
    defer { test.file.remove() }
    let source = try test.file.source(indexed: false)
    let task = Task { try await source.position(atOffset: 50, in: .all) }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
