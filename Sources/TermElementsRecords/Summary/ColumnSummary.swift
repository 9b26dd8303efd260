/// What a column of a view holds, summed up where its records are
/// (``RecordSummarizing/summary(ofColumn:in:)``): one line of the summary screen, `I`.
///
/// ```swift
/// let summary = ColumnSummary(
///   kinds: ["integer"], values: 3, nulls: 1, distinct: .exact(2),
///   minimum: .integer(1), maximum: .integer(5), mean: 3)
/// let share = summary.nullShare  // 0.25
/// ```
public struct ColumnSummary: Hashable, Sendable {
  /// The kinds of the values, as SQLite's `typeof` names its storage classes and
  /// ``CellValue`` its cases: `integer`, `real`, `text`, `blob`…; several for a column that
  /// mixes them, in the order of ``kindOrder``; empty when every value is NULL, or where the
  /// source names the column's declared type instead (PostgreSQL).
  public var kinds: [String]
  /// Records whose value is not NULL.
  public var values: Int
  /// Records whose value is NULL (a CSV field that is missing; never the text `NULL`).
  public var nulls: Int
  /// How many distinct values there are, NULL not counted: exact, estimated (`~`) where an
  /// exact count costs too much, or unknown.
  public var distinct: RecordCount
  /// The least value, in ``CellValue/precedes(_:)``'s order (the source's own for SQL), or
  /// `nil` when there is none or the type has no order.
  public var minimum: CellValue?
  /// The greatest value, as ``minimum``.
  public var maximum: CellValue?
  /// The mean of the values that are numbers, or `nil` when none is.
  public var mean: Double?

  /// A summary of the parts given.
  public init(
    kinds: [String], values: Int, nulls: Int, distinct: RecordCount,
    minimum: CellValue? = nil, maximum: CellValue? = nil, mean: Double? = nil
  ) {
    self.kinds = kinds
    self.values = values
    self.nulls = nulls
    self.distinct = distinct
    self.minimum = minimum
    self.maximum = maximum
    self.mean = mean
  }

  /// The records summed up: values and NULLs.
  public var records: Int { values + nulls }

  /// The share of the records that are NULL, from 0 to 1; 0 with no records.
  public var nullShare: Double {
    records == 0 ? 0 : Double(nulls) / Double(records)
  }

  /// The kinds in the order a summary names them, most specific first.
  public static let kindOrder = [
    "boolean", "integer", "decimal", "real", "date", "time", "timestamp", "text", "json", "blob",
  ]

  /// The kind `value` is of, as ``kinds`` names it; `nil` for NULL.
  public static func kind(of value: CellValue) -> String? {
    switch value {
    case .null: nil
    case .integer: "integer"
    case .decimal: "decimal"
    case .real: "real"
    case .boolean: "boolean"
    case .text: "text"
    case .blob: "blob"
    case .json: "json"
    case .date: "date"
    case .time: "time"
    case .timestamp: "timestamp"
    }
  }
}
