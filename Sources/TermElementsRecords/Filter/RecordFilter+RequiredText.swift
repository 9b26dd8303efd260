extension RecordFilter {
  /// A text that some value of every record that passes the filter contains by
  /// ``SearchText``'s rule, or `nil` when the filter does not need one: what a source can look
  /// for in a record's bytes before it reads its values.
  ///
  /// `column = 'text'` (text that is not a number, which numbers would equal) and
  /// `column ~ 'text'` need their text; `a and b` the longer of what either needs; `or`, `not`
  /// and other comparisons need nothing.
  var requiredText: String? { Self.requiredText(of: condition) }

  private static func requiredText(of condition: Condition) -> String? {
    switch condition {
    case .compare(_, .contains, _, let text):
      return text.isEmpty ? nil : text
    case .compare(_, .equal, .text(let text), _):
      return text.isEmpty || isNumber(text.trimmingSpaces) ? nil : text
    case .and(let left, let right):
      let (a, b) = (requiredText(of: left), requiredText(of: right))
      guard let a else { return b }
      guard let b else { return a }
      return a.unicodeScalars.count >= b.unicodeScalars.count ? a : b
    case .compare, .isNull, .not, .or:
      return nil
    }
  }
}
