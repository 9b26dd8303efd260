/// A filter over records that have no query language of their own (records in memory, a CSV
/// file): comparisons of a column with a value, joined with `and` and `or`.
///
/// The language, ``language``:
///
/// - `column OP value`, OP one of `=`, `!=` (or `<>`), `<`, `<=`, `>`, `>=`, and `~`, which
///   keeps the records whose value contains the text, ignoring case by ``SearchText``'s rule;
/// - `column is null`, `column is not null`;
/// - `not` before a condition, `and` binding tighter than `or`, and parentheses.
///
/// A column is named bare (`balance`) or in double quotes (`"first name"`, a quote inside
/// doubled), matched ignoring case. A value is a number (`42`, `-1.5`, `2e3`), text in single or
/// double quotes (`'Ada'`, a quote inside doubled), `null`, `true` or `false`; words are matched
/// ignoring case (`AND`, `Null`).
///
/// A number compares by value with numbers of any kind, and with text that is a number (as a
/// CSV file's cells are); text compares with text, dates and times by their Unicode scalars,
/// as ``CellValue/precedes(_:)`` orders them; `true` and `false` with truth values. A value of
/// another kind never passes a comparison, nor does NULL, as in SQL: `!=` passes what `=`
/// does not, but for NULL. `= null` is `is null`, and `!= null` is `is not null`.
///
/// ```swift
/// let columns = [RecordColumn("name"), RecordColumn("balance")]
/// let filter = try RecordFilter.parse("balance >= 10 and name ~ 'ad'", columns: columns)
/// let passes = filter.matches([.text("Ada"), .decimal("12.50")])  // true
/// ```
public struct RecordFilter: Hashable, Sendable {
  /// How a value compares with the filter's value.
  public enum Comparison: String, Hashable, Sendable, CaseIterable {
    /// `=`: the same value.
    case equal = "="
    /// `!=`: another value (not NULL).
    case notEqual = "!="
    /// `<`: before the value.
    case less = "<"
    /// `<=`: before the value, or the same.
    case lessOrEqual = "<="
    /// `>`: after the value.
    case greater = ">"
    /// `>=`: after the value, or the same.
    case greaterOrEqual = ">="
    /// `~`: contains the value's text, ignoring case by ``SearchText``'s rule.
    case contains = "~"
  }

  /// A condition a record passes or not: the tree of a parsed filter.
  public indirect enum Condition: Hashable, Sendable {
    /// The value of column `column` compares with `value` as `comparison` says; `text` is the
    /// value as typed, which `~` searches for.
    case compare(column: Int, comparison: Comparison, value: CellValue, text: String)
    /// The value of column `column` is NULL.
    case isNull(column: Int)
    /// The condition does not hold.
    case not(Condition)
    /// Both conditions hold.
    case and(Condition, Condition)
    /// Either condition holds.
    case or(Condition, Condition)
  }

  /// The language's name, for a source's ``RecordFiltering/filterLanguage``.
  public static let language = "column = value"

  /// The filter as typed.
  public let text: String
  /// What a record must pass.
  public let condition: Condition

  /// A filter of `condition`, typed as `text`.
  public init(text: String, condition: Condition) {
    self.text = text
    self.condition = condition
  }

  /// Whether a record of `values`, one per column, passes the filter.
  public func matches(_ values: [CellValue]) -> Bool {
    Self.evaluate(condition, values)
  }

  /// Whether a record of `values` passes the filter, `contains` answering `~` on the columns
  /// whose values it knows better (a source that cut a long value short reads all of it),
  /// `nil` for the others.
  func matches(_ values: [CellValue], contains: (Int, String) -> Bool?) -> Bool {
    Self.evaluate(condition, values, contains: contains)
  }

