import TermElementsRecordsSQL

/// A relation of a PostgreSQL database as the browser reads it: its name, columns and what
/// its records are paged by.
///
/// ```swift
/// let people = PostgresTable(
///   schema: "public", name: "people", kind: .table,
///   columns: [PostgresColumn(name: "id", typeName: "bigint", baseType: "int8", isNotNull: true)],
///   paging: .key([0]))
/// let sql = people.sqlName  // "\"public\".\"people\""
/// ```
public struct PostgresTable: Hashable, Sendable {
  /// What kind of relation it is.
  public enum Kind: String, Hashable, Sendable {
    /// An ordinary table (`relkind` `r`).
    case table = "r"
    /// A view (`v`).
    case view = "v"
    /// A materialized view (`m`).
    case materializedView = "m"
    /// A partitioned table (`p`).
    case partitionedTable = "p"
    /// A foreign table (`f`).
    case foreignTable = "f"

    /// The kind for people: `view`, `partitioned table`.
    public var description: String {
      switch self {
      case .table: "table"
      case .view: "view"
      case .materializedView: "materialized view"
      case .partitionedTable: "partitioned table"
      case .foreignTable: "foreign table"
      }
    }
  }

  /// What tells a record from the others, and so what pages go on from.
  public enum Paging: Hashable, Sendable {
    /// The columns of the primary key, or of a unique index on `NOT NULL` columns: keyset
    /// pagination on their values, in both directions.
    case key([Int])
    /// The row's physical address (`ctid`), for a table or materialized view with no key: the
    /// order the rows lie in, stable while no row is updated or moved.
    case rowAddress
    /// The partition and the row's address in it (`tableoid, ctid`), for a partitioned table
    /// with no key.
    case partitionRowAddress
    /// The record's place in the order of the text of its whole row, for a view or foreign
    /// table, which have neither key nor address: each page is read with `OFFSET`.
    case offset

    /// Whether the records page by a key's columns.
    public var isKey: Bool {
      if case .key = self { return true }
      return false
    }
  }

  /// The schema's name.
  public var schema: String
  /// The relation's name in its schema.
  public var name: String
  /// What kind of relation it is.
  public var kind: Kind
  /// The columns, in order.
  public var columns: [PostgresColumn]
  /// What the records are paged by.
  public var paging: Paging

  /// A relation.
  public init(
    schema: String, name: String, kind: Kind, columns: [PostgresColumn], paging: Paging
  ) {
    self.schema = schema
    self.name = name
    self.kind = kind
    self.columns = columns
    self.paging = paging
  }

  /// The name as the browser shows it: `schema.name`, each part quoted only when it needs it,
  /// as `quote_ident` does.
  public var shownName: String {
    Self.shownIdentifier(schema) + "." + Self.shownIdentifier(name)
  }

  /// The name in SQL, both parts quoted.
  public var sqlName: String { SQLDialect.postgreSQL.quoted(table: name, schema: schema) }

  /// The key's column indexes, empty when the records are paged by address or offset.
  public var keyColumns: [Int] {
    if case .key(let columns) = paging { return columns }
    return []
  }

  /// What the records are paged by, for the status line: `key id`, `row address (no key)`.
  public var pagingDescription: String {
    switch paging {
    case .key(let indexes):
      "key " + indexes.map { columns[$0].name }.joined(separator: ", ")
    case .rowAddress: "row address (no key)"
    case .partitionRowAddress: "partition and row address (no key)"
    case .offset: "whole row text (no key)"
    }
  }

  /// `identifier` as `quote_ident` shows it: bare when it is lower-case letters, digits and
  /// underscores not starting with a digit, quoted otherwise.
  public static func shownIdentifier(_ identifier: String) -> String {
    let plain =
      !identifier.isEmpty
      && identifier.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
      } && !("0"..."9").contains(identifier.unicodeScalars.first!)
    return plain ? identifier : SQLDialect.postgreSQL.quoted(name: identifier)
  }
}
