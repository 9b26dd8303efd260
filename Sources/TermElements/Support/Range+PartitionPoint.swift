extension Range<Int> {
  /// The first value of the range for which `isPast` holds, or ``upperBound`` when none does,
  /// found by halving: `isPast` must be false up to some value and true from it on.
  ///
  /// The indexes and tables of the layout search sorted arrays this way.
  ///
  /// ```swift
  /// let starts = [0, 3, 7, 12]
  /// (0..<starts.count).partitionPoint { starts[$0] >= 5 }  // 2
  /// ```
  @inlinable
  func partitionPoint(where isPast: (Int) -> Bool) -> Int {
    var low = lowerBound
    var high = upperBound
    while low < high {
      let middle = low + (high - low) / 2
      if isPast(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
