import GRDB

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
  public init(_ db: Database, table name: String) throws {
    let tableColumns = try db.columns(in: name).map(\.name)
    let primaryKey = try db.primaryKey(name)
    // A WITHOUT ROWID table cannot select its rowid.
    let hasRowID =
      primaryKey.rowIDColumn != nil
      || (try? db.makeStatement(sql: "SELECT rowid FROM \(name.quotedDatabaseIdentifier)")) != nil
    if let alias = primaryKey.rowIDColumn {
      self.init(name: name, columns: tableColumns, key: .rowid(alias: alias))
    } else if hasRowID {
      self.init(name: name, columns: ["rowid"] + tableColumns, key: .rowid(alias: nil))
    } else {
      self.init(name: name, columns: tableColumns, key: .primaryKey(primaryKey.columns))
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
