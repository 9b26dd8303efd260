import TermElementsRecords
import TermElementsRecordsSQL

extension PostgresRecordSource: RecordSummarizing {
  /// The summary of `column` through `view`'s filter, in one read-only transaction with the
  /// link's statement timeout: the planner's statement of counts, least and greatest (for
  /// types that have them) and the mean (for numbers); the distinct values exact for a key of
  /// one column, estimated from the server's statistics (`pg_stats.n_distinct`) without a
  /// filter, else from a sample of the first 100,000 records (exact when it holds them all).
  /// Cancelling the task cancels the statement.
  public func summary(ofColumn column: Int, in view: RecordView) async throws -> ColumnSummary {
    guard table.columns.indices.contains(column) else {
      throw RecordSourceError.failed("there is no column \(column + 1)")
    }
    let query = try viewQuery(RecordView(filter: view.filter))
    let described = table.columns[column]
    let kind = described.kind
    var parts: SQLSummaryParts = []
    if Self.hasExtremes(described) { parts.insert(.extremes) }
    if [.integer, .decimal, .real].contains(kind) { parts.insert(.mean) }
    let isText = kind == .text
    let statement = PostgresStatement(
      query.planner.summary(ofColumn: described.name, parts: parts, isText: isText))
    let names = query.planner.summaryColumns(parts)
    let isKey = table.keyColumns == [column]
    let unfiltered = query.filter == nil
    let (schema, name) = (table.schema, table.name)
    return try await link.read { session in
      let rows = try await session.rows(statement) { row in
        names.indices.map { index -> CellValue in
          guard let bytes = row.bytes(index) else { return .null }
          switch names[index] {
          case "least", "greatest": return kind.value(fromUTF8: bytes)
          case "mean": return PostgresValueKind.real.value(fromUTF8: bytes)
          default: return PostgresValueKind.integer.value(fromUTF8: bytes)
          }
        }
      }
      guard let row = rows.first else {
        throw RecordSourceError.failed("the server gave no summary")
      }
      func part(_ name: String) -> CellValue? {
        names.firstIndex(of: name).map { row[$0] }.flatMap { $0.isNull ? nil : $0 }
      }
      func number(_ name: String) -> Int {
        if case .integer(let number)? = part(name) { return Int(number) }
        return 0
      }
      let (records, values) = (number("records"), number("values"))
      var distinct: RecordCount?
      if isKey {
        distinct = .exact(values)
      } else if unfiltered {
        distinct = try await Self.statisticsDistinct(
          schema: schema, table: name, column: described.name, records: records,
          values: values, session)
      }
      if distinct == nil {
        let sample = PostgresStatement(
          query.planner.distinctSample(
            ofColumn: described.name, limit: Self.distinctSampleLimit))
        let counts = try await session.rows(sample) { row in
          (0..<3).map { row.bytes($0).flatMap { PostgresValueKind.integer($0[...]) } ?? 0 }
        }
        let found = counts.first ?? [0, 0, 0]
        let estimate = SQLKeysetPlanner<CellValue>.estimatedDistinct(
          values: values, sampled: Int(found[0]), distinct: Int(found[1]), once: Int(found[2]))
        distinct = estimate.isExact ? .exact(estimate.value) : .estimated(estimate.value)
      }
      var mean: Double?
      if case .real(let number)? = part("mean") { mean = number }
      return ColumnSummary(
        kinds: values > 0 ? [Self.kindName(kind)] : [], values: values,
        nulls: records - values, distinct: distinct ?? .unknown, minimum: part("least"),
        maximum: part("greatest"), mean: mean)
    }
  }

  /// The records a sample of distinct values reads at most.
  static var distinctSampleLimit: Int { 100_000 }

  /// Whether PostgreSQL has `min` and `max` for `column`'s type: numbers, text, dates and
  /// times; not truth values, JSON, bytes, nor the types shown as text that may lack them
  /// (`uuid`, arrays, ranges).
  static func hasExtremes(_ column: PostgresColumn) -> Bool {
    switch column.kind {
    case .integer, .decimal, .real, .date, .time, .timestamp: true
    case .text: ["text", "varchar", "bpchar", "name", "interval"].contains(column.baseType)
    case .boolean, .json, .bytes: false
    }
  }

  /// The name a summary gives values of `kind`, as ``ColumnSummary/kind(of:)`` names the
  /// values a page reads.
  static func kindName(_ kind: PostgresValueKind) -> String {
    switch kind {
    case .integer: "integer"
    case .decimal: "decimal"
    case .real: "real"
    case .boolean: "boolean"
    case .date: "date"
    case .time: "time"
    case .timestamp: "timestamp"
    case .json: "json"
    case .bytes: "blob"
    case .text: "text"
    }
  }

  /// The server's estimate of the distinct values of `column` (its statistics'
  /// `n_distinct`, a share of the rows when negative), `nil` when the table was not
  /// analysed; never more than `values`, and exact when there is at most one value.
  static func statisticsDistinct(
    schema: String, table: String, column: String, records: Int, values: Int,
    _ session: PostgresSession
  ) async throws -> RecordCount? {
    guard values > 1 else { return .exact(values) }
    let quote = SQLDialect.postgreSQL.quoted(string:)
    let statement = PostgresStatement(
      "SELECT n_distinct FROM pg_catalog.pg_stats WHERE schemaname = \(quote(schema)) "
        + "AND tablename = \(quote(table)) AND attname = \(quote(column)) LIMIT 1")
    let found = try await session.rows(statement) { row in
      row.bytes(0).flatMap { PostgresValueKind.real.value(fromUTF8: $0) }
    }
    guard case .real(let share)?? = found.first else { return nil }
    let estimate = share >= 0 ? share : -share * Double(records)
    return .estimated(min(values, max(1, Int(estimate.rounded()))))
  }
}
