/// A source whose capabilities depend on its records: a view with no key to go on from that
/// cannot sort, or a file that sorts by reading itself whole.
///
/// ```swift
/// extension LogSource: RecordFeatureAvailability {
///   func availability(of feature: RecordFeature) -> FeatureSupport {
///     feature == .sort ? .slow("sorting reads the whole log") : .available
///   }
/// }
/// ```
public protocol RecordFeatureAvailability: RecordSource {
  /// Whether the source can do `feature`, which it conforms to the protocol of, and at what
  /// cost.
  func availability(of feature: RecordFeature) -> FeatureSupport
}
