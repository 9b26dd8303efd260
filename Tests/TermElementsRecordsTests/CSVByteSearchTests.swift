import Foundation
import Synchronization
import TermElementsTestSupport
import Testing

@testable import TermElementsRecords

/// Search by bytes (``CSVBlockScan``) against the record-by-record search it replaces, on
/// random hostile files read in tiny blocks, so that needles fall across block boundaries.
@Suite("CSV search by bytes", .timeLimit(.minutes(5)))
struct CSVByteSearchTests {
  /// A random file of hostile fields: quotes doubled, text after a closing quote, a quote in an
  /// unquoted field, line breaks and delimiters in quoted fields, CRLF, a BOM or not, bytes
  /// that are not UTF-8, CJK, combining marks and cased letters outside ASCII.
  static func hostileFile(_ random: inout SeededRandom, rows: Int, width: Int) -> [UInt8] {
    let pieces = [
      "a", "Lima", "LIMA", "lim", "ma", "東京", "東", "e\u{301}", "é", "MÜLLER", "müller", "Ü",
      "ü", "x y", "12", "-3.5", " ", "zanzibar", "Zanzibar", "ǅ", "K", "\u{212A}", "ß", "ẞ",
    ]
    var bytes: [UInt8] = random.chance(0.5) ? [0xEF, 0xBB, 0xBF] : []
    let lineEnd: [UInt8] = random.chance(0.5) ? [0x0D, 0x0A] : [0x0A]
    bytes += Array((0..<width).map { "c\($0)" }.joined(separator: ",").utf8) + lineEnd
    for row in 0..<rows {
      let count = random.chance(0.1) ? random.int(1...width + 2) : width
      for column in 0..<count {
        if column > 0 { bytes.append(0x2C) }
        var value: [UInt8] = []
        for _ in 0..<random.int(0...3) {
          switch random.int(0...9) {
          case 0: value += [0xFF]
          case 1: value += [0xC3]
          case 2: value += Array("\"".utf8)
          case 3: value += Array(",".utf8)
          case 4: value += Array(random.chance(0.5) ? "\n".utf8 : "\r\n".utf8)
          default: value += Array(random.pick(pieces).utf8)
          }
        }
        let special = value.contains { $0 == 0x22 || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }
        if special || random.chance(0.2) {
          bytes.append(0x22)
          for byte in value {
            bytes.append(byte)
            if byte == 0x22 { bytes.append(0x22) }
          }
          bytes.append(0x22)
          // Text after the closing quote now and then: `"li"ma`.
          if random.chance(0.15) { bytes += Array(random.pick(["ma", "東", "x"]).utf8) }
        } else {
          bytes += value
        }
      }
      if row < rows - 1 || random.chance(0.5) { bytes += lineEnd }
    }
    return bytes
  }

  /// Needles: fixed ones and pieces of the file's own text, some across quotes and line ends.
  static func needles(_ random: inout SeededRandom, in bytes: [UInt8]) -> [String] {
    var needles = [
      "lima", "LIMA", "ma", "東京", "東", "e\u{301}", "é", "müller", "Ü", "ü", "zanzibar", "x y",
      "12", "\"", ",", "a\"", "ǆ", "k", "ß", "ss", "ah", "ima東",
    ]
    for _ in 0..<6 {
      let start = random.int(0...max(0, bytes.count - 8))
      let end = min(bytes.count, start + random.int(1...6))
      needles.append(String(decoding: bytes[start..<end], as: UTF8.self))
    }
    // Pieces of values as the source reads them, which span quotes a value leaves out.
    let values = ReferenceCSV.parse(bytes).dropFirst().flatMap { $0 }.map {
      Array(String(decoding: $0, as: UTF8.self).unicodeScalars)
    }.filter { !$0.isEmpty }
    for _ in 0..<10 where !values.isEmpty {
      let value = random.pick(values)
      let start = random.int(0...value.count - 1)
      let end = random.int(start + 1...value.count)
      needles.append(String(String.UnicodeScalarView(value[start..<end])))
    }
    return needles.filter { !$0.isEmpty }
  }

  /// Every hit of `search`, hop by hop from an end, both ways.
  static func hops(
    _ source: CSVRecordSource, forward: Bool,
    _ search: (RecordKey?) async throws -> CSVRawRecord?
  ) async throws -> [Int64] {
    var found: [Int64] = []
    var key: RecordKey?
    while let hit = try await search(key) {
      found.append(hit.number)
      key = hit.key
      #expect(found.count < 100_000)
    }
    return found
  }

