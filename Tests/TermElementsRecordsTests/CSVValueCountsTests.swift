import Foundation
import TermElementsTestSupport
import Testing

@testable import TermElementsRecords

/// Counts per value of a column, against a plain count of a plain reading of the file.
@Suite("CSV counts per value", .timeLimit(.minutes(5)))
struct CSVValueCountsTests {
  /// The values of `column` in `bytes` and their counts.
  static func reference(_ bytes: [UInt8], width: Int, column: Int) -> [CellValue: Int] {
    var counts: [CellValue: Int] = [:]
    for fields in ReferenceCSV.parse(bytes).dropFirst() {
      counts[ReferenceCSV.values(fields, width: width)[column], default: 0] += 1
    }
    return counts
  }

  @Test("Every value of a column is counted, on hostile files and on one of many blocks")
  func exact() async throws {
    var random = SeededRandom(seed: 25_401)
    var files: [(bytes: [UInt8], width: Int)] = (0..<6).map { _ in
      let width = random.int(1...4)
      return (
        CSVByteSearchTests.hostileFile(&random, rows: random.int(1...300), width: width), width
      )
    }
    var lines = "id,city,amount\n"
    for id in 0..<100_000 {
      lines += "\(id),\(["Lima", "Oslo", "東京都", "\"a,b\""][id % 7 % 4]),\(id % 13)\n"
    }
    files.append((Array(lines.utf8), 3))
    for (bytes, width) in files {
      let file = try TemporaryCSV(bytes)
      defer { file.remove() }
      let source = try file.source()
      for column in 0..<width {
        let expected = Self.reference(bytes, width: width, column: column)
        let counts = try await source.valueCounts(ofColumn: column, limit: 1 << 20)
        #expect(counts.isComplete)
        #expect(counts.records == expected.values.reduce(0, +))
        #expect(
          Dictionary(uniqueKeysWithValues: counts.entries.map { ($0.value, $0.count) }) == expected)
        #expect(
          zip(counts.entries, counts.entries.dropFirst()).allSatisfy { $0.count >= $1.count })
      }
    }
  }

  @Test("A column with more values than the table keeps says so, and counts the rest")
  func bounded() async throws {
    var lines = "id,name\n"
    for id in 0..<50_000 { lines += "\(id),name \(id % 1000)\n" }
    let file = try TemporaryCSV(lines)
    defer { file.remove() }
    let source = try file.source()
    let counts = try await source.valueCounts(ofColumn: 1, limit: 10)
    #expect(!counts.isComplete)
    #expect(counts.entries.count == 10)
    #expect(counts.records == 50_000)
    #expect(counts.entries.reduce(0) { $0 + $1.count } + counts.otherRecords == 50_000)
    // The first ten values of the file, each held by 50 records.
    #expect(Set(counts.entries.map(\.value)) == Set((0..<10).map { CellValue.text("name \($0)") }))
    #expect(counts.entries.allSatisfy { $0.count <= 50 })
    let whole = try await source.valueCounts(ofColumn: 1, limit: 1000)
    #expect(whole.isComplete && whole.entries.allSatisfy { $0.count == 50 })
    await #expect(throws: RecordSourceError.self) { try await source.valueCounts(ofColumn: 2) }
  }
}
