import Foundation
import Testing

@testable import TermElementsRecords

/// Files with fields of several MiB: a page keeps the start of a field, the detail its first
/// 64 KiB and the size of the rest, and reading, searching, sorting and filtering never hold
/// a field whole.
@Suite("CSV huge fields", .timeLimit(.minutes(5)))
struct CSVHugeFieldTests {
  /// Bytes of the huge field.
  static let fieldSize = 3 << 19
  /// Where the needle sits in the huge field: past any page's or the detail's cut.
  static let needleOffset = 5 << 18

  /// `a,b` then `1,<huge>` then `2,after` then `3,"x"`: the huge field is `y`s with
  /// `Needle-Ü` deep inside, and `SPLITS` across the end of the first chunk a search reads of
  /// the record (64 KiB; the record starts 2 bytes before the field).
  static func hugeText() -> (text: String, field: String) {
    var field = String(repeating: "y", count: fieldSize)
    let needle = "Needle-Ü"
    let index = field.utf8.index(field.startIndex, offsetBy: needleOffset)
    field.replaceSubrange(index..<field.utf8.index(index, offsetBy: 9), with: needle)
    let split = field.utf8.index(field.startIndex, offsetBy: CSVReader.firstChunkSize - 2 - 3)
    field.replaceSubrange(split..<field.utf8.index(split, offsetBy: 6), with: "SPLITS")
    return ("a,b\n1,\(field)\n2,after\n3,\"x\"\n", field)
  }

  @Test("A page keeps the start of a huge field; the reader never holds it whole")
  func pageKeepsStart() async throws {
    let (text, field) = Self.hugeText()
    let file = try TemporaryCSV(text)
    defer { file.remove() }
    let source = try file.source()
    let page = try await source.page(after: nil, in: .all, limit: 10)
    #expect(page.count == 3)
    #expect(page.first?.values == [.integer(1), .text(String(field.prefix(1024)))])
    #expect(
      page.dropFirst().map(\.values) == [
        [.integer(2), .text("after")], [.integer(3), .text("x")],
      ])
    #expect(page.map(\.key) == (1...3).map { RecordKey([.integer(Int64($0))]) })

