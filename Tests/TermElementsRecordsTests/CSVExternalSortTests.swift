import Foundation
import Synchronization
import TermElementsTestSupport
import Testing

@testable import TermElementsRecords

/// The sort by a column in runs of keys merged from a temporary file: a file far larger than
/// the runs (a cap of a few keys set in the test) sorts as a plain sort of its values does, and
/// the temporary file is never seen in its folder and is closed when the sort ends or is
/// cancelled.
@Suite("CSV sort in runs", .serialized, .timeLimit(.minutes(5)))
struct CSVExternalSortTests {
  /// A fresh, empty folder for the sort's file.
  static func folder() throws -> String {
    let path = NSTemporaryDirectory() + "csv-sort-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// The open descriptors of this process that name a file in `folder`.
  static func openFiles(in folder: String) -> [String] {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return descriptors.compactMap { descriptor in
      let target = try? FileManager.default.destinationOfSymbolicLink(
        atPath: "/proc/self/fd/" + descriptor)
      return target.flatMap { $0.hasPrefix(folder + "/") ? $0 : nil }
    }
  }

  @Test("A file of many runs sorts as a plain sort does, long ties and big numbers too")
  func manyRuns() async throws {
    var random = SeededRandom(seed: 25_301)
    let prefixes = ["https://example.com/a/very/long/path/", "short", "東京都の長い名前です。", ""]
    var lines = "value,n\n"
    for row in 0..<700 {
      let value: String
      switch random.int(0...5) {
      case 0: value = random.pick(prefixes) + String(random.int(0...30))
      case 1: value = String(9_007_199_254_740_990 + random.int(0...6))  // equal as Doubles
      case 2: value = "-" + String(9_007_199_254_740_990 + random.int(0...6))
      case 3: value = random.pick(["1.0", "1", "1.00", "+1", "-0", "0", "1e0"])
      case 4: value = "\"" + random.pick(prefixes) + "\"\"q\"\"\",x"
      default: value = random.pick(["b", "a", "B", "é", "e\u{301}", "\u{FFFD}", "\"\n\""])
      }
      lines += value + "," + String(row) + "\n"
    }
    let file = try TemporaryCSV(lines)
    defer { file.remove() }
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let expected = ReferenceCSV.parse(Array(lines.utf8)).dropFirst().map {
      ReferenceCSV.values($0, width: 2)
    }
    for runLimit in [1, 7, 100] {
      let source = try CSVRecordSource(
        path: file.path, delimiter: nil, indexInBackground: true, sortRunLimit: runLimit,
        sortDirectory: folder)
      for column in 0..<2 {
        let ascending = expected.numbers(orderedBy: column)
        for descending in [false, true] {
          let view = RecordView(order: RecordOrder(column: column, descending: descending))
          let order = descending ? Array(ascending.reversed()) : ascending
          let keys = order.map { RecordKey([.integer(Int64($0 + 1))]) }
          let forward = try await allForward(source, limit: 50, view: view)
          #expect(forward.map(\.key) == keys, "runs of \(runLimit), column \(column)")
          #expect(forward.map(\.sortValue) == order.map { expected[$0][column] })
          let backward = try await allBackward(source, limit: 41, view: view)
          #expect(backward.map(\.key) == keys)
        }
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
      #expect(Self.openFiles(in: folder).isEmpty, "the sort's file is still open")
    }
  }

  @Test("The sort's file is never in its folder, and is closed once the sort ends or Esc stops it")
  func temporaryFile() async throws {
    var lines = "name,city\n"
    for row in 0..<200_000 { lines += "name \(row * 7919 % 200_000),city \(row % 97)\n" }
    let file = try TemporaryCSV(lines)
    defer { file.remove() }
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let source = try CSVRecordSource(
      path: file.path, delimiter: nil, indexInBackground: true, sortRunLimit: 1000,
      sortDirectory: folder)
    try await source.waitForIndex()
    let view = RecordView(order: RecordOrder(column: 0))
    // Esc while the sort's file is open.
    let sort = Task { try await source.page(after: nil, in: view, limit: 10) }
    var seen: [String] = []
    for _ in 0..<2000 where seen.isEmpty {
      seen = Self.openFiles(in: folder)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
      try await Task.sleep(for: .milliseconds(1))
    }
    #expect(!seen.isEmpty, "the sort's file was never seen open")
    #expect(seen.allSatisfy { $0.hasSuffix(" (deleted)") }, "\(seen)")
    sort.cancel()
    _ = try? await sort.value
    #expect(Self.openFiles(in: folder).isEmpty, "the sort's file is open after Esc")
    // To its end.
    let page = try await source.page(after: nil, in: view, limit: 3)
    #expect(page.map { $0.values[0] } == [.text("name 0"), .text("name 1"), .text("name 10")])
    #expect(Self.openFiles(in: folder).isEmpty, "the sort's file is open after the sort")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }
}
