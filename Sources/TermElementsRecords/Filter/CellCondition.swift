/// The pieces of the condition that `=` and `!` add to a filter, in the syntax that
/// ``RecordFilter``'s language and SQL share: names in double quotes, text in single quotes, a
/// quote inside doubled, and nothing else escaped, so a backslash or a line break stands for
/// itself.
///
/// ```swift
/// let name = CellCondition.name("first \"name\"")  // "\"first \"\"name\"\"\""
/// let text = CellCondition.text("it's")  // "'it''s'"
/// let kept = CellCondition.condition(name, equals: text, negated: false)
/// let filter = CellCondition.and("balance > 10", kept)
/// ```
public enum CellCondition {
  /// `name` in double quotes, a double quote inside doubled.
  public static func name(_ name: String) -> String {
    "\"" + name.replacingEvery("\"", with: "\"\"") + "\""
  }

  /// `name` in double quotes, as ``name(_:)`` writes it, when a filter reads it back as
  /// `name`.
  ///
  /// - Throws: ``RecordSourceError/badFilter(_:)`` when a quote would not read as one (see
  ///   ``checkQuotes(_:of:)``).
  public static func checkedName(_ name: String) throws(RecordSourceError) -> String {
    let quoted = Self.name(name)
    try checkQuotes(quoted, of: "\"")
    return quoted
  }

  /// Throws unless every `quote` scalar in `written` is a character of its own.
  ///
  /// The filter languages read characters, so a quote that a combining mark after it (or a
  /// prepended mark before it) joins into one character is not a quote to them: text that
  /// starts with a combining mark, or has one after a quote, cannot be written.
  ///
  /// - Throws: ``RecordSourceError/badFilter(_:)`` saying so.
  public static func checkQuotes(_ written: String, of quote: Unicode.Scalar)
    throws(RecordSourceError)
  {
    for character in written where character.unicodeScalars.count > 1 {
      if character.unicodeScalars.contains(quote) {
        throw .badFilter(
          "a quote (\(quote)) joined to a mark beside it into one character, which a filter "
            + "reads as another character")
      }
    }
  }

  /// `text` in single quotes, a single quote inside doubled.
  public static func text(_ text: String) -> String {
    "'" + text.replacingEvery("'", with: "''") + "'"
  }

  /// `value` as a value of the shared syntax: a number as its digits, `TRUE` or `FALSE`, and
  /// text, JSON, dates and times as quoted text; `nil` for NULL.
  ///
  /// - Throws: ``RecordSourceError/badFilter(_:)`` for a BLOB and a number that is not finite,
  ///   which the syntax cannot write.
  public static func literal(_ value: CellValue) throws(RecordSourceError) -> String? {
    switch value {
    case .null:
      return nil
    case .integer(let number):
      return String(number)
    case .decimal(let digits):
      guard RecordFilter.isNumber(Substring(digits)) else {
        throw .badFilter("The number “\(digits)” cannot be written in a filter")
      }
      return digits
    case .real(let number):
      guard number.isFinite else {
        throw .badFilter("\(number) is not a number a filter can write")
      }
      // Swift writes the shortest digits that read back as the same number.
      return "\(number)"
    case .boolean(let truth):
      return truth ? "TRUE" : "FALSE"
    case .text(let text), .json(let text), .date(let text), .time(let text),
      .timestamp(let text):
      let quoted = Self.text(text)
      try checkQuotes(quoted, of: "'")
      return quoted
    case .blob:
      throw .badFilter("A BLOB cannot be written in this source's filter")
    }
  }

  /// `left = literal`, or `left <> literal` when `negated`; with no literal (NULL),
  /// `left IS NULL`, or `left IS NOT NULL` when `negated`.
  public static func condition(_ left: String, equals literal: String?, negated: Bool) -> String {
    guard let literal else { return left + (negated ? " IS NOT NULL" : " IS NULL") }
    return left + (negated ? " <> " : " = ") + literal
  }

  /// `condition` added to `filter` with `AND`, the filter in parentheses; `condition` alone
  /// when there is no filter.
  public static func and(_ filter: String?, _ condition: String) -> String {
    guard let filter, !filter.allSatisfy(\.isWhitespace) else { return condition }
    return "(\(filter)) AND \(condition)"
  }

  /// The condition of ``RecordFiltering/condition(column:equals:negated:)`` in the shared
  /// syntax, over `columns`: what a source that writes some values its own way writes the
  /// others with.
  ///
  /// - Throws: ``RecordSourceError/badFilter(_:)`` for a value ``literal(_:)`` cannot write,
  ///   and for a column that an earlier one's name hides.
  public static func condition(
    column: Int, of columns: [RecordColumn], equals value: CellValue, negated: Bool
  ) throws(RecordSourceError) -> String {
    guard column >= 0, column < columns.count else {
      throw .badFilter("No column \(column + 1) to filter by")
    }
    let name = columns[column].name
    // A filter names a column by its name, which finds the first of that name.
    if columns[..<column].contains(where: { $0.name == name }) {
      throw .badFilter(
        "Another column before this one is named “\(name)”: a filter cannot name this one")
    }
    return Self.condition(try checkedName(name), equals: try literal(value), negated: negated)
  }
}

extension String {
  /// The text with every `target` replaced by `replacement`.
  func replacingEvery(_ target: Character, with replacement: String) -> String {
    var result = ""
    result.reserveCapacity(utf8.count)
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
