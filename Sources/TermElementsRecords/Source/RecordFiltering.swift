/// A source whose pages, counts and searches pass through ``RecordView/filter``, an expression
/// in its own language: `f`.
public protocol RecordFiltering: RecordSource {
  /// The language of ``RecordView/filter``, for the prompt: `SQL WHERE`.
  var filterLanguage: String { get }

  /// Checks a filter typed by the user; throws ``RecordSourceError/badFilter(_:)`` with the
  /// source's own words when it is not one.
  func validate(filter: String) async throws
}
