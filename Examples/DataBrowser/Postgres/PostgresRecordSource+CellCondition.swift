import TermElementsRecords

extension PostgresRecordSource {
  /// The condition of `=` and `!` in PostgreSQL: the value as the server wrote it, in quotes,
  /// which PostgreSQL reads as a value of the column's own type (`"balance" = '12.50'`, a
  /// `real` as a `real`, a `bytea` from its bytes in `\x` hex form), so that it compares equal
  /// to itself; JSON, whose `json` type has no `=`, compared as text; NULL as `IS NULL`.
  public func condition(column: Int, equals value: CellValue, negated: Bool)
    throws(RecordSourceError) -> String
  {
    guard column >= 0, column < columns.count, !value.isNull else {
      return try CellCondition.condition(
        column: column, of: columns, equals: value, negated: negated)
    }
    var text = value.cellText
    if case .blob(let size, let bytes) = value {
      guard bytes.count == size else { throw .badFilter("Only the start of the BLOB was read") }
      text =
        "\\x"
        + bytes.map { byte in
          let digits = String(byte, radix: 16)
          return byte < 16 ? "0" + digits : digits
        }.joined()
    }
    var left = try CellCondition.checkedName(columns[column].name)
    if case .json = value { left = "CAST(\(left) AS text)" }
    return CellCondition.condition(
      left, equals: try CellCondition.literal(.text(text)), negated: negated)
  }
}
