import TermElementsTestSupport
import Testing

@testable import TermElementsRecords

/// The column scanner against the general parser: on random hostile bytes (quotes doubled,
/// unclosed and followed by text, LF and CR inside quotes, CRLF, lone CR, tabs, invalid UTF-8,
/// CJK, empty lines) it finds the same records and, for every column, the same field, whether
/// it sees the whole buffer or the buffer grows a random chunk at a time, so that records and
/// fields span every kind of boundary; and a source's pass over a file's fields reads what its
/// reader reads, the sort keys and values made in place included.
@Suite("CSV column scanner")
struct CSVColumnScannerTests {
  /// Random hostile CSV bytes, `pieces` pieces long.
  static func hostileBytes(_ random: inout SeededRandom, pieces: Int, delimiter: UInt8)
    -> [UInt8]
  {
    let palette: [[UInt8]] = [
      [delimiter], [delimiter], Array("\"".utf8), Array("\"\"".utf8), Array("\n".utf8),
      Array("\r\n".utf8), Array("\r".utf8), Array("\t".utf8), Array(",".utf8), Array("ab".utf8),
      Array("Lima".utf8), Array("12".utf8), Array("-3.5".utf8), Array("東京".utf8), [0xFF],
      [0xE6, 0x9D], Array("e\u{301}".utf8), Array(" ".utf8), Array("\"x,\ny\"".utf8),
    ]
    var bytes: [UInt8] = []
    for _ in 0..<pieces { bytes += random.pick(palette) }
    return bytes
  }

  /// What the general parser finds in column `column` of each record of `bytes` (whole) and
  /// where each record starts.
  static func expected(
    _ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, column: Int, columnCount: Int
  ) -> [(start: Int, found: CSVColumnScanner.Found)] {
    var result: [(Int, CSVColumnScanner.Found)] = []
    var spans: [CSVFieldSpan] = []
    var lenient = false
    var index = 0
    while index < bytes.count {
      let parsed = CSVRecordParser.parse(
        bytes, from: index, atEnd: true, delimiter: delimiter, into: &spans, lenient: &lenient)
      guard let (_, next) = parsed else {
        Issue.record("the parser stopped at \(index) of a whole buffer")
        break
      }
      let found: CSVColumnScanner.Found =
        column >= spans.count
        ? .missing
        : column == columnCount - 1 && spans.count > columnCount ? .folded : .span(spans[column])
      result.append((index, found))
      index = next
    }
    return result
  }

  @Test("The scanner finds each column's field as the general parser does, whole and in chunks")
  func matchesTheGeneralParser() {
    var random = SeededRandom(seed: 25_017)
    for trial in 0..<400 {
      let delimiter = random.chance(0.2) ? UInt8(ascii: "\t") : UInt8(ascii: ",")
      let bytes = Self.hostileBytes(&random, pieces: random.int(0...60), delimiter: delimiter)
      let columnCount = random.int(1...4)
      bytes.withUnsafeBufferPointer { whole in
        for column in 0..<columnCount {
          let scanner = CSVColumnScanner(
            delimiter: delimiter, column: column, columnCount: columnCount)
          let expected = Self.expected(
            whole, delimiter: delimiter, column: column, columnCount: columnCount)
          // The whole buffer at once.
          var index = 0
          var found: [(Int, CSVColumnScanner.Found)] = []
          while index < whole.count,
            let (field, next) = scanner.record(whole, from: index, atEnd: true)
          {
            #expect(next > index)
            found.append((index, field))
            index = next
          }
          #expect(found.map(\.0) == expected.map(\.start), "trial \(trial), column \(column)")
          #expect(found.map(\.1) == expected.map(\.found), "trial \(trial), column \(column)")
          // A prefix that grows a random chunk at a time, more of the file following.
          var available = 0
          index = 0
          found = []
          while index < whole.count {
            let prefix = UnsafeBufferPointer(rebasing: whole[..<available])
            let atEnd = available == whole.count
            if let (field, next) = scanner.record(prefix, from: index, atEnd: atEnd) {
              found.append((index, field))
              index = next
            } else {
              #expect(!atEnd)
              available = min(whole.count, available + random.int(1...9))
            }
          }
          #expect(found.map(\.0) == expected.map(\.start), "trial \(trial), column \(column)")
          #expect(found.map(\.1) == expected.map(\.found), "trial \(trial), column \(column)")
        }
      }
    }
  }