    var reader = CSVReader(file: source.file, delimiter: source.delimiter, from: source.dataStart)
    #expect(try reader.next())
    #expect(reader.isLong)
    #expect(reader.buffer.count <= CSVReader.chunkSize)
    let fields = reader.fields()
    #expect(fields.map(\.size) == [1, Self.fieldSize])
    #expect(fields[1].bytes.count == CSVValue.pageByteLimit)
    #expect(try reader.next())
    #expect(reader.fields() == [CSVField(Array("2".utf8)), CSVField(Array("after".utf8))])
  }

  @Test("The detail shows 64 KiB of a huge field and how much it left out, as of a whole one")
  func detailCut() async throws {
    let (text, field) = Self.hugeText()
    let file = try TemporaryCSV(text)
    defer { file.remove() }
    let source = try file.source()
    let values = try #require(try await source.detailRecord(key: RecordKey([.integer(1)])))
    #expect(values.count == 2)
    #expect(values[0] == DetailValue(.integer(1)))
    #expect(values[1].wholeByteCount == Self.fieldSize)
    guard case .text(let start) = values[1].value else {
      Issue.record("not text: \(values[1].value)")
      return
    }
    #expect(start.utf8.count == DetailContent.jsonLimit)
    // What the screen shows is what it shows of the whole value, as for SQLite's TEXT.
    let content = DetailContent(values[1])
    #expect(content == DetailContent(.text(field)))
    #expect(content.lines.map(\.utf8.count).reduce(0, +) == DetailContent.textLimit)
    #expect(content.omittedBytes == Self.fieldSize - DetailContent.textLimit)
    #expect(content.omissionNote != nil)
    let short = try await source.detailRecord(key: RecordKey([.integer(2)]))
    #expect(short == [DetailValue(.integer(2)), DetailValue(.text("after"))])
  }

  @Test("Search finds text anywhere in a huge field, both ways, and the index counts right")
  func searchAndIndex() async throws {
    let (text, _) = Self.hugeText()
    let file = try TemporaryCSV(text)
    defer { file.remove() }
    for indexed in [false, true] {
      let source = try file.source(indexed: indexed)
      if indexed {
        try await source.waitForIndex()
        #expect(try await source.count(in: .all) == .exact(3))
        let position = try await source.position(atOffset: 2, in: .all)
        #expect(position?.key == RecordKey([.integer(3)]))
      }
      for (needle, expected) in [("needle-ü", 1), ("SPLITS", 1), ("after", 2), ("yyyz", nil)] {
        // Both ways for the needle deep in the field; forward for the others.
        for forward in needle == "needle-ü" ? [true, false] : [true] {
          let hit = try await source.search(
            SearchText(needle), columns: nil, from: nil, forward: forward, in: .all,
            progress: { _ in })
          // Read from the end before the index counted the file, keys count back from it.
          #expect(hit?.values.first == expected.map { .integer(Int64($0)) }, "\(needle)")
        }
      }
      let last = try await source.page(before: nil, in: .all, limit: 3)
      #expect(last.map { $0.values.first } == [.integer(1), .integer(2), .integer(3)])
    }
  }

  @Test("A search in columns streams a huge field only when its column is searched")
  func searchColumns() async throws {
    let (text, _) = Self.hugeText()
    let file = try TemporaryCSV(text)
    defer { file.remove() }
    for indexed in [false, true] {
      let source = try file.source(indexed: indexed)
      if indexed { try await source.waitForIndex() }
      for forward in [true, false] {
        for (needle, columns, expected) in [
          ("needle-ü", [1], 1), ("needle-ü", [0], nil), ("SPLITS", [0], nil), ("1", [0], 1),
          ("1", [1], nil),
        ] as [(String, Set<Int>, Int?)] {
          let hit = try await source.search(
            SearchText(needle), columns: columns, from: nil, forward: forward, in: .all,
            progress: { _ in })
          #expect(
            hit?.values.first == expected.map { .integer(Int64($0)) },
            "\(needle) in \(columns.sorted()), indexed \(indexed), forward \(forward)")
        }
      }
    }
  }

  @Test("A quoted huge field with quotes and line breaks reads as a short one does")
  func quotedHugeField() async throws {
    let piece = "ab\"\"c\r\nd,"
    let repeats = (2 << 20) / piece.utf8.count
    let raw = String(repeating: piece, count: repeats)
    let value = raw.replacingOccurrences(of: "\"\"", with: "\"")
    let file = try TemporaryCSV("a,b\r\n\"\(raw)\",1\r\n2,3")
    defer { file.remove() }
    let source = try file.source()
    let page = try await source.page(after: nil, in: .all, limit: 10)
    #expect(
      page.map(\.values) == [
        [.text(String(value.prefix(1024))), .integer(1)], [.integer(2), .integer(3)],
      ])
    let detail = try await source.detailRecord(key: RecordKey([.integer(1)]))
    #expect(detail?.first?.wholeByteCount == value.utf8.count)
    #expect(
      try await source.wholeRecord(key: RecordKey([.integer(1)])) == [.text(value), .integer(1)])
  }

  @Test("Sort and filter compare the start of a huge field; ~ looks at all of it")
  func sortAndFilter() async throws {
    let (text, _) = Self.hugeText()
    let file = try TemporaryCSV(text)
    defer { file.remove() }
    let source = try file.source()
    let sorted = try await source.page(
      after: nil, in: RecordView(order: RecordOrder(column: 1)), limit: 10)
    #expect(sorted.map(\.key) == [2, 3, 1].map { RecordKey([.integer(Int64($0))]) })
    // The view keeps record numbers only; a page's sort values are read cut to the start.
    let kept = try #require(source.viewOrders.withLock { $0 })
    #expect(kept.order == [1, 2, 0])
    #expect(
      sorted.allSatisfy { ($0.sortValue?.cellText.utf8.count ?? 0) <= CSVValue.compareByteLimit })
    for (filter, expected) in [
      ("b ~ 'needle-ü'", [1]), ("b ~ 'splits'", [1]), ("b = 'x'", [3]), ("b > 'x'", [1]),
    ] {
      let page = try await source.page(after: nil, in: RecordView(filter: filter), limit: 10)
      #expect(page.map(\.key) == expected.map { RecordKey([.integer(Int64($0))]) }, "\(filter)")
      let count = try await source.count(in: RecordView(filter: filter))
      #expect(count == .exact(expected.count), "\(filter)")
    }
  }
}

