import Testing

@testable import TermElementsRecordsSQL

@Suite("Quoting strings and names for the database")
struct SQLQuotingTests {
  @Test("A quote joined to a combining mark after it is doubled: the database reads scalars")
  func joinedQuotes() throws {
    let text = "a'\u{301}b\\"
    #expect(SQLDialect.sqlite.quoted(string: text) == "'a''\u{301}b\\'")
    #expect(SQLDialect.postgreSQL.quoted(string: text) == "E'a''\u{301}b\\\\'")
    #expect(SQLDialect.sqlite.quoted(name: "x\"\u{301}") == "\"x\"\"\u{301}\"")
    // Typed, such a value is read as one string, and written back whole.
    let filter = try SQLFilter.parse(
      "name = 'a'\u{301}b'", columns: ["name"], dialect: .sqlite)
    #expect(filter.sql == "\"name\" = 'a''\u{301}b'")
  }
}
