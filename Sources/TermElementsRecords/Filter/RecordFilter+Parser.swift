/// Reading a filter typed by the user.
extension RecordFilter {
  /// Reads `text`, a filter in ``language`` over `columns`.
  ///
  /// - Throws: ``RecordSourceError/badFilter(_:)`` saying what is wrong and where, quoting
  ///   only what was typed: a column that does not exist, an expression that stops short
  ///   (`balance >`), a parenthesis never closed or closing nothing, text never closed.
  public static func parse(_ text: String, columns: [RecordColumn]) throws(RecordSourceError)
    -> RecordFilter
  {
    var parser = FilterParser(text: text, columns: columns)
    return RecordFilter(text: text, condition: try parser.parseFilter())
  }
}

/// A piece of a typed filter.
struct FilterToken {
  /// What the piece is.
  enum Kind: Equatable {
    /// A run of characters that is not a number: a column name or a word such as `and`.
    case word(String)
    /// A number as typed.
    case number(String)
    /// Text in quotes, unquoted; `double` when in double quotes.
    case quoted(String, double: Bool)
    /// `(`, `)` or a comparison.
    case symbol(String)
  }

  /// What it is.
  let kind: Kind
  /// Where it was typed.
  let range: Range<String.Index>

  /// The word in lowercase, when the token is a bare word.
  var keyword: String? {
    if case .word(let word) = kind { return word.lowercased() }
    return nil
  }
}

/// Reads a filter: the tokens, then `or` of `and` of conditions, each a comparison, a `not`, or
/// a parenthesized filter.
struct FilterParser {
  /// The filter typed.
  let text: String
  /// The columns it may name.
  let columns: [RecordColumn]
  /// Its tokens, read as they are needed.
  private var tokens: [FilterToken] = []
  /// The next token to read.
  private var next = 0
  /// Whether `tokens` holds every token.
  private var tokenized = false

  /// Longest quote of what was typed, in characters, in a message.
  static let quoteLimit = 40

  /// A parser of `text` over `columns`.
  init(text: String, columns: [RecordColumn]) {
    self.text = text
    self.columns = columns
  }

  /// The whole filter.
  mutating func parseFilter() throws(RecordSourceError) -> RecordFilter.Condition {
    try tokenize()
    guard !tokens.isEmpty else { throw .badFilter("The filter is empty") }
    let condition = try parseOr()
    if let token = peek {
      if token.kind == .symbol(")") {
        throw .badFilter("The “)” at character \(offset(of: token)) closes nothing")
      }
      throw .badFilter(
        "Expected and, or or the end after \(typed(before: token)), found \(quote(token))")
    }
    return condition
  }

  // MARK: - Conditions

  /// Conditions joined with `or`.
  private mutating func parseOr() throws(RecordSourceError) -> RecordFilter.Condition {
    var condition = try parseAnd()
    while peek?.keyword == "or" {
      next += 1
      condition = .or(condition, try parseAnd())
    }
    return condition
  }

  /// Conditions joined with `and`.
  private mutating func parseAnd() throws(RecordSourceError) -> RecordFilter.Condition {
    var condition = try parseUnary()
    while peek?.keyword == "and" {
      next += 1
      condition = .and(condition, try parseUnary())
    }
    return condition
  }

  /// A condition, `not` one, or a filter in parentheses.
  private mutating func parseUnary() throws(RecordSourceError) -> RecordFilter.Condition {
    guard let token = peek else {
      throw .badFilter("The filter ends after \(typedSoFar): a condition should follow")
    }
    if token.keyword == "not" {
      next += 1
      return .not(try parseUnary())
    }
    if token.kind == .symbol("(") {
      next += 1
      let inner = try parseOr()
      guard let close = peek else {
        throw .badFilter("The “(” at character \(offset(of: token)) is never closed")
      }
      guard close.kind == .symbol(")") else {
        throw .badFilter(
          "Expected and, or or a closing parenthesis after \(typed(before: close)), found \(quote(close))"
        )
      }
      next += 1
      return inner
    }
    return try parseComparison()
  }

