import DataBrowserCore
import Foundation
import GRDB
import Testing

/// Timings of record queries on the million-person sample, with `city` and `email` indexed in
/// a copy; run with `DATA_BROWSER_TIMINGS=1` set, since copying and indexing the sample takes a
/// while. They print; they check only that answers are right.
@Suite(
  "Record query timings",
  .enabled(if: ProcessInfo.processInfo.environment["DATA_BROWSER_TIMINGS"] != nil))
struct RecordQueryTimings {
  /// Milliseconds `body` takes, and what it returns.
  func time<T>(_ label: String, _ body: () async throws -> T) async rethrows -> T {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try await body()
    let elapsed = clock.now - start
    let milliseconds =
      Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
    print("timing: \(label): \(String(format: "%.1f", milliseconds)) ms")
    return result
  }

  @Test("Pages, jumps, counts, ranks and searches on 1,000,000 people")
  func sample() async throws {
    let source = SampleDatabase.defaultPath()
    try SampleDatabase.ensure(at: source)
    let fixture = try Fixture()
    defer { fixture.remove() }
    let path = fixture.path("sample.sqlite")
    try FileManager.default.copyItem(atPath: source, toPath: path)
    try await time("CREATE INDEX on city and email") {
      let queue = try DatabaseQueue(path: path)
      try queue.write { db in
        try db.execute(
          sql:
            "CREATE INDEX people_city ON people(city); CREATE INDEX people_email ON people(email)")
      }
      try queue.close()
    }
    let database = try BrowserDatabase.open(path: path)
    let schema = try database.schema(of: "people")
    for column in [nil, "city", "email", "name"] {
      let query = RecordQuery(schema: schema, order: SQLOrder(column: column), limit: 200)
      let reader = RecordReader(queue: database.queue, query: query)
      let label = column ?? "key"
      let sorts = try await reader.sortsWithoutIndex()
      print("timing: order \(label): sorts without index: \(sorts)")
      let first = try await time("\(label): first page") { try await reader.page(after: nil) }
      #expect(first.count == 200)
      let deep = try #require(
        try await time("\(label): position at offset 900,000") {
          try await reader.position(atOffset: 900_000)
        })
      let page = try await time("\(label): page after offset 900,000") {
        try await reader.page(after: deep)
      }
      #expect(page.count == 200)
      _ = try await time("\(label): page before offset 900,000") {
        try await reader.page(before: deep)
      }
      _ = try await time("\(label): last page") { try await reader.page(before: nil) }
      let nearEnd = try #require(try await reader.position(atOffset: 999_000))
      let rank = try await time("\(label): rank of record 999,001") {
        try await reader.rank(of: nearEnd)
      }
      #expect(rank == 999_000)
      let count = try await time("\(label): count") { try await reader.count() }
      #expect(count == 1_000_000)
      let reports = Reports()
      let missing = try await time("\(label): search not found (all rows)") {
        try await reader.search("no such text", from: nil) { reports.append($0) }
      }
      #expect(missing == nil)
      #expect(reports.values.last == 1_000_000)
      let found = try await time("\(label): search 'example.com' from offset 900,000") {
        try await reader.search("example.com", from: deep)
      }
      #expect(found != nil)
      _ = try await time("\(label): search 'Łukasz' from offset 900,000") {
        try await reader.search("Łukasz", from: deep)
      }
    }
    let paris = RecordReader(
      queue: database.queue,
      query: RecordQuery(
        schema: schema, order: SQLOrder(column: "name"), filter: "city = 'Paris'", limit: 200))
    _ = try await time("filter city = 'Paris': count") { try await paris.count() }
    _ = try await time("filter city = 'Paris', by name (sorts): first page") {
      try await paris.page(after: nil)
    }
    let byKey = RecordReader(queue: database.queue, query: RecordQuery(schema: schema, limit: 200))
    for text in ["ŁUKASZ nowhere", "ñ"] {
      let found = try await time("key: search '\(text)', not found (all rows)") {
        try await byKey.search(text, from: nil)
      }
      #expect(found == nil)
    }
    for text in ["ü", "京"] {
      _ = try await time("key: search '\(text)' from offset 900,000") {
        try await byKey.search(text, from: byKey.position(atOffset: 900_000))
      }
    }
    // A page that sorts the table, cancelled 50 ms in.
    let byName = RecordReader(
      queue: database.queue,
      query: RecordQuery(schema: schema, order: SQLOrder(column: "name"), limit: 200))
    try await time("name: page cancelled after 50 ms, until it throws") {
      let task = Task { try await byName.page(after: nil) }
      try await Task.sleep(for: .milliseconds(50))
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
    }
  }
}
