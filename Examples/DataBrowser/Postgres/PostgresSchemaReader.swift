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
  ///
  /// The statement asks the catalogue only for what a source needs, and leaves the rest to
  /// Swift: on a new backend, planning is most of its time, and each catalogue it joins, each
  /// window and each subquery adds to it (psql `\timing`, 15 new backends each, 10,000,000
  /// people: 3.7 ms with the estimate, the schemas joined, and the rows numbered and ordered by
  /// the server; 2.4 ms without). A relation's schema is its name as `regnamespace` writes it,
  /// unquoted here; no estimate is read, which a source does not use.
  static func tables(_ session: PostgresSession, named names: [String]) async throws
    -> [(relation: PostgresRelation, table: PostgresTable)]
  {
    // One row per relation (part 0), column (1) and unique index (2).
    var statement = PostgresStatement(
      """
      WITH r AS MATERIALIZED (
        SELECT c.oid, c.relnamespace, c.relname, c.relkind FROM pg_class c
        WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f') AND has_table_privilege(c.oid, 'SELECT')
          AND c.relname IN (
      """)
    for (index, name) in names.enumerated() {
      if index > 0 { statement.append(", ") }
      statement.append(parameter: name, type: "name")
    }
    if names.isEmpty { statement.append("NULL") }
    statement.append(
      """
      ))
      SELECT 0, r.oid::text, r.relnamespace::regnamespace::text, r.relname::text,
        r.relkind::text, NULL, NULL
      FROM r
      UNION ALL
      SELECT 1, a.attrelid::text, a.attnum::text, a.attname::text,
        format_type(a.atttypid, a.atttypmod),
        (CASE WHEN t.typtype = 'd' THEN b.typname ELSE t.typname END)::text,
        a.attnotnull::text
      FROM r JOIN pg_attribute a ON a.attrelid = r.oid JOIN pg_type t ON t.oid = a.atttypid
      LEFT JOIN pg_type b ON b.oid = t.typbasetype
      WHERE a.attnum > 0 AND NOT a.attisdropped
      UNION ALL
      SELECT 2, i.indrelid::text, i.indkey::text, i.indnkeyatts::text,
        i.indisprimary::text, i.indexrelid::text, NULL
      FROM r JOIN pg_index i ON i.indrelid = r.oid
      WHERE i.indisunique AND i.indisvalid AND i.indimmediate AND i.indpred IS NULL
        AND i.indexprs IS NULL
      """)
    var relations: [PostgresRelation] = []
    var columns: [String: [(number: Int, column: PostgresColumn)]] = [:]
    var indexes: [String: [CatalogIndex]] = [:]
    // The read's last statement: its COMMIT goes in the same round trip, and the first page's
    // read need not wait for it.
    for row in try await session.rows(statement, last: true, reading: { $0.texts }) {
      guard row.count == 7, let oid = row[1] else { continue }
      switch row[0] {
      case "0":
        guard let schema = row[2].map(unquotedIdentifier), !isSystemSchema(schema),
          let relation = relation(oid, schema, row[3], row[4], nil)
        else { continue }
        relations.append(relation)
      case "1":
        guard let number = row[2].flatMap({ Int($0) }), let name = row[3], let type = row[4],
          let base = row[5]
        else { continue }
        let column = PostgresColumn(
          name: name, typeName: type, baseType: base, isNotNull: row[6] == "true")
        columns[oid, default: []].append((number, column))
      default:
        guard let key = row[2], let keyCount = row[3].flatMap({ Int($0) }),
          let indexID = row[5].flatMap({ UInt32($0) })
        else { continue }
        indexes[oid, default: []].append(
          CatalogIndex(
            numbers: key, keyCount: keyCount, isPrimary: row[4] == "true", id: indexID))
      }
    }
    // `public` first, then by schema and name.
    relations.sort {
      ($0.schema == "public" ? 0 : 1, $0.schema, $0.name)
        < ($1.schema == "public" ? 0 : 1, $1.schema, $1.name)
    }
    return relations.map { relation in
      let numbered = (columns[relation.oid] ?? []).sorted { $0.number < $1.number }
      let columns = numbered.map(\.column)
      let indexOfNumber = Dictionary(
        uniqueKeysWithValues: numbered.enumerated().map { (String($1.number), $0) })
      // The primary key first, then the unique indexes of fewest columns, oldest first.
      let unique = (indexes[relation.oid] ?? []).sorted {
        ($0.isPrimary ? 0 : 1, $0.keyCount, $0.id) < ($1.isPrimary ? 0 : 1, $1.keyCount, $1.id)
      }
      let paging = paging(
        of: relation, columns, indexOfNumber, unique.map { ($0.numbers, $0.keyCount) })
      return (
        relation,
        PostgresTable(
          schema: relation.schema, name: relation.name, kind: relation.kind, columns: columns,
          paging: paging)
      )
    }
  }

  /// A unique index as the catalogue gives it: its columns' numbers (`1 3`), how many of
  /// them are its key, whether it is the primary key, and its `oid`.
  struct CatalogIndex {
    /// Its columns' numbers, as `int2vector` writes them: `1 3`.
    var numbers: String
    /// How many of them are its key; the rest are included only.
    var keyCount: Int
    /// Whether it is the primary key.
    var isPrimary: Bool
    /// Its `oid`: the older index first, among those of as many columns.
    var id: UInt32
  }

  /// Whether `schema` is the system's: `information_schema`, or one whose name starts with
  /// `pg_` (the rule ``readable`` writes in SQL).
  static func isSystemSchema(_ schema: String) -> Bool {
    schema == "information_schema" || schema.hasPrefix("pg_")
  }

  /// The name `identifier` writes, as `quote_ident` (and so `regnamespace`) writes names:
  /// quoted when it must be, with each `"` in it doubled (`"Odd ""Name"""` is `Odd "Name"`).
  static func unquotedIdentifier(_ identifier: String) -> String {
    guard identifier.count >= 2, identifier.hasPrefix("\""), identifier.hasSuffix("\"")
    else { return identifier }
    return String(identifier.dropFirst().dropLast()).replacing("\"\"", with: "\"")
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
      let unquoted = unquotedIdentifier(String(rest))
      if unquoted != rest { names.append(unquoted) }
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
