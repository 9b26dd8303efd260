import TermElementsRecords

/// The relations of a PostgreSQL database that the user may read, in every schema, as a
/// catalog: tables, views, materialized views, partitioned and foreign tables, each named
/// `schema.name` with the catalogue's estimate of its rows (`~1,200,000`), so that the list
/// opens at once however large they are.
///
/// ```swift
/// let catalog = PostgresCatalog(link: PostgresLink(settings: settings))
/// let names = try await catalog.sheets().map(\.name)  // ["public.people", "shop.orders"]
/// ```
public struct PostgresCatalog: RecordCatalog {
  /// The connections.
  public let link: PostgresLink
  /// `Tables`.
  public var title: String { "Tables" }

  /// The catalog of the database `link` connects to.
  public init(link: PostgresLink) {
    self.link = link
  }

  /// The relations the user can read, `public` first, then by schema and name, each with the
  /// catalogue's estimate of its rows (unknown for a view, or a table never analyzed).
  public func sheets() async throws -> [SheetSummary] {
    try await relations().map { relation in
      SheetSummary(
        name: relation.shownName,
        count: relation.estimate.map { .estimated(max(0, $0)) } ?? .unknown)
    }
  }

  /// The source of the relation called `name`: `schema.name` as ``sheets()`` lists it, or a
  /// relation's own name when only one schema has it.
  ///
  /// - Throws: ``TermElementsRecords/RecordSourceError/failed(_:)`` when there is no such
  ///   relation, or the user may not read it.
  public func source(named name: String) async throws -> any RecordSource {
    // The relations the name may mean and the one chosen's columns and key, in one read: the
    // catalogue is asked only for relations of the names `name` may hold.
    let table = try await link.read { session in
      let all = try await PostgresSchemaReader.tables(
        session, named: PostgresSchemaReader.relationNames(in: name))
      let matching =
        all.filter { $0.relation.shownName == name }.nilIfEmpty
        ?? all.filter { "\($0.relation.schema).\($0.relation.name)" == name }.nilIfEmpty
        ?? all.filter { $0.relation.name == name }
      guard matching.count == 1, let found = matching.first else {
        if matching.count > 1 {
          let names = matching.map(\.relation.shownName).joined(separator: ", ")
          throw RecordSourceError.failed("\"\(name)\" is in several schemas: \(names)")
        }
        throw RecordSourceError.failed("no table or view \"\(name)\" that this user can read")
      }
      return found.table
    }
    return PostgresRecordSource(link: link, table: table)
  }

  /// The relations the user can read.
  func relations() async throws -> [PostgresRelation] {
    try await link.read { session in try await PostgresSchemaReader.relations(session) }
  }
}

extension Array {
  /// The array, or `nil` when it is empty.
  fileprivate var nilIfEmpty: Self? { isEmpty ? nil : self }
}
