/// A source whose pages follow ``RecordView/order``, the order of any column: `s`.
///
/// Conforming is all it takes when every column sorts at the cost of a page:
///
/// ```swift
/// extension LogSource: RecordSorting {}
/// ```
public protocol RecordSorting: RecordSource {
  /// Whether sorting by `column` is available, and what it costs in `view`: a column with no
  /// index is ``FeatureSupport/slow(_:)``, and the status line says why while the sort works.
  func sortSupport(column: Int, in view: RecordView) async throws -> FeatureSupport
}

extension RecordSorting {
  /// What ``RecordSource/support(for:)`` says of ``RecordFeature/sort``.
  public func sortSupport(column: Int, in view: RecordView) async throws -> FeatureSupport {
    support(for: .sort)
  }
}
