import Testing

@testable import TermElementsRecords

@Suite("A column's tally: exact up to a limit of distinct values, estimated beyond")
struct ColumnTallyTests {
  @Test("Two tallies add up; past the limit the distinct count is an estimate within 5%")
  func estimate() {
    var first = ColumnTally(exactLimit: 1_000)
    var second = ColumnTally(exactLimit: 1_000)
    for number in 0..<30_000 { first.add(.integer(Int64(number))) }
    // Half of these the first tally saw already; the others are new.
    for number in 15_000..<45_000 { second.add(.text("\(number)")) }
    second.add(.null)
    first.add(second)
    let summary = first.summary
    #expect(summary.values == 60_000 && summary.nulls == 1)
    #expect(summary.kinds == ["integer", "text"])
    #expect(summary.minimum == .integer(0) && summary.maximum == .text("44999"))
    guard case .estimated(let distinct) = summary.distinct else {
      Issue.record("expected an estimate, found \(summary.distinct)")
      return
    }
    // Texts are not numbers: 60,000 distinct values.
    #expect(abs(distinct - 60_000) < 3_000, "\(distinct)")
  }

  @Test("Under the limit, exact: 1 and 1.0 are one value, the text 1 another")
  func exact() {
    var tally = ColumnTally(exactLimit: 10)
    for value: CellValue in [.integer(1), .real(1), .decimal("1.0"), .text("1"), .null] {
      tally.add(value)
    }
    #expect(tally.summary.distinct == .exact(2))
    #expect(tally.summary.mean == 1)
    #expect(tally.summary.nullShare == 0.2)
  }
}
