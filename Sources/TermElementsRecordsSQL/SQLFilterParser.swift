/// Reads a filter by recursive descent, lowest precedence first: `OR`, `AND`, `NOT`, a
/// predicate (a comparison, `LIKE`, `BETWEEN`, `IN`, `IS`), `||`, `+` and `-`, `*`, `/` and
/// `%`, a sign, a `::` cast, and the primaries: literals, columns, calls, `CAST` and
/// parentheses.
struct SQLFilterParser {
  /// The filter as typed.
  let text: String
  /// The columns it may name.
  let columns: [String]
  /// The dialect.
  let dialect: SQLDialect
  /// Its tokens.
  let tokens: [SQLToken]
  /// The next token to read.
  var next = 0
  /// Parentheses and calls open around the next token.
  var depth = 0

  /// The most tokens a filter may have, which bounds how deep its tree is.
  static let tokenLimit = 1_000
  /// The most parentheses and calls a filter may nest.
  static let depthLimit = 64
  /// Longest quote of what was typed, in characters, in a message.
  static let quoteLimit = 40
  /// Words that start a subquery.
  static let subqueryWords: Set = ["select", "with", "values", "exists", "table"]
  /// Words that are the grammar's own, never a column's name unless in quotes.
  static let reserved: Set = [
    "and", "or", "not", "is", "null", "true", "false", "like", "ilike", "between", "in", "cast",
    "as", "escape", "distinct", "from", "current_date", "current_time", "current_timestamp",
    "case", "when", "then", "else", "end", "collate", "over", "filter",
  ]

  /// A parser of `text`.
  init(text: String, columns: [String], dialect: SQLDialect) throws(SQLFilterError) {
    self.text = text
    self.columns = columns
    self.dialect = dialect
    self.tokens = try SQLTokenizer.tokens(of: text, dialect: dialect)
    guard tokens.count <= Self.tokenLimit else {
      throw SQLFilterError(
        "the filter is too long: at most \(Self.tokenLimit) names, values and operators")
    }
  }

  /// The whole filter.
  mutating func parseFilter() throws(SQLFilterError) -> SQLExpression {
    guard !tokens.isEmpty else { throw SQLFilterError("the filter is empty") }
    let expression = try parseOr()
    if let token = peek {
      if token.kind == .symbol(")") {
        throw SQLFilterError("a ')' closes more than was opened")
      }
      throw unexpected(token)
    }
    return expression
  }

  // MARK: - Logic

  /// `a OR b OR …`.
  mutating func parseOr() throws(SQLFilterError) -> SQLExpression {
    var left = try parseAnd()
    while take(keyword: "or") { left = .logical(left, "OR", try parseAnd()) }
    return left
  }

  /// `a AND b AND …`.
  mutating func parseAnd() throws(SQLFilterError) -> SQLExpression {
    var left = try parseNot()
    while take(keyword: "and") { left = .logical(left, "AND", try parseNot()) }
    return left
  }

  /// `NOT a`, or a predicate.
  mutating func parseNot() throws(SQLFilterError) -> SQLExpression {
    if take(keyword: "not") {
      return .not(try nested { (p) throws(SQLFilterError) in try p.parseNot() })
    }
    return try parsePredicate()
  }

  /// A value, then at most one comparison, `LIKE`, `BETWEEN`, `IN` or `IS` test of it.
  mutating func parsePredicate() throws(SQLFilterError) -> SQLExpression {
    let left = try parseConcatenation()
    if let symbol = peekSymbol, let op = Self.comparisons[symbol] {
      next += 1
      return .comparison(left, op, try parseConcatenation())
    }
    if take(keyword: "is") {
      let negated = take(keyword: "not")
      if take(keyword: "distinct") {
        try expect(keyword: "from")
        return .distinct(left, negated: negated, try parseConcatenation())
      }
      for word in ["null", "true", "false"] where take(keyword: word) {
        return .is(left, negated: negated, word.uppercased())
      }
      throw expected("NULL, TRUE, FALSE or DISTINCT FROM")
    }
    let negated = take(keyword: "not")
    if let word = peek?.keyword, word == "like" || (word == "ilike" && dialect.isPostgreSQL) {
      next += 1
      let pattern = try parseConcatenation()
      let escape = take(keyword: "escape") ? try parseConcatenation() : nil
      return .like(
        left, operator: word.uppercased(), negated: negated, pattern, escape: escape)
    }
    if take(keyword: "between") {
      let low = try parseConcatenation()
      try expect(keyword: "and")
      return .between(left, negated: negated, low, try parseConcatenation())
    }
    if take(keyword: "in") {
      try expect(symbol: "(")
      let list = try nested { (p) throws(SQLFilterError) in try p.parseList() }
      guard !list.isEmpty else { throw SQLFilterError("IN needs at least one value") }
      return .in(left, negated: negated, list)
    }
    if negated { throw expected("LIKE, BETWEEN or IN after NOT") }
    return left
  }

