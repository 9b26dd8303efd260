import Foundation
import TermElementsRecordsTesting
import Testing

@testable import TermElementsRecords

/// `I` over a CSV file: one pass over the file for each column, through the filter.
@Suite("CSV summary of the columns")
@MainActor
struct CSVSummaryTests {
  @Test("The summary case passes over the hostile people file")
  func summaryCase() async throws {
    let (file, records) = try CSVBrowsingCaseTests.people()
    defer { file.remove() }
    let source = try file.source()
    try await source.waitForIndex()
    let failures = await BrowsingCases.run(
      BrowsingFixture(source: source, records: records, width: 90, height: 12),
      cases: [BrowsingCases.summary])
    #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("A missing field is NULL, the text NULL a value; kinds mix; the file is unchanged")
  func wholeScreen() async throws {
    let text =
      "id,value,note\n1,7,\"it's, \"\"quoted\"\"\"\n2,NULL,\"two\nlines\"\n3,2.5\n4,,x\n"
      + "5,abc,x\n"
    let file = try TemporaryCSV(text)
    defer { file.remove() }
    let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
    let source = try file.source()
    try await source.waitForIndex()
    let session = try await BrowsingSession.open(
      BrowsingFixture(source: source, records: [], height: 8), case: "I over CSV")
    await session.press(.character("I"))
    #expect(
      session.lines == [
        " sheet.csv › sheet.csv summary                                                  ",
        " column │ type                 │ values │ NULLs │ NULL share    │ distinct    › ",
        " id     │ integer              │      5 │     0 │            0% │        5      ",
        " value  │ integer+decimal+text │      5 │     0 │            0% │        5      ",
        " note   │ text                 │      4 │     1 │ █▋        20% │        3      ",
        "                                                                                ",
        "                                                                                ",
        " sheet.csv · 3 of 3 columns summed up · Enter: the column's values   column 1/3 ",
      ])
    await session.press(.right, .right, .right, .right, .right, .right, .right)
    #expect(
      session.lines == [
        " sheet.csv › sheet.csv summary                                                  ",
        " column ‹ values │ NULLs │ NULL share    │ distinct │ min            │ max    › ",
        " id     │      5 │     0 │            0% │        5 │              1 │   5      ",
        " value  │      5 │     0 │            0% │        5 │            2.5 │ abc      ",
        " note   │      4 │     1 │ █▋        20% │        3 │ it's, \"quoted\" │ x        ",
        "                                                                                ",
        "                                                                                ",
        " sheet.csv · 3 of 3 columns summed up · Enter: the column's values   column 1/3 ",
      ])
    #expect(
      (session.browser.stack.top as? SummaryScreen)?.summaries[1]
        == ColumnSummary(
          kinds: ["integer", "decimal", "text"], values: 5, nulls: 0, distinct: .exact(5),
          minimum: .decimal("2.5"), maximum: .text("abc"), mean: 4.75))
    #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == before)
  }
}