  @Test("Search by bytes finds what the record-by-record search finds, on random files")
  func differential() async throws {
    var random = SeededRandom(seed: 25_001)
    // The columns searched, drawn apart so that the files and needles stay the same.
    var picks = SeededRandom(seed: 25_003)
    for trial in 0..<12 {
      let rows = random.int(1...150)
      let width = random.int(1...4)
      let bytes = Self.hostileFile(&random, rows: rows, width: width)
      let reference = ReferenceCSV.parse(bytes).dropFirst().map {
        ReferenceCSV.values($0, width: width)
      }
      let file = try TemporaryCSV(bytes)
      defer { file.remove() }
      let blockSize = random.pick([1, 7, 64, 1000])
      let source = try CSVRecordSource(
        path: file.path, delimiter: nil, indexInBackground: true, backwardWindow: 256,
        scanBlockSize: blockSize)
      try await source.waitForIndex()
      for needle in Self.needles(&random, in: bytes) {
        let text = SearchText(needle)
        let matcher = CSVSearchMatcher(text, delimiter: source.delimiter)
        let context = "trial \(trial), block \(blockSize), needle \(needle.debugDescription)"
        for forward in [true, false] {
          let expected = try await Self.hops(source, forward: forward) { key in
            try await source.recordSearch(matcher, from: key, forward: forward) { _ in }
          }
          let found = try await Self.hops(source, forward: forward) { key in
            let page = try await source.search(
              text, columns: nil, from: key.map { RecordPosition(sortValue: nil, key: $0) },
              forward: forward,
              in: .all
            ) { _ in }
            return page.map { CSVRawRecord(number: $0.key.values[0].integerValue!, start: 0) }
          }
          #expect(found == expected, "\(context), forward \(forward)")
          guard let probe = CSVByteProbe(text, delimiter: source.delimiter) else { continue }
          // The scan itself, not only the search that may choose it.
          let scanned = try await Self.hops(source, forward: forward) { key in
            try await source.scanSearch(matcher, probe, from: key, forward: forward) { _ in }
          }
          #expect(scanned == expected, "\(context), scan, forward \(forward)")
        }
        // In some columns: the search, record by record and by bytes, finds what the reference
        // holds there.
        let columns = Set((0..<width).filter { _ in picks.chance(0.5) })
        let inColumns = CSVSearchMatcher(text, delimiter: source.delimiter, columns: columns)
        let probe = CSVByteProbe(text, delimiter: source.delimiter)
        for forward in [true, false] {
          let numbers = reference.indices.filter { text.matches(any: reference[$0], in: columns) }
            .map { Int64($0 + 1) }
          let wanted = forward ? numbers : numbers.reversed()
          let label = "\(context), columns \(columns.sorted()), forward \(forward)"
          let byRecord = try await Self.hops(source, forward: forward) { key in
            try await source.recordSearch(inColumns, from: key, forward: forward) { _ in }
          }
          #expect(byRecord == wanted, "\(label), record by record")
          let found = try await Self.hops(source, forward: forward) { key in
            let page = try await source.search(
              text, columns: columns, from: key.map { RecordPosition(sortValue: nil, key: $0) },
              forward: forward, in: .all
            ) { _ in }
            return page.map { CSVRawRecord(number: $0.key.values[0].integerValue!, start: 0) }
          }
          #expect(found == wanted, "\(label), search")
          guard let probe else { continue }
          let scanned = try await Self.hops(source, forward: forward) { key in
            try await source.scanSearch(inColumns, probe, from: key, forward: forward) { _ in }
          }
          #expect(scanned == wanted, "\(label), scan")
        }
      }
    }
  }

  @Test("A probe is the longest run a value shows as its bytes")
  func probes() {
    let comma = UInt8(ascii: ",")
    #expect(CSVByteProbe(SearchText("Müller"), delimiter: comma)?.bytes == Array("ller".utf8))
    #expect(CSVByteProbe(SearchText("東京都"), delimiter: comma)?.bytes == Array("東京都".utf8))
    #expect(CSVByteProbe(SearchText("a,bc"), delimiter: comma)?.bytes == Array("bc".utf8))
    #expect(CSVByteProbe(SearchText("LIMA"), delimiter: comma)?.bytes == Array("lima".utf8))
    #expect(CSVByteProbe(SearchText("Ü"), delimiter: comma) == nil)
    #expect(CSVByteProbe(SearchText("\",\""), delimiter: comma) == nil)
  }

