import TermElementsRecords
import Testing

@Suite("Cell values")
struct CellValueTests {
  @Test("Each kind of value has its cell text")
  func cellText() {
    let values: [CellValue] = [
      .null, .integer(-17), .decimal("1204.50"), .real(2.5), .boolean(true), .text("Ada"),
      .blob(size: 2048, prefix: [1, 2]), .blob([]), .json("{\"a\":1}"), .date("2026-11-25"),
      .time("09:30:00"), .timestamp("2026-11-25 09:30:00+00"),
    ]
    #expect(
      values.map(\.cellText) == [
        "NULL", "-17", "1204.50", "2.5", "true", "Ada", "<blob 2.0 KiB>", "<blob 0 B>",
        "{\"a\":1}", "2026-11-25", "09:30:00", "2026-11-25 09:30:00+00",
      ])
    #expect(values.filter(\.isNumber).count == 3)
    #expect(CellValue.blob([]) != .null)
  }

  @Test("Values sort NULL first, then truth, numbers by value, dates, text, BLOBs")
  func order() {
    let shuffled: [CellValue] = [
      .blob([1]), .text("b"), .date("2026-01-01"), .integer(3), .decimal("2.5"), .real(-1),
      .boolean(true), .boolean(false), .null, .text("a"), .integer(Int64.max),
      .integer(Int64.max - 1),
    ]
    let sorted = shuffled.sorted { $0.precedes($1) }
    #expect(
      sorted == [
        .null, .boolean(false), .boolean(true), .real(-1), .decimal("2.5"), .integer(3),
        .integer(Int64.max - 1), .integer(Int64.max), .date("2026-01-01"), .text("a"),
        .text("b"), .blob([1]),
      ])
  }

  @Test("Counts for people: exact, estimated, unknown")
  func counts() {
    #expect(RecordCount.exact(1_000_000).text == "1,000,000")
    #expect(RecordCount.estimated(1_200_000).text == "~1,200,000")
    #expect(RecordCount.unknown.text == "?")
    #expect(RecordCount.estimated(5).exactValue == nil)
  }

  @Test("Search folds case, and matches text, numbers and dates but not floats or BLOBs")
  func search() {
    let search = SearchText("müller")
    #expect(search.matches(.text("Jürgen MÜLLER")))
    #expect(!search.matches(.text("Jurgen Muller")))
    #expect(SearchText("42").matches(.integer(1423)))
    #expect(!SearchText("2.5").matches(.real(2.5)))
    #expect(SearchText("2.5").matches(.decimal("12.50")))
    #expect(SearchText("11-25").matches(.date("2026-11-25")))
    #expect(!SearchText("x").matches(.blob(Array("x".utf8))))
    #expect(!SearchText("").matches(.text("anything")))
    let text = "Anna and ANNA"
    #expect(SearchText("anna").ranges(in: text).map { String(text[$0]) } == ["Anna", "ANNA"])
  }
}
