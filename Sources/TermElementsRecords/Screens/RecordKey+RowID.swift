import TermElements

extension RecordKey {
  /// The id of the row that shows the record with this key on the records screen: a single
  /// whole number as that number, any other key as a text that tells every key apart (a NULL
  /// from the text `NULL`, two BLOBs of one size).
  ///
  /// ```swift
  /// let rowOf17 = RecordKey([.integer(17)]).rowID  // RowID(17)
  /// ```
  public var rowID: RowID {
    if values.count == 1, case .integer(let number) = values[0], let small = Int(exactly: number) {
      return RowID(small)
    }
    return RowID(values.map(\.identityText).joined())
  }
}