  @Test("A probe finds its bytes in either ASCII case at every offset, and nothing else")
  func probeMatches() {
    var random = SeededRandom(seed: 25_002)
    for _ in 0..<200 {
      let alphabet = Array("aAbBzZ東 ,".utf8)
      let buffer = (0..<random.int(0...80)).map { _ in random.pick(alphabet) }
      let needle = (0..<random.int(1...4)).map { _ in random.pick(Array("abzAZ".utf8)) }
      let probe = CSVByteProbe(bytes: needle)
      var found: [Int] = []
      let last = buffer.count - needle.count
      buffer.withUnsafeBytes { bytes in
        probe.forEachMatch(in: bytes, starts: 0..<max(0, last + 1)) { start in
          found.append(start)
          return true
        }
      }
      let lowered = buffer.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
      let wanted =
        last < 0
        ? []
        : (0...last).filter { start in
          Array(lowered[start..<start + needle.count]) == probe.bytes
        }
      #expect(found == wanted, "\(buffer) \(needle)")
    }
  }

  @Test("Esc in the middle of a search by bytes stops it, either way")
  func cancelMidScan() async throws {
    var lines = "name,city\nfirst,zanzibar\n"
    for row in 0..<20_000 { lines += "name \(row),city \(row % 97)\n" }
    lines += "last,zanzibar\n"
    let file = try TemporaryCSV(lines)
    defer { file.remove() }
    let source = try CSVRecordSource(
      path: file.path, delimiter: nil, indexInBackground: true, scanBlockSize: 4096)
    try await source.waitForIndex()
    let text = SearchText("zanzibar")
    let first = RecordPosition(sortValue: nil, key: RecordKey([.integer(1)]))
    let last = RecordPosition(sortValue: nil, key: RecordKey([.integer(20_002)]))
    // Uncancelled, each way reads the whole file to the other match.
    let after = try await source.search(text, columns: nil, from: first, forward: true, in: .all) {
      _ in
    }
    #expect(after?.key == last.key)
    let before = try await source.search(text, columns: nil, from: last, forward: false, in: .all) {
      _ in
    }
    #expect(before?.key == first.key)
    for forward in [true, false] {
      let task = Mutex<Task<PageRecord?, any Error>?>(nil)
      let reports = Mutex(0)
      let (gate, open) = AsyncStream.makeStream(of: Void.self)
      let started = Task {
        for await _ in gate { break }
        return try await source.search(
          text, columns: nil, from: forward ? first : last, forward: forward, in: .all
        ) { _ in
          // Esc as soon as the search says how far it got.
          reports.withLock { $0 += 1 }
          task.withLock { $0?.cancel() }
        }
      }
      task.withLock { $0 = started }
      open.yield()
      await #expect(throws: CancellationError.self) { try await started.value }
      #expect(reports.withLock { $0 } < 20, "the scan went on after Esc")
    }
  }
}

extension CellValue {
  /// The number of an integer value, for the tests.
  fileprivate var integerValue: Int64? {
    if case .integer(let number) = self { return number }
    return nil
  }
}

