import Testing

@testable import TermElements

/// Keys that come in one read of the terminal (key repeat over ssh, tmux, a paste), past the
/// rows loaded while pages are on their way: each counts, as if typed one by one.
@MainActor
@Suite("Bursts of moves past the rows loaded")
struct BurstMoveTests {
  /// A 12×6 harness (a page is 4 lines) on records 1…`count`, loaded `pageSize` at a time
  /// both ways, holding `rows` with row `selected` selected, its first frame drawn.
  func window(
    count: Int = 10_000, pageSize: Int = 10, rows: ClosedRange<Int>, selecting selected: Int
  ) -> Harness {
    let records = NumberedRecords(count: count, pageSize: pageSize)
    let controller = TableModelController(
      table: Table(sections: [windowSection(records, rows: [], limit: 100)]))
    var harness = Harness(controller, width: 12, height: 6)
    controller.reset(section: 0, rows: records.rows(rows), selecting: selected, at: .top)
    harness.send()
    return harness
  }

  /// The number of the selected record.
  func selectedNumber(_ harness: Harness) -> Int? {
    harness.controller.selection.flatMap { harness.controller.row(at: $0).id?.number }
  }

  /// Presses `keys` in one batch, with no frame between them, then lets every page land.
  func burst(_ harness: inout Harness, _ keys: [Key]) async {
    for key in keys { harness.controller.handle(.key(key)) }
    await settleMoves(&harness)
  }

  @Test("500 ↓ in one batch move 500 records")
  func fiveHundredDowns() async {
    var harness = window(rows: 1...10, selecting: 0)
    await burst(&harness, Array(repeating: .down, count: 500))
    #expect(selectedNumber(harness) == 501)
    #expect(harness.controller.state.scroll.waitingMoves == nil)
  }

  @Test("↓ past the rows loaded, then ↑, in one batch: the ↑ acts where the ↓ led")
  func downsThenUps() async {
    var harness = window(rows: 1...10, selecting: 0)
    await burst(&harness, Array(repeating: .down, count: 30) + Array(repeating: .up, count: 5))
    #expect(selectedNumber(harness) == 26)
  }

  @Test("A step up past the start and one back down come back to the row")
  func upThenDown() async {
    var harness = window(rows: 50...59, selecting: 0)
    await burst(&harness, [.up, .down])
    #expect(selectedNumber(harness) == 50)
  }

  @Test("20 PgDn in one batch page 20 times")
  func pageDowns() async {
    var harness = window(rows: 1...10, selecting: 0)
    await burst(&harness, Array(repeating: .pageDown, count: 20))
    // A page is the 5 lines of the table less one kept for context.
    #expect(selectedNumber(harness) == 1 + 20 * 4)
  }

  @Test("20 PgUp in one batch from deep in the records page 20 times")
  func pageUps() async {
    var harness = window(rows: 500...509, selecting: 0)
    await burst(&harness, Array(repeating: .pageUp, count: 20))
    #expect(selectedNumber(harness) == 500 - 20 * 4)
  }

  @Test("PgDn then ↑ in one batch: the ↑ acts on the page the PgDn led to")
  func pageDownThenUp() async {
    var harness = window(rows: 1...3, selecting: 0)
    await burst(&harness, [.pageDown, .pageDown, .up])
    #expect(selectedNumber(harness) == 1 + 2 * 4 - 1)
  }

  @Test("A burst past the last record stops there, and the keys after it act")
  func burstPastTheEnd() async {
    var harness = window(count: 100, rows: 1...10, selecting: 0)
    await burst(&harness, Array(repeating: .down, count: 500) + [.up, .up])
    #expect(selectedNumber(harness) == 98)
    await burst(&harness, Array(repeating: .pageDown, count: 50))
    #expect(selectedNumber(harness) == 100)
  }

  @Test("Home in a burst goes to the first row, whatever waited before it")
  func homeDropsWhatWaited() async {
    var harness = window(rows: 1...10, selecting: 0)
    await burst(&harness, Array(repeating: .down, count: 30) + [.home, .down])
    #expect(selectedNumber(harness) == 2)
  }

  @Test("A burst's moves are the same as the same keys typed one by one, pages landing between")
  func burstMatchesOneByOne() async {
    let keys: [Key] =
      Array(repeating: .down, count: 37) + [.pageDown, .pageDown, .up]
      + Array(repeating: .pageUp, count: 3) + Array(repeating: .down, count: 12)
    var burstHarness = window(rows: 20...29, selecting: 3)
    await burst(&burstHarness, keys)
    var typedHarness = window(rows: 20...29, selecting: 3)
    for key in keys { await burst(&typedHarness, [key]) }
    #expect(selectedNumber(burstHarness) == selectedNumber(typedHarness))
    #expect(selectedNumber(burstHarness) == 23 + 37 + 8 - 1 - 12 + 12)
  }
}
