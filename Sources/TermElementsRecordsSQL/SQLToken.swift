/// A piece of a typed filter.
struct SQLToken: Equatable {
  /// What the piece is.
  enum Kind: Equatable {
    /// A name or a keyword not in quotes, as typed.
    case word(String)
    /// A name in double quotes, unquoted.
    case quotedName(String)
    /// Text in single quotes, unquoted.
    case string(String)
    /// A number as typed.
    case number(String)
    /// An operator, a parenthesis or a comma.
    case symbol(String)
  }

  /// What it is.
  let kind: Kind
  /// Where it was typed, in characters from the start.
  let offset: Int
  /// What was typed.
  let typed: String

  /// The word in lowercase, when the token is a word not in quotes.
  var keyword: String? {
    if case .word(let word) = kind { return SQLDialect.asciiLowercased(word) }
    return nil
  }
}

/// Cuts a filter into tokens, refusing at once what a filter never holds: `;`, comments,
/// parameters and `$`-quoted strings, and characters that are no part of its grammar.
struct SQLTokenizer {
  /// The filter's characters.
  let characters: [Character]
  /// The dialect, for `::` and the regular-expression operators.
  let dialect: SQLDialect

  /// The operators, longest first so that `<=` is read before `<`.
  static let operators = [
    "!~*", "<>", "!=", "<=", ">=", "==", "||", "::", "~*", "!~", "=", "<", ">", "+", "-", "*",
    "/", "%", "~", "(", ")", ",", ".",
  ]
  /// What a parameter or `$` is refused with.
  static let parameters = SQLFilterError("a filter has no parameters such as ?, :name or $1")
  /// The operators only PostgreSQL has.
  static let postgreSQLOperators: Set = ["::", "~", "~*", "!~", "!~*"]

  /// Every token of `text`.
  static func tokens(of text: String, dialect: SQLDialect) throws(SQLFilterError) -> [SQLToken] {
    try SQLTokenizer(characters: Array(text), dialect: dialect).tokens()
  }

  /// Every token.
  func tokens() throws(SQLFilterError) -> [SQLToken] {
    var tokens: [SQLToken] = []
    var index = 0
    while index < characters.count {
      let start = index
      let character = characters[index]
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      if character.isWhitespace {
        index += 1
        continue
      }
      let kind: SQLToken.Kind
      switch character {
      case ";":
        throw SQLFilterError("a filter is one expression: no ';'")
      case "-" where next == "-", "/" where next == "*":
        throw SQLFilterError("a filter has no comments")
      case "$", "?", "@":
        throw Self.parameters
      case ":" where next != ":":
        throw Self.parameters
      case "'":
        kind = .string(try quoted(from: &index, close: "'", what: "a string"))
      case "\"":
        kind = .quotedName(try quoted(from: &index, close: "\"", what: "a quoted name"))
      case _ where character.isNumber && character.isASCII,
        "." where next.map { $0.isASCII && $0.isNumber } == true:
        kind = .number(try number(from: &index))
      case _ where Self.isNameStart(character):
        while index < characters.count, Self.isNamePart(characters[index]) { index += 1 }
        kind = .word(String(characters[start..<index]))
      default:
        guard let symbol = Self.operators.first(where: { matches($0, at: index) }) else {
          throw SQLFilterError(
            "“\(character)” at character \(index + 1) is not part of a filter")
        }
        if !dialect.isPostgreSQL && Self.postgreSQLOperators.contains(symbol) {
          throw SQLFilterError(
            symbol == "::"
              ? "“::” is PostgreSQL's; write CAST(value AS type)"
              : "“\(symbol)” is PostgreSQL's; SQLite has LIKE")
        }
        index += symbol.count
        kind = .symbol(symbol)
      }
      tokens.append(
        SQLToken(kind: kind, offset: start, typed: String(characters[start..<index])))
    }
    return tokens
  }

  /// Whether `symbol` is typed at `index`.
  func matches(_ symbol: String, at index: Int) -> Bool {
    let symbol = Array(symbol)
    guard index + symbol.count <= characters.count else { return false }
    return Array(characters[index..<index + symbol.count]) == symbol
  }

  /// The text between the quote at `index` and the `close` that ends it, a doubled `close`
  /// standing for itself; `index` moves past it.
  func quoted(from index: inout Int, close: Character, what: String) throws(SQLFilterError)
    -> String
  {
    var text = ""
    index += 1
    while index < characters.count {
      let character = characters[index]
      index += 1
      if character == close {
        guard index < characters.count, characters[index] == close else { return text }
        index += 1
      }
      text.append(character)
    }
    throw SQLFilterError("\(what) is not closed")
  }

  /// A number: digits, an optional point and digits, an optional exponent; `index` moves past
  /// it. A letter right after it is refused, as in `12abc`.
  func number(from index: inout Int) throws(SQLFilterError) -> String {
    let start = index
    func digits() {
      while index < characters.count, characters[index].isASCII, characters[index].isNumber {
        index += 1
      }
    }
    digits()
    if index < characters.count, characters[index] == "." {
      index += 1
      digits()
    }
    if index < characters.count, characters[index] == "e" || characters[index] == "E" {
      let mark = index
      index += 1
      if index < characters.count, characters[index] == "+" || characters[index] == "-" {
        index += 1
      }
      let before = index
      digits()
      if index == before { index = mark }
    }
    if index < characters.count, Self.isNamePart(characters[index]) || characters[index] == "." {
      throw SQLFilterError(
        "“\(String(characters[start...index]))” at character \(start + 1) is not a number")
    }
    return String(characters[start..<index])
  }

  /// Whether a name can start with `character`: a letter or `_`.
  static func isNameStart(_ character: Character) -> Bool {
    character == "_" || character.isLetter
  }

  /// Whether a name can go on with `character`: a letter, a digit or `_`.
  static func isNamePart(_ character: Character) -> Bool {
    character == "_" || character.isLetter || character.isNumber
  }
}