  /// The comparison operators, with how they are written.
  static let comparisons = [
    "=": "=", "==": "=", "<>": "<>", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
    "~": "~", "~*": "~*", "!~": "!~", "!~*": "!~*",
  ]

  // MARK: - Values

  /// `a || b || …`.
  mutating func parseConcatenation() throws(SQLFilterError) -> SQLExpression {
    var left = try parseSum()
    while take(symbol: "||") { left = .arithmetic(left, "||", try parseSum()) }
    return left
  }

  /// `a + b - …`.
  mutating func parseSum() throws(SQLFilterError) -> SQLExpression {
    var left = try parseProduct()
    while let symbol = peekSymbol, symbol == "+" || symbol == "-" {
      next += 1
      left = .arithmetic(left, symbol, try parseProduct())
    }
    return left
  }

  /// `a * b / c % …`.
  mutating func parseProduct() throws(SQLFilterError) -> SQLExpression {
    var left = try parseSign()
    while let symbol = peekSymbol, symbol == "*" || symbol == "/" || symbol == "%" {
      next += 1
      left = .arithmetic(left, symbol, try parseSign())
    }
    return left
  }

  /// `-a`, `+a`, or a value with its casts.
  mutating func parseSign() throws(SQLFilterError) -> SQLExpression {
    if let symbol = peekSymbol, symbol == "-" || symbol == "+" {
      next += 1
      return .sign(symbol, try nested { (p) throws(SQLFilterError) in try p.parseSign() })
    }
    var value = try parsePrimary()
    while take(symbol: "::") { value = .cast(value, type: try parseType()) }
    return value
  }

  /// A literal, a column, a call, `CAST(…)` or an expression in parentheses.
  mutating func parsePrimary() throws(SQLFilterError) -> SQLExpression {
    guard let token = peek else { throw unfinished() }
    next += 1
    switch token.kind {
    case .string(let text):
      return .string(text)
    case .number(let number):
      return .number(number)
    case .quotedName(let name):
      if peekSymbol == "(" || peekSymbol == "." { return try qualified(name, token) }
      return try column(name, quoted: true)
    case .symbol("("):
      if let word = peek?.keyword, Self.subqueryWords.contains(word) {
        throw SQLFilterError("a filter has no subqueries")
      }
      let inner = try nested { (p) throws(SQLFilterError) in try p.parseOr() }
      try expect(symbol: ")")
      return inner
    case .symbol:
      throw unexpected(token)
    case .word(let word):
      let keyword = SQLDialect.asciiLowercased(word)
      switch keyword {
      case "null": return .null
      case "true": return .boolean(true)
      case "false": return .boolean(false)
      case "current_date", "current_time", "current_timestamp":
        return .currentTime(keyword.uppercased())
      case "cast":
        try expect(symbol: "(")
        let value = try nested { (p) throws(SQLFilterError) in try p.parseOr() }
        try expect(keyword: "as")
        let type = try parseType()
        try expect(symbol: ")")
        return .cast(value, type: type)
      case _ where Self.subqueryWords.contains(keyword):
        throw SQLFilterError("a filter has no subqueries")
      case _ where peekSymbol == "(" || peekSymbol == ".":
        return try qualified(word, token)
      case _ where Self.reserved.contains(keyword):
        throw unexpected(token)
      default:
        return try column(word, quoted: false)
      }
    }
  }

  /// A call of `name`, or a name with a schema or table before it: only a call of a function
  /// of the dialect's list passes.
  mutating func qualified(_ name: String, _ token: SQLToken) throws(SQLFilterError)
    -> SQLExpression
  {
    var parts = [token.typed]
    while take(symbol: ".") {
      guard let part = peek else { throw unfinished() }
      switch part.kind {
      case .word, .quotedName: parts.append(part.typed)
      default: throw unexpected(part)
      }
      next += 1
    }
    let typed = parts.joined(separator: ".")
    guard take(symbol: "(") else {
      throw SQLFilterError("a filter names a column alone, without a table: “\(typed)”")
    }
    guard parts.count == 1, case .word = token.kind,
      let function = dialect.functions[SQLDialect.asciiLowercased(name)]
    else {
      throw SQLFilterError("\(typed) is not a function a filter can call")
    }
    if take(symbol: ")") { return .call(function, []) }
    if peekSymbol == "*" { throw SQLFilterError("\(typed)(*) is not a call a filter can make") }
    if let token = peek, let word = token.keyword, word == "distinct" || word == "all" {
      throw unexpected(token)
    }
    let arguments = try nested { (p) throws(SQLFilterError) in try p.parseList() }
    return .call(function, arguments)
  }

