import GRDB
import TermElementsRecordsSQL

/// The SQL that reads one whole record by its key, the keyset planner's: `WHERE key = ?`, or
/// a row value `WHERE (a, b) = (?, ?)` for the key columns of a WITHOUT ROWID table.
///
/// Its columns are the schema's, `rowid` first for a table with no alias for it, as the pages of
/// ``RecordQuery`` have them.
public enum WholeRecord {
  /// The SQL for a table of `schema`, whose arguments are the key's values in key order.
  public static func sql(for schema: TableSchema) -> String {
    statement(for: schema, key: schema.keyColumns.map { _ in .null }).sql
  }

  /// The statement that reads the record of `schema` with key `key`, unfiltered.
  static func statement(for schema: TableSchema, key: [DatabaseValue])
    -> SQLStatement<DatabaseValue>
  {
    let columns =
      switch schema.key {
      case .rowid(alias: nil): "rowid, *"
      default: "*"
      }
    return schema.planner().record(columns, key: key, filtered: false)
  }

  /// The values of the record of `schema` with key `key`, in column order, or `nil` when there
  /// is no such record.
  public static func fetch(_ db: Database, schema: TableSchema, key: [DatabaseValue]) throws
    -> [DatabaseValue]?
  {
    let statement = statement(for: schema, key: key)
    return try GRDB.Row.fetchOne(db, sql: statement.sql, arguments: statement.arguments)
      .map { Array($0.databaseValues) }
  }
}
