import TermElementsRecords

extension PostgresRecordSource {
  /// The condition of `=` and `!` in PostgreSQL: the value as the server wrote it, in quotes,
  /// which PostgreSQL reads as a value of the column's own type (`"balance" = '12.50'`, a
  /// `real` as a `real`, a `bytea` from its `\x` form), so that it compares equal to itself;
  /// JSON, whose `json` type has no `=`, compared as text; NULL as `IS NULL`.
  public func condition(column: Int, equals value: CellValue, negated: Bool)
    throws(RecordSourceError) -> String
  {
    guard column >= 0, column < columns.count, !value.isNull else {
      return try CellCondition.condition(
        column: column, of: columns, equals: value, negated: negated)
    }
    if case .blob = value { throw .badFilter("A BLOB cannot be written in this source's filter") }
    var left = try CellCondition.checkedName(columns[column].name)
    if case .json = value { left = "CAST(\(left) AS text)" }
    return CellCondition.condition(
      left, equals: try CellCondition.literal(.text(value.cellText)), negated: negated)
  }
}
