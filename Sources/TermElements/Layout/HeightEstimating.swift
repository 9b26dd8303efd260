/// Supplies the heights a ``HeightIndex`` assumes for items it has not been told about, so
/// that items measured at exactly their estimate cost the index nothing.
protocol HeightEstimating {
  /// The assumed height of item `index`.
  func estimatedHeight(of index: Int) -> Int
  /// The assumed heights of the items in `range`, added up, in about O(log n).
  func estimatedHeight(in range: Range<Int>) -> Int
  /// The height every item is assumed to have, when it is the same for all and at least a
  /// line: then the item at a line is found by a division rather than a search.
  var uniformHeight: Int? { get }
}

extension HeightEstimating {
  /// No height shared by every item, unless the estimates say so.
  var uniformHeight: Int? { nil }
}
