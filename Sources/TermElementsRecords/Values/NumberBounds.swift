/// The least and greatest finite numbers among values, and whether all of them are whole: what
/// a source that reads its values finds in a first pass to make ``ValueRanges`` of them.
struct NumberBounds {
  /// The least number so far; infinity before the first.
  private(set) var least = Double.infinity
  /// The greatest number so far; minus infinity before the first.
  private(set) var greatest = -Double.infinity
  /// Whether every number so far is an integer.
  private(set) var integers = true

  /// Takes `value` into account, when it is a finite number.
  mutating func add(_ value: CellValue) {
    guard value.isNumber, let number = value.numericValue, number.isFinite else { return }
    least = min(least, number)
    greatest = max(greatest, number)
    if case .integer = value {} else { integers = false }
  }

  /// Takes the numbers `other` found into account too.
  mutating func add(_ other: NumberBounds) {
    least = min(least, other.least)
    greatest = max(greatest, other.greatest)
    integers = integers && other.integers
  }

  /// About 20 ranges from the least number to the greatest; `nil` with fewer than two
  /// distinct numbers.
  var ranges: ValueRanges? {
    ValueRanges(least: least, greatest: greatest, integers: integers)
  }
}
