/// The order of values that sources without an engine of their own sort by (the in-memory
/// and CSV sources): SQLite's order of storage classes, then each class's own.
extension CellValue {
  /// Whether `self` comes before `other`: NULL first, then truth values (false before
  /// true), numbers by value whatever their kind, dates and times by their ISO text, text and
  /// JSON by their Unicode scalars, and BLOBs by their bytes.
  ///
  /// ```swift
  /// let nullFirst = CellValue.null.precedes(.integer(0))  // true
  /// let byValue = CellValue.decimal("2.5").precedes(.integer(3))  // true
  /// ```
  public func precedes(_ other: CellValue) -> Bool {
    let (left, right) = (orderClass, other.orderClass)
    guard left == right else { return left < right }
    switch (self, other) {
    case (.boolean(let a), .boolean(let b)): return !a && b
    case (.integer(let a), .integer(let b)): return a < b
    case (.blob(_, let a), .blob(_, let b)): return a.lexicographicallyPrecedes(b)
    default: break
    }
    if let a = numericValue, let b = other.numericValue {
      if a != b { return a < b }
      return cellText.unicodeScalars.lexicographicallyPrecedes(other.cellText.unicodeScalars)
    }
    return cellText.unicodeScalars.lexicographicallyPrecedes(other.cellText.unicodeScalars)
  }

  /// The rank of the value's kind in the order.
  private var orderClass: Int {
    switch self {
    case .null: 0
    case .boolean: 1
    case .integer, .decimal, .real: 2
    case .date, .time, .timestamp: 3
    case .text, .json: 4
    case .blob: 5
    }
  }

  /// The value of a number, to compare numbers of different kinds.
  var numericValue: Double? {
    switch self {
    case .integer(let number): Double(number)
    case .decimal(let digits): Double(digits)
    case .real(let number): number
    default: nil
    }
  }
}
