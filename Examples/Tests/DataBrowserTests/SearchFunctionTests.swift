import DataBrowserCore
import Foundation
import GRDB
import Synchronization
import TermElementsRecords
import TermElementsTestSupport
import Testing

/// The search's SQL function against the SQL rule it replaced, on random values of every type
/// (NULs and invalid UTF-8 in TEXT among them), and a search stopped in the middle of a chunk.
@Suite("Search function")
struct SearchFunctionTests {
  /// From every few records, both ways, in the key's order, an indexed column's and an
  /// unindexed one's, with and without a filter, a search finds the nearest record that the
  /// former SQL condition (`instr(lower(…))`, a GLOB and a Swift function) matches.
  @Test("The search finds what the former SQL rule finds, on random values")
  func sameAsFormerRule() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var random = SeededRandom(seed: 7)
    let path = try fixture.database("random.sqlite") { db in
      try db.execute(
        sql: """
          CREATE TABLE r (id INTEGER PRIMARY KEY, a, b TEXT, c, s TEXT);
          CREATE INDEX r_s ON r(s);
          """)
      for id in 1...400 {
        try db.execute(
          sql: "INSERT INTO r VALUES (?, ?, ?, ?, ?)",
          arguments: [
            id, randomValue(&random), randomValue(&random), randomValue(&random),
            randomText(&random),
          ])
      }
      // TEXT that is not valid UTF-8, which SQLite keeps as it is.
      for (id, hex) in [(401, "61FF62"), (402, "C3"), (403, "4B80C3BC"), (404, "E29C")] {
        try db.execute(
          sql: "INSERT INTO r VALUES (?, CAST(x'\(hex)' AS TEXT), NULL, NULL, NULL)",
          arguments: [id])
      }
    }
    let database = try BrowserDatabase.open(path: path)
    let schema = try database.schema(of: "r")
    var texts = ["a", "k", "K1", "-1", "12", "%", "a_", "ü", "Üa", "ł", "\u{212A}", "ß", "東", "é"]
    texts += (0..<6).map { _ in randomText(&random, maximum: 3) }.filter { !$0.isEmpty }
    for text in texts {
      let matching = try await database.queue.read { db in
        try Set(formerMatches(db, text: text, schema: schema))
      }
      for column in [nil, "s", "c"] {
        for descending in [false, true] {
          for filter in [nil, "id % 3 <> 0"] {
            let query = RecordQuery(
              schema: schema, order: SQLOrder(column: column, descending: descending),
              filter: filter, limit: 10)
            let reader = RecordReader(queue: database.queue, query: query)
            let rows = try await database.queue.read { db in try referencePositions(db, query) }
            let hits = rows.indices.filter { matching.contains(rows[$0].key[0]) }
            for start in stride(from: -1, to: rows.count, by: 53) {
              let from = start < 0 ? nil : rows[start]
              let found = try await reader.search(text, from: from, chunkSize: 16)
              let next = hits.first { $0 > start }
              #expect(found?.position == next.map { rows[$0] }, "\(text) \(query.order) \(start)")
              let back = try await reader.search(text, from: from, forward: false, chunkSize: 16)
              let previous = hits.last { $0 < (start < 0 ? rows.count : start) }
              #expect(
                back?.position == previous.map { rows[$0] }, "\(text) \(query.order) \(start) back")
            }
          }
        }
      }
    }
  }

  /// Cancelling the task stops the statement of a chunk under way: it throws
  /// `CancellationError`, and the connection searches again afterwards.
  @Test("A search is cancelled in the middle of a chunk")
  func cancelInChunk() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.records())
    // A filter that holds the statement on its first record until the test lets it go.
    let gate = Gate()
    database.queue.inDatabase { db in
      db.add(
        function: DatabaseFunction("test_gate", argumentCount: 0, pure: false) { _ in
          gate.wait()
          return true
        })
    }
    let schema = try database.schema(of: "people")
    let reader = RecordReader(
      queue: database.queue,
      query: RecordQuery(
        schema: schema, filter: "test_gate()", filterFunctions: ["test_gate"], limit: 10))
    let reports = Reports()
    let search = Task {
      try await reader.search("no such text", from: nil, chunkSize: 1_000_000) {
        reports.append($0)
      }
    }
    gate.waitUntilEntered()
    search.cancel()
    gate.open()
    await #expect(throws: CancellationError.self) { try await search.value }
    #expect(reports.values.isEmpty)
    let again = RecordReader(queue: database.queue, query: RecordQuery(schema: schema, limit: 10))
    let found = try await again.search("PLAIN NOTE", from: nil)
    #expect(found?.values.contains { SearchText("plain note").matches($0) } == true)
  }
}