  /// Expressions separated by commas, up to and past the `)` that ends them.
  mutating func parseList() throws(SQLFilterError) -> [SQLExpression] {
    if take(symbol: ")") { return [] }
    var items = [try parseOr()]
    while take(symbol: ",") { items.append(try parseOr()) }
    try expect(symbol: ")")
    return items
  }

  /// A type of the dialect's casts, of one or more words, with its length or precision where
  /// it takes one: `numeric(10, 2)`.
  mutating func parseType() throws(SQLFilterError) -> String {
    guard let first = peek, case .word = first.kind else {
      throw peek.map { unexpected($0) } ?? unfinished()
    }
    var words: [String] = []
    var index = next
    while index < tokens.count, let word = tokens[index].keyword, words.count < 4 {
      words.append(word)
      index += 1
    }
    for count in stride(from: words.count, through: 1, by: -1) {
      let name = words[0..<count].joined(separator: " ")
      guard let type = dialect.castTypes[name] else { continue }
      next += count
      guard dialect.typesWithModifiers.contains(name), take(symbol: "(") else { return type }
      var modifiers: [String] = []
      repeat {
        guard let token = peek, case .number(let number) = token.kind,
          number.allSatisfy(\.isNumber)
        else { throw expected("a whole number") }
        next += 1
        modifiers.append(number)
      } while take(symbol: ",")
      try expect(symbol: ")")
      return type + "(" + modifiers.joined(separator: ", ") + ")"
    }
    throw SQLFilterError("\(first.typed) is not a type a filter can cast to")
  }

  /// The column `name` names.
  func column(_ name: String, quoted: Bool) throws(SQLFilterError) -> SQLExpression {
    guard let column = dialect.column(named: name, quoted: quoted, in: columns) else {
      throw SQLFilterError("there is no column “\(name)”")
    }
    return .column(column)
  }

  // MARK: - Tokens

  /// The next token, if any.
  var peek: SQLToken? { next < tokens.count ? tokens[next] : nil }

  /// The next token's symbol, if it is one.
  var peekSymbol: String? {
    if case .symbol(let symbol) = peek?.kind { return symbol }
    return nil
  }

  /// Reads the next token if it is the keyword `word`.
  mutating func take(keyword word: String) -> Bool {
    guard peek?.keyword == word else { return false }
    next += 1
    return true
  }

  /// Reads the next token if it is `symbol`.
  mutating func take(symbol: String) -> Bool {
    guard peekSymbol == symbol else { return false }
    next += 1
    return true
  }

  /// Reads the keyword `word`, or throws.
  mutating func expect(keyword word: String) throws(SQLFilterError) {
    guard take(keyword: word) else { throw expected(word.uppercased()) }
  }

  /// Reads `symbol`, or throws.
  mutating func expect(symbol: String) throws(SQLFilterError) {
    guard take(symbol: symbol) else {
      throw symbol == ")" && peek == nil
        ? SQLFilterError("a '(' is not closed") : expected("“\(symbol)”")
    }
  }

  /// `body` one level deeper, refused past ``depthLimit``.
  mutating func nested<T>(_ body: (inout SQLFilterParser) throws(SQLFilterError) -> T)
    throws(SQLFilterError) -> T
  {
    guard depth < Self.depthLimit else { throw SQLFilterError("the filter nests too deeply") }
    depth += 1
    defer { depth -= 1 }
    return try body(&self)
  }

  // MARK: - Messages

  /// The filter stops where more must follow.
  func unfinished() -> SQLFilterError {
    SQLFilterError("the filter is not finished: “\(Self.shortened(text))”")
  }

  /// `what` was expected at the next token.
  func expected(_ what: String) -> SQLFilterError {
    guard let token = peek else { return unfinished() }
    return SQLFilterError(
      "expected \(what) after “\(typed(before: token))”, found “\(token.typed)”")
  }

  /// `token` cannot come where it is.
  func unexpected(_ token: SQLToken) -> SQLFilterError {
    let before = typed(before: token)
    return SQLFilterError(
      before.isEmpty
        ? "a filter cannot start with “\(token.typed)”"
        : "“\(token.typed)” cannot follow “\(before)”")
  }

  /// What was typed before `token`, its last ``quoteLimit`` characters.
  func typed(before token: SQLToken) -> String {
    let prefix = String(Array(text)[0..<token.offset]).trimmingWhitespace
    return Self.shortened(prefix)
  }

  /// `text` trimmed, its last ``quoteLimit`` characters after a `…` when longer.
  static func shortened(_ text: String) -> String {
    let trimmed = Array(text.trimmingWhitespace)
    guard trimmed.count > quoteLimit else { return String(trimmed) }
    return "…" + String(trimmed.suffix(quoteLimit))
  }
}

extension String {
  /// The text without white space at either end.
  var trimmingWhitespace: String {
    let characters = Array(self)
    guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
      let last = characters.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(characters[first...last])
  }
}