  /// `column OP value`, `column is null`, `column is not null`.
  private mutating func parseComparison() throws(RecordSourceError) -> RecordFilter.Condition {
    guard let token = peek else { throw unfinished("a condition") }
    let column = try columnIndex(of: token)
    next += 1
    guard let operation = peek else {
      throw .badFilter(
        "\(quote(token)) needs a comparison after it, such as = 1, ~ text or is null")
    }
    if operation.keyword == "is" {
      next += 1
      var negated = false
      if peek?.keyword == "not" {
        negated = true
        next += 1
      }
      guard peek?.keyword == "null" else {
        guard let found = peek else { throw unfinished("null or not null") }
        throw .badFilter(
          "Expected null or not null after \(typed(before: found)), found \(quote(found))")
      }
      next += 1
      return negated ? .not(.isNull(column: column)) : .isNull(column: column)
    }
    guard case .symbol(let symbol) = operation.kind, let comparison = Self.comparison(symbol)
    else {
      throw .badFilter(
        "Expected a comparison (=, !=, <, <=, >, >=, ~ or is null) after \(quote(token)), "
          + "found \(quote(operation))")
    }
    next += 1
    guard let valueToken = peek else { throw unfinished("a value") }
    let (value, valueText) = try self.value(of: valueToken)
    next += 1
    if value == .null {
      let range = operation.range.lowerBound..<valueToken.range.upperBound
      switch comparison {
      case .equal: return .isNull(column: column)
      case .notEqual: return .not(.isNull(column: column))
      default:
        throw .badFilter(
          "\(quote(range)) compares nothing: NULL is found with is null or is not null")
      }
    }
    return .compare(column: column, comparison: comparison, value: value, text: valueText)
  }

  /// The comparison `symbol` stands for.
  private static func comparison(_ symbol: String) -> RecordFilter.Comparison? {
    switch symbol {
    case "==": .equal
    case "<>": .notEqual
    default: RecordFilter.Comparison(rawValue: symbol)
    }
  }

  /// The index of the column `token` names: the first whose name is the same, else the first
  /// whose name is the same ignoring case.
  private func columnIndex(of token: FilterToken) throws(RecordSourceError) -> Int {
    let name: String
    switch token.kind {
    case .word(let word), .number(let word): name = word
    case .quoted(let quoted, double: true): name = quoted
    case .quoted(_, double: false):
      throw .badFilter(
        "Expected a column name, found \(quote(token)): column names go in double quotes")
    case .symbol:
      throw .badFilter("Expected a column name, found \(quote(token))")
    }
    if let exact = columns.firstIndex(where: { $0.name == name }) { return exact }
    let lowered = name.lowercased()
    if let loose = columns.firstIndex(where: { $0.name.lowercased() == lowered }) { return loose }
    var names = columns.prefix(8).map(\.name).joined(separator: ", ")
    if columns.count > 8 { names += ", …" }
    throw .badFilter("No column \(quote(token)) (columns: \(names))")
  }

  /// The value `token` stands for, and its text as typed.
  private func value(of token: FilterToken) throws(RecordSourceError) -> (CellValue, String) {
    switch token.kind {
    case .number(let number):
      if let whole = Int64(number) { return (.integer(whole), number) }
      if !number.contains(where: { $0 == "e" || $0 == "E" }) {
        return (.decimal(number), number)
      }
      return (.real(Double(number) ?? 0), number)
    case .quoted(let quoted, _):
      return (.text(quoted), quoted)
    case .word(let word):
      switch word.lowercased() {
      case "null": return (.null, word)
      case "true": return (.boolean(true), word)
      case "false": return (.boolean(false), word)
      default:
        throw .badFilter(
          "\(quote(token)) is not a value: put text in quotes, or write a number, null, true "
            + "or false")
      }
    case .symbol:
      throw .badFilter("Expected a value after \(typed(before: token)), found \(quote(token))")
    }
  }

  // MARK: - Tokens

