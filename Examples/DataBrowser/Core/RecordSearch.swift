import GRDB
import TermElementsRecords
import TermElementsRecordsSQL

/// A search for the next record, in a ``RecordQuery``'s order and filter, that contains some
/// text in some columns, run a chunk of records at a time so that it can report progress and
/// stop between chunks.
///
/// ``RecordReader/search(_:columns:from:forward:chunkSize:progress:)`` runs it; to run it by
/// hand, call ``step(_:)`` until ``isFinished``, then read ``found``.
///
/// The test of each record is ``SearchFunction``, in SQLite, called on the searched columns
/// only: records that do not match there never reach Swift. When an index gives the order,
/// each step is one statement that walks the order from where the last one stopped,
/// `WHERE … AND data_browser_search(1, …) ORDER BY … LIMIT 1`, which stops at the first match
/// or at the end of the chunk, the function counting the records: a match nearby is found at
/// once, and the whole order is read once, each chunk starting with one index seek. When no
/// index does (see ``RecordQuery/sortsWithoutIndex(_:)``), walking the order would sort the
/// table for every chunk; it reads the table in key order instead, a chunk of keys at a time,
/// keeping the best match so far (the nearest to the start in the order, compared by SQLite).
/// It does not wrap around: at the end, nothing is found.
public struct RecordSearch: Sendable {
  /// The records searched.
  public let query: RecordQuery
  /// The text searched for.
  public let text: SearchText
  /// The indexes in the schema of the columns searched, or `nil` for every column.
  public let columns: Set<Int>?
  /// Where the search starts (excluded), or `nil` for the first record going forward, the last
  /// going back.
  public let start: SQLPosition?
  /// Whether it goes forward in the order.
  public let forward: Bool
  /// Records read by each step.
  public let chunkSize: Int
  /// Records read so far.
  public private(set) var scanned = 0
  /// The record found, once finished.
  public private(set) var found: SQLRecord?

  /// Where the search stands.
  enum State: Sendable {
    /// Not started.
    case ready
    /// Reading in order: the position read up to, and the segments after it read to their
    /// end.
    case inOrder(after: SQLPosition?, skipping: Int)
    /// Reading in key order: the last key read and the best match so far.
    case byKey(after: [DatabaseValue]?, best: SQLPosition?)
    /// Done.
    case finished
  }

  /// Where the search stands.
  private(set) var state = State.ready

  /// Makes a search for `text` in `columns` (every column when `nil`) from `start`
  /// (excluded), forward or back.
  public init(
    query: RecordQuery, text: SearchText, columns: Set<Int>? = nil, from start: SQLPosition?,
    forward: Bool = true, chunkSize: Int = 20_000
  ) {
    self.query = query
    self.text = text
    self.columns = columns
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
      guard !text.isEmpty, !searchedColumns.isEmpty else {
        state = .finished
        return
      }
      if try query.sortsWithoutIndex(db) {
        if let start { _ = try query.keyset(start) }
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

  /// The names of the columns searched, in the schema's order.
  var searchedColumns: [String] {
    let all = query.schema.columns
    guard let columns else { return all }
    return all.indices.filter(columns.contains).map { all[$0] }
  }

  /// The call of ``SearchFunction`` on the searched columns, counting the records when
  /// `counting`.
  func searchCall(counting: Bool) -> String {
    let columns = searchedColumns.map(query.planner.sql(of:)).joined(separator: ", ")
    return "\(SearchFunction.name)(\(counting ? 1 : 0), \(columns))"
  }

  /// Reads the records after `position` in the order, in the first of the segments after it
  /// that is not `skipped`, up to the first that matches or to the end of a chunk.
  ///
  /// The counting function passes the first match and every record from the chunk's last on,
  /// so the record the statement stops at is the first match, or the chunk's last record, none
  /// before it matching; the function called again on that one record tells which. That holds
  /// whatever SQLite's plan, even one that sorts.
  mutating func stepInOrder(_ db: Database, after position: SQLPosition?, skipping skipped: Int)
    throws
  {
    let segments = try query.segments(from: position, forward: forward).dropFirst(skipped)
    guard let segment = segments.first else {
      state = .finished
      return
    }
    let statement = query.planner.page(
      segment, columns: "\(query.positionColumns), \(searchCall(counting: false))", limit: 1,
      matching: SQLFragment(searchCall(counting: true)))
    let matcher = SearchMatcher(text, chunkSize: chunkSize)
    let row = try SearchFunction.on(db).searching(matcher) {
      try Row.fetchOne(db.cachedStatement(sql: statement.sql), arguments: statement.arguments)
    }
    guard let row else {
      scanned += matcher.counted
      state = .inOrder(after: position, skipping: skipped + 1)
      return
    }
    let stop = query.position(from: row, at: 0)
    if row[row.count - 1] as Bool {
      found = try query.record(db, key: stop.key)
      state = .finished
    } else {
      scanned += chunkSize
      state = .inOrder(after: stop, skipping: 0)
    }
  }

  /// Reads the next chunk of the table in key order, after `key`, keeping the match nearest to
  /// the start in the order: `best`, or one before it.
  mutating func stepByKey(_ db: Database, after key: [DatabaseValue]?, best: SQLPosition?)
    throws
  {
    let planner = query.planner
    let after = key.map { [planner.keyComparison(">", $0)] } ?? []
    // The chunk's last key, every record counted, the filter's or not.
    let last = planner.select(
      planner.keySQL.joined(separator: ", "), where: after, filtered: false,
      orderBy: planner.keyOrder, limit: 1, offset: chunkSize - 1)
    let end = try Row.fetchOne(db.cachedStatement(sql: last.sql), arguments: last.arguments)
      .map { row in (0..<planner.key.count).map { row[$0] as DatabaseValue } }
    var conditions = after
    if let end { conditions.append(planner.keyComparison("<=", end)) }
    if let start { conditions.append(try query.condition(beyond: start, after: forward)) }
    if let best { conditions.append(try query.condition(beyond: best, after: !forward)) }
    let candidates = planner.select(
      query.positionColumns, where: conditions,
      matching: SQLFragment(searchCall(counting: false)), orderBy: planner.order(forward: forward),
      limit: 1)
    let candidate = try SearchFunction.on(db).searching(SearchMatcher(text)) {
      try Row.fetchOne(db.cachedStatement(sql: candidates.sql), arguments: candidates.arguments)
    }.map { query.position(from: $0, at: 0) }
    let newBest = candidate ?? best
    if let end {
      scanned += chunkSize
      state = .byKey(after: end, best: newBest)
      return
    }
    scanned += try query.fetchCount(db, planner.select("count(*)", where: after, filtered: false))
    found = try newBest.flatMap { try query.record(db, key: $0.key) }
    state = .finished
  }
}
