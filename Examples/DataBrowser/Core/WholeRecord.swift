import GRDB

/// The SQL that reads one whole record by its key: `WHERE key = ?`, or a row value
/// `WHERE (a, b) = (?, ?)` for the key columns of a WITHOUT ROWID table.
///
/// Its columns are the schema's, `rowid` first for a table with no alias for it, as the pages of
/// ``RecordQuery`` have them.
public enum WholeRecord {
  /// The SQL for a table of `schema`, whose arguments are the key's values in key order.
  public static func sql(for schema: TableSchema) -> String {
    let table = schema.name.quotedSQLName
    let keys = schema.keyColumns.map(\.quotedSQLName)
    let select =
      switch schema.key {
      case .rowid(alias: nil): "SELECT rowid, * FROM \(table)"
      default: "SELECT * FROM \(table)"
      }
    let condition =
      keys.count == 1
      ? "\(keys[0]) = ?"
      : "(\(keys.joined(separator: ", "))) = (\(keys.map { _ in "?" }.joined(separator: ", ")))"
    return select + " WHERE " + condition
  }

  /// The values of the record of `schema` with key `key`, in column order, or `nil` when there
  /// is no such record.
  public static func fetch(_ db: Database, schema: TableSchema, key: [DatabaseValue]) throws
    -> [DatabaseValue]?
  {
    try GRDB.Row.fetchOne(db, sql: sql(for: schema), arguments: StatementArguments(key))
      .map { Array($0.databaseValues) }
  }
}
