import TermElementsRecords

extension SQLiteRecordSource {
  /// The condition of `=` and `!` in SQL: ``CellCondition``'s, and a BLOB, which the filter
  /// grammar has no literal for, by its storage class and its bytes in hex, as SQLite's
  /// `typeof` and `hex` give them.
  ///
  /// ```swift
  /// let kept = try files.condition(column: 1, equals: .blob([0, 255]), negated: false)
  /// // (typeof("data") = 'blob' AND hex("data") = '00FF')
  /// ```
  public func condition(column: Int, equals value: CellValue, negated: Bool)
    throws(RecordSourceError) -> String
  {
    guard case .blob(let size, let bytes) = value, column >= 0, column < columns.count else {
      return try CellCondition.condition(
        column: column, of: columns, equals: value, negated: negated)
    }
    guard bytes.count == size else {
      throw .badFilter("Only the start of the BLOB was read")
    }
    let name = try CellCondition.checkedName(columns[column].name)
    let hex = bytes.map { byte in
      let digits = String(byte, radix: 16, uppercase: true)
      return byte < 16 ? "0" + digits : digits
    }.joined()
    let same = "typeof(\(name)) = 'blob' AND hex(\(name)) = '\(hex)'"
    return negated ? "(\(name) IS NOT NULL AND NOT (\(same)))" : "(\(same))"
  }
}
