import TermElementsRecords

/// A relation the catalog lists: its identity in `pg_class`, its name and kind, and the
/// catalogue's estimate of its rows.
public struct PostgresRelation: Hashable, Sendable {
  /// Its `oid`.
  public var oid: String
  /// The schema's name.
  public var schema: String
  /// The relation's name.
  public var name: String
  /// What kind of relation it is.
  public var kind: PostgresTable.Kind
  /// The estimate of its rows, or `nil` when the catalogue has none (views, tables never
  /// analyzed).
  public var estimate: Int?

  /// `schema.name`, each part quoted only when it needs it.
  public var shownName: String {
    PostgresTable.shownIdentifier(schema) + "." + PostgresTable.shownIdentifier(name)
  }
}

/// Reads what the browser needs to know of relations from the system catalogues.
enum PostgresSchemaReader {
  /// The relations the session's user can read, outside the system's schemas, `public` first;
  /// with `names`, only those of these names (`relname`).
  static func relations(_ session: PostgresSession, named names: [String]? = nil) async throws
    -> [PostgresRelation]
  {
    var statement = PostgresStatement(
      """
      SELECT c.oid::text, n.nspname, c.relname, c.relkind::text,
        (CASE
          WHEN c.relkind = 'p' THEN (
            SELECT sum(greatest(p.reltuples, 0)) FROM pg_partition_tree(c.oid) t
            JOIN pg_class p ON p.oid = t.relid WHERE t.isleaf)
          WHEN c.relkind IN ('v', 'f') OR c.reltuples < 0 THEN NULL
          ELSE c.reltuples
        END)::bigint::text
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f')
        AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
        AND has_table_privilege(c.oid, 'SELECT')
      """)
    if let names {
      statement.append(" AND c.relname IN (")
      for (index, name) in names.enumerated() {
        if index > 0 { statement.append(", ") }
        statement.append(parameter: name, type: "name")
      }
      if names.isEmpty { statement.append("NULL") }
      statement.append(")")
    }
    statement.append(" ORDER BY n.nspname <> 'public', n.nspname, c.relname")
    return try await session.rows(statement).compactMap { row in
      guard let oid = row[0], let schema = row[1], let name = row[2],
        let kind = row[3].flatMap(PostgresTable.Kind.init(rawValue:))
      else { return nil }
      return PostgresRelation(
        oid: oid, schema: schema, name: name, kind: kind, estimate: row[4].flatMap { Int($0) })
    }
  }

  /// The relation names (`relname`) that `name`, as a user gives a relation
  /// (``PostgresRelation/shownName``, `schema.name`, or a bare name), may end with: the whole,
  /// and the part after each `.`, also unquoted (`"Odd ""Name"""` is `Odd "Name"`).
  static func relationNames(in name: String) -> [String] {
    var names = [name]
    var rest = Substring(name)
    while let dot = rest.firstIndex(of: ".") {
      rest = rest[rest.index(after: dot)...]
      names.append(String(rest))
      if rest.count >= 2, rest.hasPrefix("\""), rest.hasSuffix("\"") {
        names.append(String(rest.dropFirst().dropLast()).replacing("\"\"", with: "\""))
      }
    }
    return names
  }

  /// The columns and paging of `relation`.
  static func table(_ relation: PostgresRelation, _ session: PostgresSession) async throws
    -> PostgresTable
  {
    var columnsQuery = PostgresStatement(
      """
      SELECT a.attnum::text, a.attname, format_type(a.atttypid, a.atttypmod),
        CASE WHEN t.typtype = 'd' THEN b.typname ELSE t.typname END, a.attnotnull::text
      FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
      LEFT JOIN pg_type b ON b.oid = t.typbasetype
      WHERE a.attnum > 0 AND NOT a.attisdropped AND a.attrelid = 
      """)
    columnsQuery.append(parameter: relation.oid, type: "oid")
    columnsQuery.append(" ORDER BY a.attnum")
    var columns: [PostgresColumn] = []
    var indexOfNumber: [String: Int] = [:]
    for row in try await session.rows(columnsQuery) {
      guard let number = row[0], let name = row[1], let type = row[2], let base = row[3]
      else { continue }
      indexOfNumber[number] = columns.count
      columns.append(
        PostgresColumn(name: name, typeName: type, baseType: base, isNotNull: row[4] == "true"))
    }
    let paging = try await paging(of: relation, columns, indexOfNumber, session)
    return PostgresTable(
      schema: relation.schema, name: relation.name, kind: relation.kind, columns: columns,
      paging: paging)
  }

  /// The primary key's columns, or a unique index's on `NOT NULL` columns; else the row
  /// address for a stored relation, the offset for a view or foreign table.
  static func paging(
    of relation: PostgresRelation, _ columns: [PostgresColumn], _ indexOfNumber: [String: Int],
    _ session: PostgresSession
  ) async throws -> PostgresTable.Paging {
    var indexes = PostgresStatement(
      """
      SELECT array_to_string(i.indkey::int2[], ' '), i.indnkeyatts::text
      FROM pg_index i
      WHERE i.indisunique AND i.indisvalid AND i.indimmediate AND i.indpred IS NULL
        AND i.indexprs IS NULL AND i.indrelid = 
      """)
    indexes.append(parameter: relation.oid, type: "oid")
    indexes.append(" ORDER BY i.indisprimary DESC, i.indnkeyatts, i.indexrelid")
    for row in try await session.rows(indexes) {
      guard let numbers = row[0], let keyCount = row[1].flatMap({ Int($0) }) else { continue }
      let key = numbers.split(separator: " ").prefix(keyCount).compactMap {
        indexOfNumber[String($0)]
      }
      if key.count == keyCount, key.allSatisfy({ columns[$0].isNotNull }) { return .key(key) }
    }
    switch relation.kind {
    case .table, .materializedView: return .rowAddress
    case .partitionedTable: return .partitionRowAddress
    case .view, .foreignTable: return .offset
    }
  }
}
