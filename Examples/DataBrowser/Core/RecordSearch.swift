import GRDB

/// Text searched for in records, and which values contain it.
///
/// A value is searched when it is TEXT or an INTEGER (as its decimal digits, the way a cell
/// shows it); REAL values, whose cells are formatted, BLOBs and NULLs never match. `%`, `_`
/// and `\` are plain characters. Case is ignored character by character: ASCII letters fold
/// as SQLite's `lower()` folds them, other characters to their lowercase when it is one
/// character and not ASCII (`Ł` to `ł`, `Ü` to `ü`; the Kelvin sign stays itself), so that an
/// ASCII character only ever matches an ASCII one.
///
/// Text of ASCII characters only is searched in SQLite, `instr(lower(value), 'text') > 0` on
/// TEXT and INTEGER values. Other text needs a Swift SQL function, called only on TEXT values
/// that hold a non-ASCII character and, ASCII-folded, the text's longest run of ASCII
/// characters: values that cannot match are left out in SQLite. `matches(_:)` applies the
/// same rule, so that what a search finds is what a cell highlights.
public struct SearchText: Hashable, Sendable {
  /// The text searched for.
  public let text: String
  /// The text's characters, folded.
  let folded: [Unicode.Scalar]
  /// Whether the text is all ASCII.
  let isASCII: Bool

  /// Searches for `text`; empty text matches nothing.
  public init(_ text: String) {
    self.text = text
    folded = text.unicodeScalars.map(Self.fold)
    isASCII = text.unicodeScalars.allSatisfy(\.isASCII)
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
    guard let head = folded.first else { return false }
    let scalars = Array(string.unicodeScalars)
    guard scalars.count >= folded.count else { return false }
    search: for start in 0...(scalars.count - folded.count) {
      // A folded character folds to itself, so an equal one needs no folding.
      let first = scalars[start]
      guard first == head || Self.fold(first) == head else { continue }
      for offset in 1..<folded.count {
        let scalar = scalars[start + offset]
        if scalar != folded[offset] && Self.fold(scalar) != folded[offset] { continue search }
      }
      return true
    }
    return false
  }

  /// Where `string` contains the text, left to right, not overlapping: the parts of a cell
  /// to highlight.
  public func ranges(in string: String) -> [Range<String.Index>] {
    guard !folded.isEmpty else { return [] }
    let scalars = string.unicodeScalars
    let indices = Array(scalars.indices) + [scalars.endIndex]
    let haystack = scalars.map(Self.fold)
    var found: [Range<String.Index>] = []
    var offset = 0
    while offset + folded.count <= haystack.count {
      if haystack[offset..<offset + folded.count].elementsEqual(folded) {
        found.append(indices[offset]..<indices[offset + folded.count])
        offset += folded.count
      } else {
        offset += 1
      }
    }
    return found
  }

