import Foundation
import GRDB
import TermElementsRecordsSQL

/// Why a database cannot be browsed; each case reads as one line for standard error.
public enum BrowserError: Error, Equatable, CustomStringConvertible {
  /// No file at the path.
  case missingFile(String)
  /// The path is a directory.
  case directory(String)
  /// The file cannot be read, for the reason given.
  case unreadable(String, reason: String)
  /// The file is not an SQLite database.
  case notADatabase(String)
  /// Another connection holds a lock that keeps readers out.
  case locked(String)
  /// The database has no table by that name.
  case unknownTable(String, path: String, available: [String])
  /// Reading failed for another reason.
  case cannotRead(String, reason: String)

  /// One line saying what went wrong.
  public var description: String {
    switch self {
    case .missingFile(let path):
      "no such file: \(path)"
    case .directory(let path):
      "\(path) is a directory, not an SQLite database"
    case .unreadable(let path, let reason):
      "cannot read \(path): \(reason)"
    case .notADatabase(let path):
      "\(path) is not an SQLite database"
    case .locked(let path):
      "\(path) is locked by another connection; try again when it is done"
    case .unknownTable(let name, let path, let available):
      "no table named '\(name)' in \(path)"
        + (available.isEmpty
          ? " (it has no tables)" : " (tables: \(available.joined(separator: ", ")))")
    case .cannotRead(let path, let reason):
      "cannot read \(path): \(reason)"
    }
  }
}

/// A table and how many rows it holds.
public struct TableSummary: Equatable, Sendable {
  /// The table's name.
  public let name: String
  /// Its rows.
  public let rowCount: Int

  /// Makes a summary.
  public init(name: String, rowCount: Int) {
    self.name = name
    self.rowCount = rowCount
  }
}

/// A database opened read-only for browsing.
public struct BrowserDatabase: Sendable {
  /// The path it was opened from.
  public let path: String
  /// The read-only connection.
  public let queue: DatabaseQueue
  /// Functions registered on ``queue`` that a filter may call besides SQLite's allowed ones:
  /// only functions that change nothing belong here.
  public var filterFunctions: Set<String> = []

  /// Opens the database at `path` read-only and checks that it can be read.
  ///
  /// - Throws: ``BrowserError`` saying why it cannot be browsed.
  public static func open(path: String, busyTimeout: Double = 0.5) throws(BrowserError) -> Self {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .missingFile(path)
    }
    guard !isDirectory.boolValue else { throw .directory(path) }
    guard access(path, R_OK) == 0 else {
      throw .unreadable(path, reason: String(cString: strerror(errno)))
    }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(busyTimeout)
    configuration.label = "data-browser"
    // Read-only twice over: the file is opened read-only, and the connection refuses writes
    // even to what it could write otherwise (temporary tables, attached databases). A filter
    // typed by the user is read into the browser's grammar besides (FilterExpression), and
    // only the SQL written from it reaches SQLite.
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA query_only = 1") }
    do {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      _ = try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
      return BrowserDatabase(path: path, queue: queue)
    } catch {
      throw Self.browserError(error, path: path)
    }
  }

  /// The ``BrowserError`` for an error from SQLite.
  public static func browserError(_ error: any Error, path: String) -> BrowserError {
    guard let error = error as? DatabaseError else {
      return .cannotRead(path, reason: String(describing: error))
    }
    switch error.resultCode {
    case .SQLITE_NOTADB: return .notADatabase(path)
    case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path)
    case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
      return .unreadable(path, reason: error.message ?? "\(error.resultCode)")
    default:
      return .cannotRead(path, reason: error.message ?? "\(error.resultCode)")
    }
  }

  /// The names of the user's tables, sorted.
  public func tableNames() throws(BrowserError) -> [String] {
    do {
      return try queue.read { db in
        try String.fetchAll(
          db,
          sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
            ORDER BY name
            """)
      }
    } catch {
      throw Self.browserError(error, path: path)
    }
  }

  /// The user's tables with their row counts.
  public func tables() throws(BrowserError) -> [TableSummary] {
    let names = try tableNames()
    do {
      return try queue.read { db in
        try names.map { name in
          let count =
            try Int.fetchOne(
              db, sql: "SELECT count(*) FROM \(SQLDialect.sqlite.quoted(table: name))") ?? 0
          return TableSummary(name: name, rowCount: count)
        }
      }
    } catch {
      throw Self.browserError(error, path: path)
    }
  }

  /// The largest rowid of table `name`, read from the end of its B-tree.
  public func largestRowID(of name: String) throws -> Int64? {
    try queue.read { db in
      try Int64.fetchOne(db, sql: "SELECT max(rowid) FROM \(SQLDialect.sqlite.quoted(table: name))")
    }
  }

  /// The columns and paging key of the table `name`.
  ///
  /// - Throws: ``BrowserError/unknownTable(_:path:available:)`` when there is no such table.
  public func schema(of name: String) throws(BrowserError) -> TableSchema {
    let names = try tableNames()
    guard names.contains(name) else {
      throw .unknownTable(name, path: path, available: names)
    }
    do {
      return try queue.read { db in try TableSchema(db, table: name) }
    } catch {
      throw Self.browserError(error, path: path)
    }
  }
}
