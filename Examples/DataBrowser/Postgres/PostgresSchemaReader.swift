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
  /// The relations the session's user can read, outside the system's schemas, `public` first:
  /// the read's last statement, committed in its round trip.
  static func relations(_ session: PostgresSession) async throws -> [PostgresRelation] {
    let statement = PostgresStatement(
      "SELECT c.oid::text, n.nspname, c.relname, c.relkind::text, \(estimate)::text"
        + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE \(readable)"
        + " ORDER BY \(relationOrder)")
    return try await session.rows(statement, last: true) { $0.texts }.compactMap { row in
      relation(row[0], row[1], row[2], row[3], row[4])
    }
  }

  /// The SQL of the catalogue's estimate of the rows of relation `c`, a `bigint`: a
  /// partitioned table's is its leaves', a view's or a table never analyzed's `NULL`.
  static let estimate = """
    (CASE
      WHEN c.relkind = 'p' THEN (
        SELECT sum(greatest(p.reltuples, 0)) FROM pg_partition_tree(c.oid) t
        JOIN pg_class p ON p.oid = t.relid WHERE t.isleaf)
      WHEN c.relkind IN ('v', 'f') OR c.reltuples < 0 THEN NULL
      ELSE c.reltuples
    END)::bigint
    """

  /// The SQL condition on relation `c` of schema `n` that the catalog lists it: a table,
  /// view or such, outside the system's schemas, that the user may read.
  static let readable = """
    c.relkind IN ('r', 'v', 'm', 'p', 'f')
      AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
      AND has_table_privilege(c.oid, 'SELECT')
    """

  /// The SQL order of the relations listed: `public` first, then by schema and name.
  static let relationOrder = "n.nspname <> 'public', n.nspname, c.relname"

  /// The relation of a row's texts, if they make one.
  static func relation(
    _ oid: String?, _ schema: String?, _ name: String?, _ kind: String?, _ estimate: String?
  ) -> PostgresRelation? {
    guard let oid, let schema, let name, let kind = kind.flatMap(PostgresTable.Kind.init)
    else { return nil }
    return PostgresRelation(
      oid: oid, schema: schema, name: name, kind: kind, estimate: estimate.flatMap { Int($0) })
  }

  /// The readable relations called one of `names` (`relname`), in the catalog's order, each
  /// with its columns and paging, read in one statement: a new connection's catalogue caches
  /// are cold, and each round trip to fill them costs the first screen. It is the read's last
  /// statement, committed in its round trip.
  static func tables(_ session: PostgresSession, named names: [String]) async throws
    -> [(relation: PostgresRelation, table: PostgresTable)]
  {
    // One row per relation (part 0), column (1) and unique index (2), each part in its
    // order (`place`), the columns and indexes of every relation the names give.
    var statement = PostgresStatement(
      """
      WITH r AS MATERIALIZED (
        SELECT c.oid, n.nspname, c.relname, c.relkind, \(estimate) AS estimate,
          row_number() OVER (ORDER BY \(relationOrder)) AS place
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE \(readable) AND c.relname IN (
      """)
    for (index, name) in names.enumerated() {
      if index > 0 { statement.append(", ") }
      statement.append(parameter: name, type: "name")
    }
    if names.isEmpty { statement.append("NULL") }
    statement.append(
      """
      ))
      SELECT 0 AS part, r.place, r.oid::text, r.nspname::text, r.relname::text,
        r.relkind::text, r.estimate::text
      FROM r
      UNION ALL
      SELECT 1, a.attnum, a.attrelid::text, a.attnum::text, a.attname::text,
        format_type(a.atttypid, a.atttypmod),
        (CASE WHEN t.typtype = 'd' THEN b.typname ELSE t.typname END)::text
          || CASE WHEN a.attnotnull THEN ' t' ELSE ' f' END
      FROM r JOIN pg_attribute a ON a.attrelid = r.oid JOIN pg_type t ON t.oid = a.atttypid
      LEFT JOIN pg_type b ON b.oid = t.typbasetype
      WHERE a.attnum > 0 AND NOT a.attisdropped
      UNION ALL
      SELECT 2, row_number() OVER (
          ORDER BY i.indrelid, i.indisprimary DESC, i.indnkeyatts, i.indexrelid),
        i.indrelid::text, array_to_string(i.indkey::int2[], ' '), i.indnkeyatts::text, NULL, NULL
      FROM r JOIN pg_index i ON i.indrelid = r.oid
      WHERE i.indisunique AND i.indisvalid AND i.indimmediate AND i.indpred IS NULL
        AND i.indexprs IS NULL
      ORDER BY part, place
      """)
    var relations: [PostgresRelation] = []
    var columns: [String: [PostgresColumn]] = [:]
    var numbers: [String: [String: Int]] = [:]
    var indexes: [String: [(numbers: String, keyCount: Int)]] = [:]
    // The read's last statement: its COMMIT goes in the same round trip, and the first page's
    // read need not wait for it.
    for row in try await session.rows(statement, last: true, reading: { $0.texts }) {
      guard let oid = row[2] else { continue }
      switch row[0] {
      case "0":
        if let relation = relation(oid, row[3], row[4], row[5], row[6]) {
          relations.append(relation)
        }
      case "1":
        // The base type and whether the column is NOT NULL, as `int4 t`.
        guard let number = row[3], let name = row[4], let type = row[5],
          let base = row[6]?.dropLast(2), let notNull = row[6]?.last
        else { continue }
        numbers[oid, default: [:]][number] = columns[oid, default: []].count
        columns[oid, default: []].append(
          PostgresColumn(
            name: name, typeName: type, baseType: String(base), isNotNull: notNull == "t"))
      default:
        guard let key = row[3], let keyCount = row[4].flatMap({ Int($0) }) else { continue }
        indexes[oid, default: []].append((key, keyCount))
      }
    }
    return relations.map { relation in
      let columns = columns[relation.oid] ?? []
      let paging = paging(
        of: relation, columns, numbers[relation.oid] ?? [:], indexes[relation.oid] ?? [])
      return (
        relation,
        PostgresTable(
          schema: relation.schema, name: relation.name, kind: relation.kind, columns: columns,
          paging: paging)
      )
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

  /// The primary key's columns, or a unique index's on `NOT NULL` columns, from `indexes`
  /// (each its columns' numbers, `1 3`, and how many of them are its key, the primary key
  /// first); else the row address for a stored relation, the offset for a view or foreign
  /// table.
  static func paging(
    of relation: PostgresRelation, _ columns: [PostgresColumn], _ indexOfNumber: [String: Int],
    _ indexes: [(numbers: String, keyCount: Int)]
  ) -> PostgresTable.Paging {
    for (numbers, keyCount) in indexes {
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
