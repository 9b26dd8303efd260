import ExamplesTestSupport
import Foundation

/// A small database `people` on the PostgreSQL server of ``HostileDatabase``, for the tests of
/// `F`, `=`, `!` and `e`: the table `public.people(id, name, city, score, born)` of 30 rows,
/// whose `city` holds hostile values in counts that differ, so that the frequency screen's
/// order is the counts': `Oslo` 10, `O'Brien "Jr."` 8, `back\slash` 6, NULL 4, then the empty
/// text and the text `NULL` once each. Made once, on first use, and shared by the tests.
actor PostgresPeopleDatabase {
  /// The database of the test process.
  static let shared = PostgresPeopleDatabase()

  /// The database's name.
  static let name = "people"

  /// The table, made and filled in one transaction; every value a function of `id`.
  static let fixture = #"""
    BEGIN;
    CREATE TABLE public.people (
      id int PRIMARY KEY, name text, city text, score numeric(8, 2), born date);
    INSERT INTO public.people
    SELECT i,
      CASE WHEN i % 6 = 0 THEN 'line' || chr(10) || 'break ' || i ELSE 'name ' || i END,
      CASE
        WHEN i % 15 < 5 THEN 'Oslo'
        WHEN i % 15 < 9 THEN 'O''Brien "Jr."'
        WHEN i % 15 < 12 THEN 'back\slash'
        WHEN i % 15 < 14 THEN NULL
        WHEN i % 2 = 0 THEN ''
        ELSE 'NULL'
      END,
      CASE WHEN i % 10 = 0 THEN NULL ELSE i * 1.25 END,
      DATE '2000-01-01' + i * 40
    FROM generate_series(1, 30) AS i;
    COMMIT;
    ANALYZE public.people;
    """#

  /// Every row of `people`, in one digest.
  static let checksumSQL = "SELECT md5(string_agg(t::text, '|' ORDER BY id)) FROM people t"

  /// The server with the database made, once made.
  private var making: Task<PostgresServer, any Error>?

  /// The server, making the database on first use.
  func server() async throws -> PostgresServer {
    if let making { return try await making.value }
    let task = Task<PostgresServer, any Error> {
      let server = try await HostileDatabase.shared.server()
      try await server.psql("postgres", "CREATE DATABASE \(Self.name)")
      try await server.psql(Self.name, Self.fixture)
      return server
    }
    making = task
    return try await task.value
  }

  /// The ids of the rows `condition` holds for, in the order of `order`, as psql says.
  func ids(where condition: String, orderBy order: String = "id") async throws -> [Int] {
    let output = try await server().psql(
      Self.name, "SELECT id FROM people WHERE \(condition) ORDER BY \(order)")
    return output.split(separator: "\n").compactMap { Int($0) }
  }

  /// ``checksumSQL`` now.
  func checksum() async throws -> String {
    try await server().psql(Self.name, Self.checksumSQL)
  }

  /// What psql's `COPY (query) TO STDOUT WITH CSV HEADER` writes.
  func copy(_ query: String) async throws -> String {
    try await server().psql(Self.name, "COPY (\(query)) TO STDOUT WITH CSV HEADER")
  }
}

/// The records of a CSV text as RFC 4180 reads them, each field its text, or `nil` for a
/// field that is empty and not quoted: NULL, as PostgreSQL's `COPY … CSV` and the export
/// write it, where the empty text is `""`. A record ends at a line break (LF or CR LF)
/// outside quotes.
func csvRecords(_ text: String) -> [[String?]] {
  var records: [[String?]] = []
  var record: [String?] = []
  var field = ""
  var quoted = false
  var inQuotes = false
  var characters = Array(text.unicodeScalars)[...]
  func endField() {
    record.append(field.isEmpty && !quoted ? nil : field)
    field = ""
    quoted = false
  }
  while let scalar = characters.popFirst() {
    if inQuotes {
      if scalar == "\"" {
        if characters.first == "\"" {
          field.unicodeScalars.append("\"")
          characters.removeFirst()
        } else {
          inQuotes = false
        }
      } else {
        field.unicodeScalars.append(scalar)
      }
      continue
    }
    switch scalar {
    case "\"":
      inQuotes = true
      quoted = true
    case ",": endField()
    case "\r" where characters.first == "\n":
      break
    case "\n":
      endField()
      records.append(record)
      record = []
    default: field.unicodeScalars.append(scalar)
    }
  }
  if !field.isEmpty || quoted || !record.isEmpty {
    endField()
    records.append(record)
  }
  return records
}