  /// The next token, if any.
  private var peek: FilterToken? { next < tokens.count ? tokens[next] : nil }

  /// Splits the text into tokens.
  private mutating func tokenize() throws(RecordSourceError) {
    guard !tokenized else { return }
    tokenized = true
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character.isWhitespace {
        index = text.index(after: index)
        continue
      }
      let start = index
      if character == "'" || character == "\"" {
        var content = ""
        var closed = false
        index = text.index(after: index)
        while index < text.endIndex {
          let inner = text[index]
          index = text.index(after: index)
          if inner == character {
            // A quote doubled stands for itself.
            if index < text.endIndex && text[index] == character {
              content.append(character)
              index = text.index(after: index)
              continue
            }
            closed = true
            break
          }
          content.append(inner)
        }
        guard closed else {
          let what = character == "'" ? "Text" : "A quoted name"
          throw .badFilter(
            "\(what) opened at character \(offset(of: start)) is never closed: "
              + quote(start..<text.endIndex))
        }
        tokens.append(
          FilterToken(kind: .quoted(content, double: character == "\""), range: start..<index))
        continue
      }
      if let symbol = symbol(at: index) {
        index = text.index(index, offsetBy: symbol.count)
        tokens.append(FilterToken(kind: .symbol(symbol), range: start..<index))
        continue
      }
      while index < text.endIndex, !text[index].isWhitespace, !Self.special(text[index]) {
        index = text.index(after: index)
      }
      let word = String(text[start..<index])
      let kind: FilterToken.Kind =
        RecordFilter.isNumber(Substring(word)) ? .number(word) : .word(word)
      tokens.append(FilterToken(kind: kind, range: start..<index))
    }
  }

  /// The symbol typed at `index`, if one is: the longest of the comparisons and parentheses.
  private func symbol(at index: String.Index) -> String? {
    let rest = text[index...]
    for symbol in ["<=", ">=", "!=", "<>", "==", "(", ")", "=", "<", ">", "~"]
    where rest.hasPrefix(symbol) {
      return symbol
    }
    // A lone `!` is a symbol too, to say it is not a comparison.
    return rest.first == "!" ? "!" : nil
  }

  /// Whether `character` ends a bare word.
  private static func special(_ character: Character) -> Bool {
    "()=!<>~'\"".contains(character)
  }

  // MARK: - Messages

  /// The error of a filter that ends where `what` should follow.
  private func unfinished(_ what: String) -> RecordSourceError {
    .badFilter("The filter ends after \(typedSoFar): \(what) should follow")
  }

  /// The text typed up to the tokens read so far, quoted.
  private var typedSoFar: String {
    let end = next > 0 ? tokens[min(next, tokens.count) - 1].range.upperBound : text.startIndex
    return quote(text.startIndex..<end, keepingEnd: true)
  }

  /// The text typed before `token`, quoted, without the spaces before it.
  private func typed(before token: FilterToken) -> String {
    let index = tokens.firstIndex { $0.range == token.range } ?? 0
    let end = index > 0 ? tokens[index - 1].range.upperBound : text.startIndex
    return quote(text.startIndex..<end, keepingEnd: true)
  }

  /// `token` as typed, quoted.
  private func quote(_ token: FilterToken) -> String { quote(token.range) }

  /// The text typed in `range`, in “ ” quotes: its start (its end when `keepingEnd`) when it
  /// is long, with … outside the quotes where it was cut.
  private func quote(_ range: Range<String.Index>, keepingEnd: Bool = false) -> String {
    let typed = text[range]
    guard typed.count > Self.quoteLimit else { return "“\(typed)”" }
    return keepingEnd
      ? "…“\(typed.suffix(Self.quoteLimit))”" : "“\(typed.prefix(Self.quoteLimit))”…"
  }

  /// The number of the character at `index`, from 1.
  private func offset(of index: String.Index) -> Int {
    text.distance(from: text.startIndex, to: index) + 1
  }

  /// The number of the first character of `token`, from 1.
  private func offset(of token: FilterToken) -> Int { offset(of: token.range.lowerBound) }
}
