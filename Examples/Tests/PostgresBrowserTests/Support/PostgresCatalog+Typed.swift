import DataBrowserPostgres
import TermElementsRecords

extension PostgresCatalog {
  /// The source of the relation called `name`, as the PostgreSQL source it is, so that a test
  /// reaches its capabilities (jumps, ranks, searches, sorts, filters) directly.
  func postgresSource(named name: String) async throws -> PostgresRecordSource {
    guard let source = try await source(named: name) as? PostgresRecordSource else {
      throw RecordSourceError.failed("\(name) is not a PostgreSQL source")
    }
    return source
  }
}
