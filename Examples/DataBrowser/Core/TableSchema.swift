import GRDB
import TermElementsRecordsSQL

/// What keyset pagination orders a table by.
public enum PageKey: Equatable, Sendable {
  /// The rowid, through the INTEGER PRIMARY KEY column that aliases it, if any; with none,
  /// the rowid is selected as an extra first column named `rowid`.
  case rowid(alias: String?)
  /// The primary key columns of a WITHOUT ROWID table, in key order.
  case primaryKey([String])
}

/// A table's columns as shown, and the key its pages follow.
public struct TableSchema: Equatable, Sendable {
  /// The table's name.
  public let name: String
  /// The columns shown, in order; `rowid` first for a rowid table without an alias.
  public let columns: [String]
  /// The key pages are ordered by.
  public let key: PageKey

  /// Makes a schema.
  public init(name: String, columns: [String], key: PageKey) {
    self.name = name
    self.columns = columns
    self.key = key
  }

  /// Reads the schema of table `name`.
  ///
  /// The columns come from `pragma_table_xinfo` with the name bound as an argument, so that
  /// any name works: GRDB's schema methods put it into `PRAGMA table_info(...)` quoted without
  /// doubling the quotes inside it.
  public init(_ db: Database, table name: String) throws {
    let rows = try Row.fetchAll(
      db, sql: "SELECT name, type, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid",
      arguments: [name])
    // Hidden columns of virtual tables are left out, as `SELECT *` leaves them out.
    let visible = rows.filter { ($0["hidden"] as Int? ?? 0) != 1 }
    let tableColumns = visible.map { $0["name"] as String }
    let keyRows = rows.filter { ($0["pk"] as Int? ?? 0) > 0 }.sorted {
      ($0["pk"] as Int) < ($1["pk"] as Int)
    }
    let keyColumns = keyRows.map { $0["name"] as String }
    // A WITHOUT ROWID table cannot select its rowid.
    let hasRowID =
      (try? db.makeStatement(sql: "SELECT rowid FROM \(SQLDialect.sqlite.quoted(table: name))"))
      != nil
    // A single INTEGER PRIMARY KEY of a rowid table is the rowid under another name.
    let alias =
      hasRowID && keyRows.count == 1
        && (keyRows[0]["type"] as String? ?? "").uppercased() == "INTEGER"
      ? keyColumns[0] : nil
    if let alias {
      self.init(name: name, columns: tableColumns, key: .rowid(alias: alias))
    } else if hasRowID {
      self.init(name: name, columns: ["rowid"] + tableColumns, key: .rowid(alias: nil))
    } else {
      self.init(name: name, columns: tableColumns, key: .primaryKey(keyColumns))
    }
  }

  /// The names of the key's columns among ``columns``.
  public var keyColumns: [String] {
    switch key {
    case .rowid(let alias): [alias ?? "rowid"]
    case .primaryKey(let columns): columns
    }
  }

  /// Where the key's columns are in a fetched row.
  public var keyIndexes: [Int] {
    keyColumns.map { key in
      columns.firstIndex { $0.lowercased() == key.lowercased() } ?? 0
    }
  }
}
