/// Supplies the heights a ``HeightIndex`` assumes for items it has not been told about, so
/// that items measured at exactly their estimate cost the index nothing.
protocol HeightEstimating {
  /// The assumed height of item `index`.
  func estimatedHeight(of index: Int) -> Int
  /// The assumed heights of the items in `range`, added up, in about O(log n).
  func estimatedHeight(in range: Range<Int>) -> Int
}