@Suite("CSV field search", .timeLimit(.minutes(5)))
struct CSVFieldSearchTests {
  /// Feeds `value` to a search in runs of `run` bytes, as field 0 of a file of one column.
  static func found(_ needle: String, in value: [UInt8], run: Int) -> Bool {
    var search = CSVFieldSearch(SearchText(needle), columns: 1, delimiter: UInt8(ascii: ","))
    var start = 0
    while start < value.count {
      let end = min(value.count, start + run)
      value[start..<end].withUnsafeBufferPointer { search.feed(0, $0) }
      start = end
    }
    search.feed(0, nil)
    return search.found
  }

  @Test("Text is found across runs, segments and a character split between two runs")
  func acrossBoundaries() {
    let segment = CSVFieldSearch.segmentSize
    for offset in [0, 1, segment - 4, segment - 1, segment, 3 * segment - 2] {
      var value = [UInt8](repeating: UInt8(ascii: "y"), count: 4 * segment)
      let needle = Array("MÜller".utf8)
      value.replaceSubrange(offset..<(offset + needle.count), with: needle)
      for run in [1, 3, 4096, segment - 1, segment + 5, 4 * segment] {
        #expect(Self.found("müLLer", in: value, run: run), "at \(offset) in runs of \(run)")
        #expect(!Self.found("müllerx", in: value, run: run), "at \(offset) in runs of \(run)")
      }
    }
  }

  @Test("Fields past the last column are one value joined by the delimiter")
  func joinedFields() {
    var search = CSVFieldSearch(SearchText("b,c"), columns: 2, delimiter: UInt8(ascii: ","))
    for (field, text) in [(0, "a"), (1, "b"), (2, "c")] {
      Array(text.utf8).withUnsafeBufferPointer { search.feed(field, $0) }
      search.feed(field, nil)
    }
    #expect(search.found)
    var apart = CSVFieldSearch(SearchText("a,b"), columns: 2, delimiter: UInt8(ascii: ","))
    for (field, text) in [(0, "a"), (1, "b")] {
      Array(text.utf8).withUnsafeBufferPointer { apart.feed(field, $0) }
      apart.feed(field, nil)
    }
    #expect(!apart.found)
  }

  @Test("Only the searched columns' values are looked at, the fields past the last one joined")
  func searchedColumns() {
    let comma = UInt8(ascii: ",")
    func found(_ needle: String, in searched: Set<Int>) -> Bool {
      var search = CSVFieldSearch(
        SearchText(needle), columns: 2, delimiter: comma, searched: searched)
      for (field, text) in [(0, "ada"), (1, "b"), (2, "c")] {
        Array(text.utf8).withUnsafeBufferPointer { search.feed(field, $0) }
        search.feed(field, nil)
      }
      return search.found
    }
    #expect(found("ada", in: [0]))
    #expect(!found("ada", in: [1]))
    #expect(found("b,c", in: [1]))
    #expect(!found("b,c", in: [0]))
    #expect(!found("ada", in: []))
  }
}
