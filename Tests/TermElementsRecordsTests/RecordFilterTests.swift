import TermElementsRecords
import Testing

@Suite("The filter language of records in memory")
struct RecordFilterTests {
  static let columns = ["id", "name", "city", "balance", "First \"Name\"", "active"].map(
    RecordColumn.init)

  static func parse(_ text: String) throws -> RecordFilter {
    try RecordFilter.parse(text, columns: columns)
  }

  /// The message of the error that parsing `text` throws, or `nil` when it parses.
  static func message(_ text: String) -> String? {
    do {
      _ = try RecordFilter.parse(text, columns: columns)
      return nil
    } catch {
      guard case .badFilter(let message) = error else { return "not badFilter: \(error)" }
      return message
    }
  }

  /// The parts of `message` in “ ” quotes.
  static func quotes(in message: String) -> [Substring] {
    message.split(separator: "“", omittingEmptySubsequences: false).dropFirst().compactMap {
      $0.split(separator: "”", maxSplits: 1, omittingEmptySubsequences: false).first
    }
  }

  @Test("Comparisons, is null, not, and binding tighter than or, parentheses")
  func grammar() throws {
    typealias C = RecordFilter.Condition
    let a = C.compare(column: 0, comparison: .equal, value: .integer(1), text: "1")
    let b = C.compare(column: 1, comparison: .notEqual, value: .text("x"), text: "x")
    let c = C.isNull(column: 2)
    #expect(
      try Self.parse("id = 1 or name != 'x' and city is null").condition == .or(a, .and(b, c)))
    #expect(
      try Self.parse("(id = 1 OR name <> \"x\") AND city IS NULL").condition == .and(.or(a, b), c))
    #expect(try Self.parse("not city is not null").condition == .not(.not(c)))
    #expect(try Self.parse("ID==1").condition == a)
    #expect(
      try Self.parse("\"first \"\"name\"\"\" ~ 'it''s'").condition
        == .compare(column: 4, comparison: .contains, value: .text("it's"), text: "it's"))
    #expect(
      try Self.parse("balance>=-1.50").condition
        == .compare(column: 3, comparison: .greaterOrEqual, value: .decimal("-1.50"), text: "-1.50")
    )
    #expect(
      try Self.parse("balance < 2e3").condition
        == .compare(column: 3, comparison: .less, value: .real(2000), text: "2e3"))
    #expect(try Self.parse("city = NULL").condition == c)
    #expect(try Self.parse("city != null").condition == .not(c))
    #expect(
      try Self.parse("active = TRUE").condition
        == .compare(column: 5, comparison: .equal, value: .boolean(true), text: "TRUE"))
    #expect(try Self.parse("  id = 1  ").text == "  id = 1  ")
  }

  @Test("Numbers by value across kinds and in text; text by its scalars; NULL passes no comparison")
  func matching() throws {
    let row: [CellValue] = [
      .integer(7), .text("Ada Lovelace"), .null, .decimal("12.50"), .text(" 40 "), .boolean(true),
    ]
    let passing = [
      "id = 7", "id = 7.0", "balance = 12.5", "balance > 12", "balance < 1e2",
      "\"first \"\"name\"\"\" > 39",
      "\"first \"\"name\"\"\" = ' 40 '", "name > 'Ada'", "name < 'b'", "name ~ 'LOVE'", "id ~ 7",
      "city is null", "city = null", "not city > 1", "active = true", "active != false",
      "name != 1", "id = '7'",
    ]
    for text in passing {
      #expect(try Self.parse(text).matches(row), "\(text)")
    }
    let failing = [
      "id != 7", "balance >= 13", "name = 'ada lovelace'", "name < 'Ada'", "city = 'x'",
      "city != 'x'", "city < 1", "city is not null", "name > 1", "active = 1", "id = true",
      "name ~ 'zz'", "active ~ 'true'", "\"first \"\"name\"\"\" = '40'",
    ]
    for text in failing {
      #expect(try !Self.parse(text).matches(row), "\(text)")
    }
    let big = RecordFilter.Condition.compare(
      column: 0, comparison: .equal, value: .integer(9_007_199_254_740_993), text: "")
    #expect(
      !RecordFilter(text: "", condition: big).matches([.integer(9_007_199_254_740_992)]),
      "whole numbers compare exactly")
  }

  @Test("Errors say what is wrong, quoting only what was typed")
  func errors() {
    let cases: [(String, String)] = [
      ("age > 1", "No column “age” (columns: id, name, city, balance, First \"Name\", active)"),
      ("balance >", "The filter ends after “balance >”: a value should follow"),
      ("balance", "“balance” needs a comparison after it, such as = 1, ~ text or is null"),
      ("(id = 1", "The “(” at character 1 is never closed"),
      ("((id = 1) or (id = 2)", "The “(” at character 1 is never closed"),
      ("id = 1)", "The “)” at character 7 closes nothing"),
      ("name = 'Ad", "Text opened at character 8 is never closed: “'Ad”"),
      ("\"name = 1", "A quoted name opened at character 1 is never closed: “\"name = 1”"),
      (
        "name = Ada",
        "“Ada” is not a value: put text in quotes, or write a number, null, true or false"
      ),
      ("", "The filter is empty"),
      ("   ", "The filter is empty"),
      ("id = 1 and", "The filter ends after “id = 1 and”: a condition should follow"),
      ("id = 1 name = 2", "Expected and, or or the end after “id = 1”, found “name”"),
      ("id is 1", "Expected null or not null after “id is”, found “1”"),
      ("id < null", "“< null” compares nothing: NULL is found with is null or is not null"),
      ("id ! 1", "Expected a comparison (=, !=, <, <=, >, >=, ~ or is null) after “id”, found “!”"),
      ("= 1", "Expected a column name, found “=”"),
      ("'id' = 1", "Expected a column name, found “'id'”: column names go in double quotes"),
      ("id = )", "Expected a value after “id =”, found “)”"),
      ("(id = 1 x", "Expected and, or or a closing parenthesis after “(id = 1”, found “x”"),
    ]
    for (text, expected) in cases {
      #expect(Self.message(text) == expected, "\(text)")
    }
    let long = "name ~ '" + String(repeating: "a", count: 100)
    let message = Self.message(long) ?? ""
    #expect(message.hasSuffix("“'" + String(repeating: "a", count: 39) + "”…"))
  }

  @Test("Random filters never crash, and their errors quote only what was typed")
  func randomText() {
    var random = SystemRandomNumberGenerator()
    let pieces = [
      "id", "name", "\"city\"", "BALANCE", "=", "!=", "<", ">=", "~", "is", "not", "null", "and",
      "or", "(", ")", "'x'", "'", "\"", "12", "-1.5", "true", "Ada", "é", "東", "\t", "!", "<>",
    ]
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }.joined(separator: Bool.random(using: &random) ? " " : "")
      guard let message = Self.message(text) else {
        // A filter read gives an answer for any record.
        _ = try? Self.parse(text).matches([.integer(1), .null, .text("x")])
        continue
      }
      #expect(!message.hasPrefix("not badFilter"), "\(text)")
      for quote in Self.quotes(in: message) {
        #expect(text.contains(quote), "“\(quote)” was not typed in \(text): \(message)")
      }
    }
  }
}
