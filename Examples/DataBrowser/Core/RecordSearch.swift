import Foundation
import GRDB

/// Text searched for in records, and which values contain it.
///
/// A value is searched when it is TEXT or an INTEGER (as its decimal digits, the way a cell
/// shows it); REAL values, whose cells are formatted, BLOBs and NULLs never match. Case is
/// ignored: for text of ASCII characters only, by folding the ASCII letters `A`–`Z` the way
/// SQLite's `lower()` does (`instr(lower(value), 'text')`, fast, in SQLite); for other text, by
/// Foundation's case-insensitive comparison, in a Swift SQL function (slower). `%`, `_` and `\`
/// are plain characters. `matches(_:)` applies the same rule, so that what a
/// search finds is what a cell highlights.
public struct SearchText: Hashable, Sendable {
  /// The text searched for.
  public let text: String
  /// The text's UTF-8 bytes with ASCII letters lowered, when it is all ASCII.
  let asciiFolded: [UInt8]?

  /// Searches for `text`; empty text matches nothing.
  public init(_ text: String) {
    self.text = text
    asciiFolded =
      text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.map(Self.lowered) : nil
  }

  /// Whether there is nothing to search for.
  public var isEmpty: Bool { text.isEmpty }

  /// Whether `value` contains the text.
  public func matches(_ value: CellValue) -> Bool {
    switch value {
    case .text(let text): matches(text)
    case .integer(let number): matches(String(number))
    default: false
    }
  }

  /// Whether `string` contains the text.
  public func matches(_ string: String) -> Bool {
    !ranges(in: string, first: true).isEmpty
  }

  /// Where `string` contains the text, left to right, not overlapping: the parts of a cell
  /// to highlight.
  public func ranges(in string: String) -> [Range<String.Index>] {
    ranges(in: string, first: false)
  }

  /// The ranges of the text in `string`, only the first if `first`.
  func ranges(in string: String, first: Bool) -> [Range<String.Index>] {
    guard !text.isEmpty else { return [] }
    var found: [Range<String.Index>] = []
    guard let needle = asciiFolded else {
      var start = string.startIndex
      while let range = string.range(
        of: text, options: .caseInsensitive, range: start..<string.endIndex)
      {
        found.append(range)
        if first || range.isEmpty { break }
        start = range.upperBound
      }
      return found
    }
    // ASCII text matches bytes: it never starts or ends inside a character's UTF-8 bytes.
    let bytes = Array(string.utf8)
    var offset = 0
    while offset + needle.count <= bytes.count {
      var matched = true
      for index in 0..<needle.count where Self.lowered(bytes[offset + index]) != needle[index] {
        matched = false
        break
      }
      if matched {
        let lower = string.utf8.index(string.startIndex, offsetBy: offset)
        found.append(lower..<string.utf8.index(lower, offsetBy: needle.count))
        if first { break }
        offset += needle.count
      } else {
        offset += 1
      }
    }
    return found
  }

  /// `byte` with an ASCII capital lowered, as SQLite's `lower()` does.
  static func lowered(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
  }

  /// The SQL condition that one of `columns` (quoted) contains the text, and its arguments.
  func condition(columns: [String]) -> (String, [DatabaseValue]) {
    guard let needle = asciiFolded else {
      let tests = columns.map { "\(Self.function.name)(\($0), ?)" }
      return (
        "(" + tests.joined(separator: " OR ") + ")",
        Array(repeating: text.databaseValue, count: columns.count)
      )
    }
    let tests = columns.map { "(typeof(\($0)) IN ('text', 'integer') AND instr(lower(\($0)), ?))" }
    return (
      "(" + tests.joined(separator: " OR ") + ")",
      Array(repeating: String(decoding: needle, as: UTF8.self).databaseValue, count: columns.count)
    )
  }

  /// The SQL function of text that is not all ASCII: whether its first argument, TEXT or
  /// INTEGER, contains its second, ignoring case.
  static let function = DatabaseFunction("data_browser_contains", argumentCount: 2, pure: true) {
    values in
    let haystack: String
    switch values[0].storage {
    case .string(let text): haystack = text
    case .int64(let number): haystack = String(number)
    default: return false
    }
    guard case .string(let needle) = values[1].storage else { return false }
    return SearchText(needle).matches(haystack)
  }
}

/// A search for the next record, in a ``RecordQuery``'s order and filter, that contains some
/// text, run a chunk of records at a time so that it can report progress and stop between
/// chunks.
///
/// ``RecordReader/search(_:from:forward:chunkSize:progress:)`` runs it; to run it by hand, call
/// ``step(_:)`` until ``isFinished``, then read ``found``.
///
/// When an index gives the order, it reads the records in order from where it starts, a chunk
/// at a time, and stops at the first that matches: a match nearby is found at once. When none
/// does (see ``RecordQuery/sortsWithoutIndex(_:)``), reading in order would sort the table for
/// every chunk; it reads the table in key order instead, a chunk of keys at a time, keeping
/// the best match so far (the nearest to the start in the order, compared by SQLite), so the
/// whole search costs one scan of the table. It does not wrap around: at the end, nothing is
/// found.
public struct RecordSearch: Sendable {
  /// The records searched.
  public let query: RecordQuery
  /// The text searched for.
  public let text: SearchText
  /// Where the search starts (excluded), or `nil` for the first record going forward, the last
  /// going back.
  public let start: RecordPosition?
  /// Whether it goes forward in the order.
  public let forward: Bool
  /// Records read by each step.
  public let chunkSize: Int
  /// Records read so far.
  public private(set) var scanned = 0
  /// The record found, once finished.
  public private(set) var found: PageRecord?

