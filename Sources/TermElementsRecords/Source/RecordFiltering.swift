/// A source whose pages, counts and searches pass through ``RecordView/filter``, an expression
/// in its own language: `f`.
public protocol RecordFiltering: RecordSource {
  /// The language of ``RecordView/filter``, for the prompt: `SQL WHERE`.
  var filterLanguage: String { get }

  /// Checks a filter typed by the user; throws ``RecordSourceError/badFilter(_:)`` with the
  /// source's own words when it is not one.
  func validate(filter: String) async throws

  /// The condition, in ``filterLanguage``, that keeps the records whose column `column` holds
  /// `value`, or, when `negated`, a value that is another and not NULL: what `=` and `!` add
  /// to the filter.
  ///
  /// The default writes ``CellCondition``'s syntax, which ``RecordFilter``'s language and SQL
  /// share; a source whose language compares some values otherwise writes its own.
  ///
  /// - Throws: ``RecordSourceError/badFilter(_:)`` saying why when the language cannot write
  ///   the value (a BLOB, by default).
  func condition(column: Int, equals value: CellValue, negated: Bool) throws(RecordSourceError)
    -> String
}
