import Foundation
import TermElementsTestSupport
import Testing

@testable import TermElementsRecords

/// A file in a fresh temporary directory, removed by ``remove()``.
struct TemporaryCSV {
  let directory: String
  let path: String

  init(_ bytes: [UInt8], name: String = "sheet.csv") throws {
    directory = NSTemporaryDirectory() + "csv-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    path = directory + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  init(_ text: String, name: String = "sheet.csv") throws {
    try self.init(Array(text.utf8), name: name)
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// A source of the file; its index starts at once unless `indexed` is false.
  func source(indexed: Bool = true, window: Int = 64 << 10) throws -> CSVRecordSource {
    try CSVRecordSource(
      path: path, delimiter: nil, indexInBackground: indexed, backwardWindow: window)
  }
}

/// A plain reading of a whole CSV file with the same rules, to check the source against.
enum ReferenceCSV {
  /// The header's fields and every record's fields, as bytes.
  static func parse(_ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ",")) -> [[[UInt8]]] {
    var input = bytes[...]
    if input.starts(with: [0xEF, 0xBB, 0xBF]) { input = input.dropFirst(3) }
    let data = Array(input)
    var records: [[[UInt8]]] = []
    var index = 0
    while index < data.count {
      var fields: [[UInt8]] = []
      var field: [UInt8] = []
      var quoted = false
      var afterQuote = false
      var ended = false
      while index < data.count {
        let byte = data[index]
        if quoted {
          if byte == 0x22 {
            if index + 1 < data.count && data[index + 1] == 0x22 {
              field.append(0x22)
              index += 2
              continue
            }
            quoted = false
            afterQuote = true
          } else {
            field.append(byte)
          }
          index += 1
          continue
        }
        if byte == 0x22 && field.isEmpty && !afterQuote {
          quoted = true
          index += 1
          continue
        }
        if byte == delimiter {
          fields.append(field)
          field = []
          afterQuote = false
          index += 1
          continue
        }
        if byte == 0x0A || (byte == 0x0D && index + 1 < data.count && data[index + 1] == 0x0A) {
          index += byte == 0x0A ? 1 : 2
          ended = true
          break
        }
        field.append(byte)
        index += 1
      }
      _ = ended
      fields.append(field)
      records.append(fields)
    }
    return records
  }

  /// The values of a record of `fields` under a header of `width` columns, as the source
  /// shapes them.
  static func values(_ fields: [[UInt8]], width: Int, delimiter: UInt8 = UInt8(ascii: ","))
    -> [CellValue]
  {
    (0..<width).map { column in
      guard column < fields.count else { return .null }
      if column == width - 1 && fields.count > width {
        let joined = fields[column...].joined(separator: [delimiter])
        return .text(String(decoding: Array(joined), as: UTF8.self))
      }
      return CSVValue.value(fields[column], cut: false)
    }
  }
}

/// A random CSV file: fields with quotes, delimiters, line ends, non-ASCII and numbers; some
/// rows short or long; LF or CRLF; a final line end or not.
struct RandomCSV {
  var generator: SeededRandom

  init(seed: UInt64) { generator = SeededRandom(seed: seed) }

  mutating func field() -> [UInt8] {
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("Zoë".utf8), Array(",".utf8), Array("\"".utf8), Array("\n".utf8),
      Array("\r\n".utf8), Array("x y".utf8), Array("12".utf8), Array("-3.5".utf8), Array("".utf8),
      Array("b".utf8), Array("MÜLLER".utf8),
    ]
    switch generator.next() % 6 {
    case 0: return Array(String(Int(generator.next() % 2000) - 1000).utf8)
    case 1: return []
    default:
      var bytes: [UInt8] = []
      for _ in 0..<(generator.next() % 5) {
        bytes += pieces[Int(generator.next() % UInt64(pieces.count))]
      }
      return bytes
    }
  }

  mutating func encoded(_ field: [UInt8]) -> [UInt8] {
    let special = field.contains { $0 == 0x22 || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }
    guard special || generator.next() % 5 == 0 else { return field }
    var bytes: [UInt8] = [0x22]
    for byte in field {
      bytes.append(byte)
      if byte == 0x22 { bytes.append(0x22) }
    }
    bytes.append(0x22)
    return bytes
  }

  /// A file of `rows` records under a header of `width` columns.
  mutating func file(rows: Int, width: Int) -> [UInt8] {
    let crlf = generator.next() % 2 == 0
    let end: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
    var bytes: [UInt8] = []
    bytes += (0..<width).map { "c\($0)" }.joined(separator: ",").utf8
    for _ in 0..<rows {
      bytes += end
      var count = width
      switch generator.next() % 10 {
      case 0: count = max(1, width - 1)
      case 1: count = width + 1
      default: break
      }
      var fields = (0..<count).map { _ in encoded(field()) }
      // A record of one empty field must not look like nothing at the end of the file.
      if fields.count == 1 && fields[0].isEmpty { fields[0] = [0x22, 0x22] }
      bytes += fields.joined(separator: [0x2C])
    }
    if generator.next() % 2 == 0 { bytes += end }
    return bytes
  }
}

/// Every record of a source in the key's order, read forward `limit` at a time.
func allForward(_ source: CSVRecordSource, limit: Int, view: RecordView = .all) async throws
  -> [PageRecord]
{
  var records: [PageRecord] = []
  var position: RecordPosition?
  while true {
    let page = try await source.page(after: position, in: view, limit: limit)
    records += page
    guard let last = page.last, page.count == limit else { return records }
    position = last.position
  }
}

/// Every record of a source, read backward from End `limit` at a time.
func allBackward(_ source: CSVRecordSource, limit: Int, view: RecordView = .all) async throws
  -> [PageRecord]
{
  var records: [PageRecord] = []
  var position: RecordPosition?
  while true {
    let page = try await source.page(before: position, in: view, limit: limit)
    records = page + records
    guard let first = page.first, page.count == limit else { return records }
    position = first.position
  }
}