  /// Where the search stands.
  enum State: Sendable {
    /// Not started.
    case ready
    /// Reading in order: the run of the order and the position in it read up to.
    case inOrder(run: Int, after: [DatabaseValue]?)
    /// Reading in key order: the last key read and the best match so far.
    case byKey(after: [DatabaseValue]?, best: RecordPosition?)
    /// Done.
    case finished
  }

  /// Where the search stands.
  private(set) var state = State.ready

  /// Makes a search for `text` from `start` (excluded), forward or back.
  public init(
    query: RecordQuery, text: SearchText, from start: RecordPosition?, forward: Bool = true,
    chunkSize: Int = 20_000
  ) {
    self.query = query
    self.text = text
    self.start = start
    self.forward = forward
    self.chunkSize = max(1, chunkSize)
  }

  /// Whether the search is over; ``found`` is then its result.
  public var isFinished: Bool {
    if case .finished = state { return true }
    return false
  }

  /// Reads the next chunk of records.
  public mutating func step(_ db: Database) throws {
    switch state {
    case .ready:
      try query.checkFilter()
      guard !text.isEmpty else {
        state = .finished
        return
      }
      if text.asciiFolded == nil { db.add(function: SearchText.function) }
      if try query.sortsWithoutIndex(db) {
        if let start { _ = try query.relation(to: start, after: true) }
        state = .byKey(after: nil, best: nil)
      } else {
        let (run, tuple) = try query.start(of: start, forward: forward)
        state = .inOrder(run: run, after: tuple)
      }
      try step(db)
    case .inOrder(let run, let tuple):
      try stepInOrder(db, run: run, after: tuple)
    case .byKey(let key, let best):
      try stepByKey(db, after: key, best: best)
    case .finished:
      break
    }
  }

  /// Reads the next chunk of run `index` of the order, after `tuple`.
  mutating func stepInOrder(_ db: Database, run index: Int, after tuple: [DatabaseValue]?)
    throws
  {
    guard query.runs.indices.contains(index) else {
      state = .finished
      return
    }
    let run = query.runs[index]
    let terms = query.terms(of: run)
    let (endSQL, endArguments) = query.runSelect(
      terms.joined(separator: ", "), run, after: tuple, forward: forward, ordered: true, limit: 1,
      offset: chunkSize - 1)
    let end = try Row.fetchOne(db.cachedStatement(sql: endSQL), arguments: endArguments).map {
      row in (0..<terms.count).map { row[$0] as DatabaseValue }
    }
    let match = text.condition(columns: query.schema.columns.map(\.quotedDatabaseIdentifier))
    if let record = try query.fetchRecords(
      db, run, after: tuple, through: end, forward: forward, extra: [match], limit: 1
    ).first {
      found = record
      state = .finished
      return
    }
    if let end {
      scanned += chunkSize
      state = .inOrder(run: index, after: end)
    } else {
      let (sql, arguments) = query.runSelect(
        "count(*)", run, after: tuple, forward: forward, ordered: false)
      scanned += try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
      state = .inOrder(run: forward ? index + 1 : index - 1, after: nil)
    }
  }

  /// Reads the next chunk of the table in key order, after `key`, keeping the match nearest to
  /// the start in the order: `best`, or one before it.
  mutating func stepByKey(_ db: Database, after key: [DatabaseValue]?, best: RecordPosition?)
    throws
  {
    let keyTerms = query.keyTerms
    let keyList = keyTerms.joined(separator: ", ")
    var sql = "SELECT \(keyList) FROM \(query.table)"
    if key != nil { sql += " WHERE " + query.comparison(keyTerms, ">") }
    sql += " ORDER BY \(keyList) LIMIT 1 OFFSET ?"
    let end = try Row.fetchOne(
      db.cachedStatement(sql: sql), arguments: StatementArguments(key ?? []) + [chunkSize - 1]
    ).map { row in (0..<keyTerms.count).map { row[$0] as DatabaseValue } }
    var conditions: [(String, [DatabaseValue])] = []
    if let key { conditions.append((query.comparison(keyTerms, ">"), key)) }
    if let end { conditions.append((query.comparison(keyTerms, "<="), end)) }
    if let start { conditions.append(try query.relation(to: start, after: forward)) }
    if let best { conditions.append(try query.relation(to: best, after: !forward)) }
    conditions.append(text.condition(columns: query.schema.columns.map(\.quotedDatabaseIdentifier)))
    let (candidateSQL, arguments) = query.select(
      query.positionColumns, where: conditions,
      orderBy: query.orderTerms(ascending: forward != query.order.descending))
    let candidate = try Row.fetchOne(
      db.cachedStatement(sql: candidateSQL + " LIMIT 1"), arguments: arguments
    ).map { query.position(from: $0, at: 0) }
    let newBest = candidate ?? best
    if let end {
      scanned += chunkSize
      state = .byKey(after: end, best: newBest)
      return
    }
    var countSQL = "SELECT count(*) FROM \(query.table)"
    if key != nil { countSQL += " WHERE " + query.comparison(keyTerms, ">") }
    scanned +=
      try Int.fetchOne(db.cachedStatement(sql: countSQL), arguments: StatementArguments(key ?? []))
      ?? 0
    found = try newBest.flatMap { try query.record(db, key: $0.key) }
    state = .finished
  }
}
