import Testing

@testable import TermElements

/// A table of one lazy section of a billion rows, `r 0` to `r 999999999`; rows whose number
/// `tall` divides have a second line, `+`.
func billionRowTable(tallEvery tall: Int? = nil) -> Table {
  Table(sections: [
    Section(id: "billion", count: 1_000_000_000) { index in
      plainRow(tall.map { index % $0 == 0 } == true ? "r \(index)\n+" : "r \(index)")
    }
  ])
}

/// A billion rows behave like thirty: the first frame, End, jumps to the middle and paging show
/// the same screens, and cost what the screen shows.
@MainActor
@Suite("Controller: a billion rows")
struct BillionRowTests {
  @Test("The first frame, End and Home show the first and the last rows")
  func firstFrameAndEnd() {
    var harness = Harness(TableModelController(table: billionRowTable()), width: 30, height: 6)
    expectFrame(
      harness,
      [" r 0", " r 1", " r 2", " r 3", " r 4", "                 1/1000000000"])
    harness.press(.end)
    expectFrame(
      harness,
      [
        " r 999999995", " r 999999996", " r 999999997", " r 999999998", " r 999999999",
        "        1000000000/1000000000",
      ])
    harness.press(.up, .up, .up, .up, .up)
    expectFrame(
      harness,
      [
        " r 999999994", " r 999999995", " r 999999996", " r 999999997", " r 999999998",
        "         999999995/1000000000",
      ])
    harness.press(.home)
    expectFrame(
      harness,
      [" r 0", " r 1", " r 2", " r 3", " r 4", "                 1/1000000000"])
  }

  @Test("scrollToRow to the middle, then paging down and up, a page less one line at a time")
  func middleAndPaging() {
    let controller = TableModelController(table: billionRowTable())
    var harness = Harness(controller, width: 30, height: 6)
    controller.scrollToRow(at: IndexPath(row: 500_000_000, section: 0), position: .middle)
    harness.send()
    expectFrame(
      harness,
      [
        " r 499999998", " r 499999999", " r 500000000", " r 500000001", " r 500000002",
        "         499999999/1000000000",
      ])
    harness.press(.pageDown)
    expectFrame(
      harness,
      [
        " r 500000002", " r 500000003", " r 500000004", " r 500000005", " r 500000006",
        "         500000003/1000000000",
      ])
    harness.press(.pageUp, .pageUp)
    expectFrame(
      harness,
      [
        " r 499999994", " r 499999995", " r 499999996", " r 499999997", " r 499999998",
        "         499999995/1000000000",
      ])
    controller.scrollToRow(at: IndexPath(row: 123_456_789, section: 0), position: .top)
    harness.send()
    expectFrame(
      harness,
      [
        " r 123456789", " r 123456790", " r 123456791", " r 123456792", " r 123456793",
        "         123456790/1000000000",
      ])
  }

  @Test("Rows taller than estimated show whole at the end and in the middle")
  func tallRows() {
    let controller = TableModelController(table: billionRowTable(tallEvery: 3))
    var harness = Harness(controller, width: 30, height: 6)
    expectFrame(
      harness, [" r 0", " +", " r 1", " r 2", " r 3", "                 1/1000000000"])
    harness.press(.end)
    expectFrame(
      harness,
      [
        " +", " r 999999997", " r 999999998", " r 999999999", " +",
        "        1000000000/1000000000",
      ])
    controller.scrollToRow(at: IndexPath(row: 600_000_000, section: 0), position: .top)
    harness.send()
    expectFrame(
      harness,
      [
        " r 600000000", " +", " r 600000001", " r 600000002", " r 600000003",
        "         600000001/1000000000",
      ])
  }

  @Test("Jumps and steps build only the rows near the screen, and keep no heights for them")
  func costFollowsTheScreen() {
    let controller = TableModelController(table: billionRowTable())
    var harness = Harness(controller, width: 30, height: 6)
    #expect(controller.state.layout.statistics.rowsBuilt < 50)
    var built = controller.state.layout.statistics.rowsBuilt
    harness.press(.end)
    #expect(controller.state.layout.statistics.rowsBuilt - built < 50)
    built = controller.state.layout.statistics.rowsBuilt
    controller.scrollToRow(at: IndexPath(row: 500_000_000, section: 0), position: .top)
    harness.send()
    #expect(controller.state.layout.statistics.rowsBuilt - built < 50)
    for _ in 0..<1_000 { harness.press(.down) }
    // Four moves reach the bottom line; the other 996 scroll a row each.
    #expect(harness.tableLines.last?.hasPrefix(" r 500001000 ") == true)
    // Every row is one line, as estimated: nothing is kept for the rows seen.
    #expect(controller.state.layout.storedHeightBlocks == 0)
  }
}