  @Test("The scanner reads the fields up to the column's as the general parser does")
  func fieldsMatchTheGeneralParser() {
    var random = SeededRandom(seed: 25_019)
    for trial in 0..<400 {
      let delimiter = random.chance(0.2) ? UInt8(ascii: "\t") : UInt8(ascii: ",")
      let bytes = Self.hostileBytes(&random, pieces: random.int(0...60), delimiter: delimiter)
      let columnCount = random.int(1...4)
      bytes.withUnsafeBufferPointer { whole in
        for column in 0..<columnCount {
          let scanner = CSVColumnScanner(
            delimiter: delimiter, column: column, columnCount: columnCount)
          var spans: [CSVFieldSpan] = []
          var lenient = false
          var index = 0
          while index < whole.count,
            let (_, next) = CSVRecordParser.parse(
              whole, from: index, atEnd: true, delimiter: delimiter, into: &spans,
              lenient: &lenient)
          {
            var seen: [CSVFieldSpan] = []
            let read = scanner.fields(whole, from: index, atEnd: true) { number, span in
              #expect(number == seen.count)
              seen.append(span)
            }
            let context = "trial \(trial), column \(column), record at \(index)"
            #expect(seen == Array(spans.prefix(column + 1)), "\(context)")
            #expect(read?.more == (spans.count > column + 1), "\(context)")
            #expect(read?.next == next, "\(context)")
            index = next
          }
        }
      }
    }
  }

  @Test("The line feeds of a run of bytes are counted as a plain count counts them")
  func lineFeeds() {
    var random = SeededRandom(seed: 25_020)
    for trial in 0..<200 {
      let bytes = Self.hostileBytes(&random, pieces: random.int(0...80), delimiter: 44)
      let start = random.int(0...bytes.count)
      let end = random.int(start...bytes.count)
      let counted = bytes.withUnsafeBytes { CSVLineFeeds.count(in: $0, start..<end) }
      #expect(counted == bytes[start..<end].filter { $0 == 0x0A }.count, "trial \(trial)")
    }
  }

  @Test("A source's pass over a column reads each record's field as its reader does")
  func sourcePassMatchesTheReader() throws {
    var random = SeededRandom(seed: 25_018)
    for trial in 0..<60 {
      let header = random.pick(["a,b,c\n", "\u{FEFF}a,b,c\r\n", "a,\"b\nb\",c\n"])
      var body = Self.hostileBytes(&random, pieces: random.int(0...400), delimiter: 44)
      if random.chance(0.5) { body += Array("\n".utf8) }
      let file = try TemporaryCSV(Array(header.utf8) + body)
      defer { file.remove() }
      let source = try file.source(indexed: false)
      #expect(source.columns.count == 3)
      let range = source.dataStart..<source.file.size
      for column in 0..<3 {
        var buffer: [UInt8] = []
        var fields: [CSVField?] = []
        var keys: [CSVSortKey] = []
        var values: [CellValue] = []
        try source.forEachField(ofColumn: column, in: range, buffer: &buffer) { value, field in
          let record = Int32(keys.count)
          if let value {
            fields.append(CSVField(bytes: Array(value), size: value.count))
            keys.append(CSVSortKey(record: record, value: value))
            values.append(CSVValue.value(value))
          } else {
            let field = field()
            fields.append(field)
            keys.append(CSVSortKey(record: record, field: field))
            values.append(field.map { CSVValue.value($0, cut: false) } ?? .null)
          }
        }
        var reader = CSVReader(
          file: source.file, delimiter: source.delimiter, from: range.lowerBound,
          fieldLimit: CSVValue.compareByteLimit)
        var expected: [CSVField?] = []
        while try reader.next() {
          expected.append(
            source.field(ofColumn: column, in: reader.fields(limit: CSVValue.compareByteLimit)))
        }
        #expect(fields.map { $0?.bytes } == expected.map { $0?.bytes }, "trial \(trial)")
        #expect(fields.map { $0?.size } == expected.map { $0?.size }, "trial \(trial)")
        // Keys and values read in place are those of the fields read whole.
        #expect(
          keys == expected.enumerated().map { CSVSortKey(record: Int32($0), field: $1) },
          "trial \(trial)")
        #expect(
          values == expected.map { $0.map { CSVValue.value($0, cut: false) } ?? .null },
          "trial \(trial)")
      }
    }
  }
}