  /// `scalar` with its case folded: an ASCII capital lowered, as SQLite's `lower()` does;
  /// another character lowered when its lowercase is one character that is not ASCII. A
  /// folded character folds to itself.
  public static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII {
      return (0x41...0x5A).contains(scalar.value)
        ? Unicode.Scalar(UInt8(scalar.value) + 0x20) : scalar
    }
    let lower = scalar.properties.lowercaseMapping.unicodeScalars
    guard lower.count == 1, let single = lower.first, !single.isASCII else { return scalar }
    return single
  }

  /// The SQL condition that one of `columns` (quoted) contains the text, and its arguments.
  func condition(columns: [String]) -> (String, [DatabaseValue]) {
    let foldedText = String(String.UnicodeScalarView(folded))
    guard !isASCII else {
      let tests = columns.map {
        "(typeof(\($0)) IN ('text', 'integer') AND instr(lower(\($0)), ?) > 0)"
      }
      return (
        "(" + tests.joined(separator: " OR ") + ")",
        Array(repeating: foldedText.databaseValue, count: columns.count)
      )
    }
    // Only TEXT with a non-ASCII character, and the longest ASCII run, can match.
    let run =
      folded.split { !$0.isASCII }.max { $0.count < $1.count }
      .map { String(String.UnicodeScalarView($0)) } ?? ""
    var arguments: [DatabaseValue] = []
    let tests = columns.map { column in
      var test = "typeof(\(column)) = 'text' AND \(column) GLOB ?"
      arguments.append(Self.nonASCIIPattern.databaseValue)
      if !run.isEmpty {
        test += " AND instr(lower(\(column)), ?) > 0"
        arguments.append(run.databaseValue)
      }
      arguments.append(text.databaseValue)
      return "(" + test + " AND \(Self.function.name)(\(column), ?))"
    }
    return ("(" + tests.joined(separator: " OR ") + ")", arguments)
  }

  /// A GLOB pattern that TEXT with a character outside ASCII matches.
  static let nonASCIIPattern = "*[^\u{01}-\u{7F}]*"

  /// The SQL function of text that is not all ASCII: whether its first argument, TEXT,
  /// contains its second by the rule of `SearchText`.
  static let function = DatabaseFunction("data_browser_contains", argumentCount: 2, pure: true) {
    values in
    guard case .string(let haystack) = values[0].storage,
      case .string(let needle) = values[1].storage
    else { return false }
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
    /// Reading in order: the position read up to, and the pieces after it read to their end.
    case inOrder(after: RecordPosition?, skipping: Int)
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
      if !text.isASCII { db.add(function: SearchText.function) }
      if try query.sortsWithoutIndex(db) {
        if let start { _ = try query.relation(to: start, after: true) }
        state = .byKey(after: nil, best: nil)
      } else {
        state = .inOrder(after: start, skipping: 0)
      }
      try step(db)
    case .inOrder(let position, let skipped):
      try stepInOrder(db, after: position, skipping: skipped)
    case .byKey(let key, let best):
      try stepByKey(db, after: key, best: best)
    case .finished:
      break
    }
  }

  /// Reads the next chunk of records after `position` in the order, in the first of the
  /// pieces after it that is not `skipped`: the first that matches among them, if any, is the
  /// one found.
  mutating func stepInOrder(_ db: Database, after position: RecordPosition?, skipping skipped: Int)
    throws
  {
    let pieces = try query.pieces(from: position, forward: forward).dropFirst(skipped)
    guard let piece = pieces.first else {
      state = .finished
      return
    }
    let columns = query.positionColumns
    let (endSQL, endArguments) = query.select(
      columns, piece, ordered: true, limit: 1, offset: chunkSize - 1)
    let end = try Row.fetchOne(db.cachedStatement(sql: endSQL), arguments: endArguments).map {
      query.position(from: $0, at: 0)
    }
    // The first match among the chunk's records: the chunk in a subquery, its matches sorted
    // again, since SQL does not promise that a subquery's order is kept. The match is a CASE
    // condition, which SQLite cuts short at the first test that fails; as a value, `a AND b`
    // evaluates both.
    let match = text.condition(columns: query.schema.columns.map(\.quotedSQLName))
    let (chunkSQL, chunkArguments) = query.select(
      "\(columns), CASE WHEN \(match.0) THEN 1 END AS data_browser_match", piece, ordered: true,
      limit: chunkSize)
    let orderBy = piece.terms.map { $0 + (piece.ascending ? "" : " DESC") }
      .joined(separator: ", ")
    let hit = try Row.fetchOne(
      db.cachedStatement(
        sql: "SELECT \(columns) FROM (\(chunkSQL)) WHERE data_browser_match"
          + " ORDER BY \(orderBy) LIMIT 1"),
      arguments: StatementArguments(match.1) + chunkArguments
    ).map { query.position(from: $0, at: 0) }
    if let hit {
      found = try query.record(db, key: hit.key)
      state = .finished
    } else if let end {
      scanned += chunkSize
      state = .inOrder(after: end, skipping: 0)
    } else {
      let (sql, arguments) = query.select("count(*)", piece, ordered: false)
      scanned += try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
      state = .inOrder(after: position, skipping: skipped + 1)
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
    conditions.append(text.condition(columns: query.schema.columns.map(\.quotedSQLName)))
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