/// Filters whose records must hold a text, read by bytes, against a plain reading of the file.
@Suite("CSV filter by bytes", .timeLimit(.minutes(5)))
struct CSVByteFilterTests {
  @Test("A filter read by bytes keeps what a plain scan keeps, pages both ways, counts, ranks")
  func differential() async throws {
    var random = SeededRandom(seed: 25_101)
    for trial in 0..<8 {
      let width = random.int(2...4)
      let bytes = CSVByteSearchTests.hostileFile(&random, rows: random.int(1...200), width: width)
      let file = try TemporaryCSV(bytes)
      defer { file.remove() }
      // Blocks from one byte, where records are read by a reader, to the whole file, where
      // they are checked in the block's bytes.
      let blockSize = random.pick([1, 7, 64, 1000, 1 << 20])
      let source = try CSVRecordSource(
        path: file.path, delimiter: nil, indexInBackground: true, backwardWindow: 256,
        scanBlockSize: blockSize)
      try await source.waitForIndex()
      let expected = ReferenceCSV.parse(bytes).dropFirst().map {
        ReferenceCSV.values($0, width: width)
      }
      let last = "c\(width - 1)"
      for text in [
        "c0 = 'Lima'", "c1 ~ 'ma'", "c0 ~ 'a東' and c1 != 'x'", "c1 = 'LIMA' and c0 is not null",
        "c0 ~ 'müller'", "c1 = '東京'", "c0 ~ 'ima東'", "\(last) = 'Lima'", "\(last) ~ 'ma'",
        "c1 ~ 'lima' and (\(last) is null or not c0 ~ 'a')", "c0 = 'e\u{301}'",
      ] {
        let filter = try RecordFilter.parse(text, columns: source.columns)
        #expect(filter.requiredText != nil, "\(text)")
        let numbers = expected.indices.filter { filter.matches(expected[$0]) }
        let keys = numbers.map { RecordKey([.integer(Int64($0 + 1))]) }
        let context = "trial \(trial), block \(blockSize), \(text)"
        for descending in [false, true] {
          let view = RecordView(order: RecordOrder(descending: descending), filter: text)
          let wanted = descending ? Array(keys.reversed()) : keys
          #expect(source.scansPages(of: view), "\(context)")
          let forward = try await allForward(source, limit: 3, view: view)
          #expect(forward.map(\.key) == wanted, "\(context), descending \(descending)")
          #expect(
            forward.map(\.values)
              == (descending ? numbers.reversed() : numbers).map { expected[$0] }, "\(context)")
          let backward = try await allBackward(source, limit: 4, view: view)
          #expect(backward.map(\.key) == wanted, "\(context), descending \(descending)")
        }
        // The whole view, from one pass over the bytes: counts, positions and ranks.
        let view = RecordView(filter: text)
        #expect(try await source.count(in: view) == .exact(keys.count), "\(context)")
        #expect(!source.scansPages(of: view), "the view is kept once read whole")
        #expect(try await allForward(source, limit: 5, view: view).map(\.key) == keys)
        if keys.count > 2 {
          let third = try #require(try await source.position(atOffset: 2, in: view))
          #expect(third.key == keys[2], "\(context)")
          #expect(try await source.rank(of: third, in: view) == 2, "\(context)")
        }
      }
    }
  }

  @Test("A filter's check in the bytes answers as the reader's fields do, or leaves it to them")
  func checkInPlace() throws {
    var random = SeededRandom(seed: 25_102)
    var (records, answered) = (0, 0)
    for trial in 0..<40 {
      let width = random.int(1...4)
      let bytes = CSVByteSearchTests.hostileFile(&random, rows: random.int(1...200), width: width)
      let file = try TemporaryCSV(bytes)
      defer { file.remove() }
      let source = try file.source(indexed: false)
      let last = "c\(width - 1)"
      let data = try source.file.bytes(
        at: source.dataStart, count: Int(source.file.size - source.dataStart))
      for text in [
        "c0 = 'Lima'", "c0 ~ 'ma'", "\(last) = 'LIMA' and c0 is not null", "\(last) ~ '東'",
        "c0 = 'e\u{301}' or \(last) = ''", "not \(last) is null", "c0 < 'b' and \(last) > 12",
      ] {
        let filter = try RecordFilter.parse(text, columns: source.columns)
        let check = try #require(
          CSVFilterCheck(filter, columnCount: width, delimiter: source.delimiter))
        var reader = CSVReader(
          file: source.file, delimiter: source.delimiter, from: source.dataStart,
          fieldLimit: CSVValue.compareByteLimit)
        while try reader.next() {
          let start = Int(reader.recordStart - source.dataStart)
          let wanted = try source.passes(
            filter, reader.fields(limit: CSVValue.compareByteLimit), start: reader.recordStart)
          records += 1
          // The whole file in the buffer, and the bytes up to the record's end with more to come.
          for (count, atEnd) in [
            (data.count, true), (Int(reader.nextOffset - source.dataStart), false),
          ] {
            let judged = data.withUnsafeBufferPointer { whole in
              check.passes(
                UnsafeBufferPointer(rebasing: whole[..<count]), from: start, atEnd: atEnd)
            }
            guard let judged else { continue }
            if atEnd { answered += 1 }
            #expect(judged.passes == wanted, "trial \(trial), \(text), record at \(start)")
            #expect(
              judged.next == Int(reader.nextOffset - source.dataStart),
              "trial \(trial), \(text), record at \(start)")
          }
        }
      }
    }
    // Most records are answered in place: only a fold into the last column is not, here.
    #expect(answered * 10 > records * 8, "\(answered) of \(records)")
  }

  @Test("Only filters whose every record holds a text need it")
  func requiredText() throws {
    let columns = [RecordColumn("a"), RecordColumn("b")]
    let cases: [(String, String?)] = [
      ("a = 'Lima'", "Lima"), ("a ~ 'ma'", "ma"), ("a = '12'", nil), ("a = 12", nil),
      ("a = ''", nil), ("a = 'x' and b ~ 'longer'", "longer"), ("a = 'x' or b = 'y'", nil),
      ("not a = 'x'", nil), ("a != 'x'", nil), ("a > 'x'", nil), ("a is null and b = 'yz'", "yz"),
    ]
    for (text, required) in cases {
      #expect(try RecordFilter.parse(text, columns: columns).requiredText == required, "\(text)")
    }
  }
}