/// A gate a SQL function waits at: the test knows when the function reached it, and opens it.
final class Gate: Sendable {
  /// Whether the function reached the gate, and whether it is open.
  private let state = Mutex((entered: false, open: false))

  /// Called by the function: waits until the gate is open.
  func wait() {
    state.withLock { $0.entered = true }
    while !state.withLock({ $0.open }) { usleep(1_000) }
  }

  /// Waits until the function reached the gate.
  func waitUntilEntered() {
    while !state.withLock({ $0.entered }) { usleep(1_000) }
  }

  /// Lets the function go on.
  func open() { state.withLock { $0.open = true } }
}

/// Characters that fold in every way the rule knows: ASCII capitals, capitals outside ASCII,
/// the Kelvin sign (whose lowercase is ASCII), `ẞ`, LIKE's and GLOB's wildcards, digits, `-`.
let searchAlphabet: [String] = [
  "a", "A", "b", "B", "k", "K", "\u{212A}", "ł", "Ł", "ü", "Ü", "ß", "ẞ", "%", "_", "\\", "*",
  "-", "1", "2", "0", " ", "東", "é", "É", "e\u{301}",
]

/// Random text of up to `maximum` characters of ``searchAlphabet``, sometimes with a NUL.
func randomText(_ random: inout SeededRandom, maximum: Int = 8) -> String {
  let count = random.next(below: maximum + 1)
  var text = (0..<count).map { _ in searchAlphabet[random.next(below: searchAlphabet.count)] }
    .joined()
  if maximum > 3 && random.next(below: 20) == 0 { text += "\u{0}ab" + text }
  return text
}

/// A random value of any type: TEXT, INTEGER (the extremes among them), REAL, BLOB or NULL.
func randomValue(_ random: inout SeededRandom) -> DatabaseValue {
  switch random.next(below: 10) {
  case 0: .null
  case 1: (Double(random.next(below: 400)) / 8 - 20).databaseValue
  case 2: Data("a1K".utf8).databaseValue
  case 3: [Int64.min, Int64.max, -1, 0][random.next(below: 4)].databaseValue
  case 4, 5: (random.next(below: 600) - 300).databaseValue
  default: randomText(&random).databaseValue
  }
}

/// The keys of the records of `schema`'s table that the former SQL rule of the search matched.
func formerMatches(_ db: Database, text: String, schema: TableSchema) throws -> [DatabaseValue] {
  let search = SearchText(text)
  let columns = schema.columns.map { "\"\($0)\"" }
  let folded = String(String.UnicodeScalarView(text.unicodeScalars.map(SearchText.fold)))
  var tests: [String] = []
  var arguments: [DatabaseValue] = []
  if search.text.unicodeScalars.allSatisfy(\.isASCII) {
    for column in columns {
      tests.append("(typeof(\(column)) IN ('text', 'integer') AND instr(lower(\(column)), ?) > 0)")
      arguments.append(folded.databaseValue)
    }
  } else {
    db.add(
      function: DatabaseFunction("former_contains", argumentCount: 2, pure: true) { values in
        guard case .string(let haystack) = values[0].storage,
          case .string(let needle) = values[1].storage
        else { return false }
        return SearchText(needle).matches(haystack)
      })
    let run =
      folded.unicodeScalars.split { !$0.isASCII }.max { $0.count < $1.count }
      .map { String(String.UnicodeScalarView($0)) } ?? ""
    for column in columns {
      var test = "typeof(\(column)) = 'text' AND \(column) GLOB ?"
      arguments.append("*[^\u{01}-\u{7F}]*".databaseValue)
      if !run.isEmpty {
        test += " AND instr(lower(\(column)), ?) > 0"
        arguments.append(run.databaseValue)
      }
      tests.append("(" + test + " AND former_contains(\(column), ?))")
      arguments.append(text.databaseValue)
    }
  }
  let key = schema.keyColumns.map { "\"\($0)\"" }.joined(separator: ", ")
  return try DatabaseValue.fetchAll(
    db, sql: "SELECT \(key) FROM \"\(schema.name)\" WHERE " + tests.joined(separator: " OR "),
    arguments: StatementArguments(arguments))
}
