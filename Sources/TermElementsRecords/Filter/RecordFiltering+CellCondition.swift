extension RecordFiltering {
  /// The condition in ``CellCondition``'s syntax: `"name" = 'text'`, `"name" IS NULL`.
  public func condition(column: Int, equals value: CellValue, negated: Bool)
    throws(RecordSourceError) -> String
  {
    try CellCondition.condition(column: column, of: columns, equals: value, negated: negated)
  }
}