  /// Whether `values` pass `condition`.
  private static func evaluate(
    _ condition: Condition, _ values: [CellValue],
    contains: (Int, String) -> Bool? = { _, _ in nil }
  ) -> Bool {
    switch condition {
    case .compare(let column, let comparison, let value, let text):
      guard column < values.count else { return false }
      if comparison == .contains, !values[column].isNull, let known = contains(column, text) {
        return known
      }
      return compare(values[column], comparison, value, text: text)
    case .isNull(let column):
      return column >= values.count || values[column].isNull
    case .not(let inner):
      return !evaluate(inner, values, contains: contains)
    case .and(let left, let right):
      return evaluate(left, values, contains: contains)
        && evaluate(right, values, contains: contains)
    case .or(let left, let right):
      return evaluate(left, values, contains: contains)
        || evaluate(right, values, contains: contains)
    }
  }

  /// Whether `cell` compares with `value` (typed as `text`) as `comparison` says.
  static func compare(_ cell: CellValue, _ comparison: Comparison, _ value: CellValue, text: String)
    -> Bool
  {
    if cell.isNull { return false }
    if comparison == .contains { return SearchText(text).matches(cell) }
    guard let order = order(of: cell, against: value) else { return comparison == .notEqual }
    switch comparison {
    case .equal: return order == 0
    case .notEqual: return order != 0
    case .less: return order < 0
    case .lessOrEqual: return order <= 0
    case .greater: return order > 0
    case .greaterOrEqual: return order >= 0
    case .contains: return false
    }
  }

  /// -1, 0 or 1 as `cell` comes before, with or after `value` (a filter's value: a number,
  /// text or a truth value); `nil` when they are of kinds that do not compare.
  static func order(of cell: CellValue, against value: CellValue) -> Int? {
    switch (cell, value) {
    case (.integer(let a), .integer(let b)):
      return a < b ? -1 : a == b ? 0 : 1
    case (.boolean(let a), .boolean(let b)):
      return a == b ? 0 : (!a ? -1 : 1)
    case (.boolean, _), (_, .boolean), (.blob, _), (.null, _):
      return nil
    default:
      break
    }
    if value.isNumber, let b = number(value) {
      guard let a = number(cell) else { return nil }
      return a < b ? -1 : a == b ? 0 : 1
    }
    guard case .text(let b) = value else { return nil }
    let a: String
    switch cell {
    case .text(let text), .json(let text), .date(let text), .time(let text),
      .timestamp(let text):
      a = text
    case .integer, .decimal, .real:
      // Text that is a number compares with numbers by value; other text does not compare.
      guard let number = number(.text(b)), let own = self.number(cell) else { return nil }
      return own < number ? -1 : own == number ? 0 : 1
    default:
      return nil
    }
    if a == b { return 0 }
    return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1
  }

  /// The value of a number, or of text that is one as the filter language writes numbers.
  static func number(_ value: CellValue) -> Double? {
    switch value {
    case .integer(let number): return Double(number)
    case .decimal(let digits): return Double(digits)
    case .real(let number): return number.isNaN ? nil : number
    case .text(let text):
      let trimmed = text.trimmingSpaces
      return isNumber(trimmed) ? Double(trimmed) : nil
    default: return nil
    }
  }

  /// Whether `text` is a number as the language writes one: `42`, `-1.5`, `+.5`, `2e3`.
  static func isNumber(_ text: Substring) -> Bool {
    var scalars = text.unicodeScalars[...]
    if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
    let isDigit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
    let whole = scalars.prefix(while: isDigit)
    scalars = scalars.dropFirst(whole.count)
    var fraction = Substring.UnicodeScalarView()
    if scalars.first == "." {
      scalars = scalars.dropFirst()
      fraction = scalars.prefix(while: isDigit)
      scalars = scalars.dropFirst(fraction.count)
    }
    guard !whole.isEmpty || !fraction.isEmpty else { return false }
    if let e = scalars.first, e == "e" || e == "E" {
      scalars = scalars.dropFirst()
      if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
      let exponent = scalars.prefix(while: isDigit)
      guard !exponent.isEmpty else { return false }
      scalars = scalars.dropFirst(exponent.count)
    }
    return scalars.isEmpty
  }
}

extension String {
  /// The text without spaces and tabs at either end.
  var trimmingSpaces: Substring {
    let isSpace = { (character: Character) in character == " " || character == "\t" }
    guard let start = firstIndex(where: { !isSpace($0) }),
      let end = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return self[start...end]
  }
}
