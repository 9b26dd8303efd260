import Testing

@testable import TermElements

/// Records 1…`count`, served a page at a time either side of a record, as keyset paging
/// does; it counts the pages it served.
actor NumberedRecords {
  /// The number of records.
  let count: Int
  /// Records in a page.
  let pageSize: Int
  /// Pages served.
  private(set) var pagesServed = 0

  init(count: Int, pageSize: Int) {
    self.count = count
    self.pageSize = pageSize
  }

  /// The row of record `number`.
  nonisolated func row(_ number: Int) -> Row {
    Row(ElementOfLabel(props: "r\(number)"), id: RowID(number), separatorStyle: .none)
  }

  /// The rows of records `numbers`.
  nonisolated func rows(_ numbers: ClosedRange<Int>) -> [Row] { numbers.map(row) }

  /// The page after record `number` (from the start for `nil`), or `nil` at the end.
  func page(after number: Int?) -> [Row]? {
    let first = (number ?? 0) + 1
    guard first <= count else { return nil }
    pagesServed += 1
    return rows(first...min(count, first + pageSize - 1))
  }

  /// The page before record `number` (from the end for `nil`), or `nil` at the start.
  func page(before number: Int?) -> [Row]? {
    let last = (number ?? count + 1) - 1
    guard last >= 1 else { return nil }
    pagesServed += 1
    return rows(max(1, last - pageSize + 1)...last)
  }
}

/// A section that starts with `rows` and loads `records` in both directions.
func windowSection(_ records: NumberedRecords, rows: [Row], limit: Int? = nil) -> Section {
  var section = Section(rows: rows)
  section.headLoader = HeadLoader(id: "before") { first in
    await records.page(before: first?.id?.number)
  }
  section.tailLoader = TailLoader(id: "after") { last in
    await records.page(after: last?.id?.number)
  }
  section.loadedRowLimit = limit
  return section
}

/// The record numbers a section holds, in order.
@MainActor
func heldNumbers(_ controller: TableModelController, section: Int = 0) -> [Int] {
  controller.table.sections[section].rows.compactMap { $0.id?.number }
}

/// Whether `numbers` count up by one, with no gap and no repeat.
func isContiguous(_ numbers: [Int]) -> Bool {
  zip(numbers, numbers.dropFirst()).allSatisfy { $0 + 1 == $1 }
}

/// Draws frames, letting every load finish, until nothing more is loading.
@MainActor
func settleLoads(_ harness: inout Harness) async {
  for _ in 0..<50 {
    harness.send()
    guard harness.controller.isFetchingPage else { return }
    await harness.controller.waitForLoads()
  }
}

/// Loading in both directions: a section that starts anywhere, loads earlier rows as the user
/// scrolls up, and keeps only what is near the screen.
@MainActor
@Suite("Head loading and jumps")
struct HeadLoadingTests {
  @Test("Jump to the end, then scroll up across pages: every row once, in order")
  func jumpToEndThenScrollUp() async throws {
    let records = NumberedRecords(count: 100, pageSize: 10)
    let controller = TableModelController(table: Table(sections: [Section(rows: [])]))
    var harness = Harness(controller, width: 12, height: 6)
    let last = try #require(await records.page(before: nil))
    controller.table = Table(sections: [windowSection(records, rows: [])])
    controller.reset(section: 0, rows: last, selecting: last.count - 1, at: .bottom)
    expectFrame(harness.send(), [" r96", " r97", " r98", " r99", " r100", "      10/10"])
    // Scrolling up, earlier pages arrive above; the screen does not move when they do.
    await settleLoads(&harness)
    expectFrame(harness.screen, [" r96", " r97", " r98", " r99", " r100", "      20/20"])
    for _ in 0..<99 {
      harness.press(.up)
      await settleLoads(&harness)
      #expect(isContiguous(heldNumbers(controller)))
    }
    expectFrame(harness.screen, [" r1", " r2", " r3", " r4", " r5", "      1/100"])
    #expect(heldNumbers(controller) == Array(1...100))
    harness.press(.up)
    expectFrame(harness.screen, [" r1", " r2", " r3", " r4", " r5", "      1/100"])
  }

  @Test("Earlier rows arriving under a header at the top leave the rows on their lines")
  func headerAtTheTopStaysStill() async {
    let records = NumberedRecords(count: 100, pageSize: 10)
    var section = windowSection(records, rows: [])
    section.header = SectionHeader(ElementOfLabel(props: "Log"))
    let controller = TableModelController(table: Table(sections: [section]))
    var harness = Harness(controller, width: 12, height: 6)
    controller.reset(section: 0, rows: records.rows(50...59), selecting: 0, at: .top)
    expectFrame(harness.send(), [" Log", " r50", " r51", " r52", " r53", "       1/10"])
    await settleLoads(&harness)
    expectFrame(harness.screen, [" Log", " r50", " r51", " r52", " r53", "      21/40"])
    harness.press(.up)
    expectFrame(harness.screen, [" Log", " r49", " r50", " r51", " r52", "      20/40"])
  }

  @Test("Page up and page down cross page boundaries a full page at a time")
  func pagingAcrossBoundaries() async throws {
    let records = NumberedRecords(count: 200, pageSize: 7)
    let start = records.rows(101...107)
    let controller = TableModelController(
      table: Table(sections: [windowSection(records, rows: start)]))
    var harness = Harness(controller, width: 12, height: 6)
    controller.select(IndexPath(row: 0, section: 0))
    await settleLoads(&harness)
    let top = try #require(controller.selection.flatMap { controller.row(at: $0).id?.number })
    #expect(top == 101)
    var numbers: [Int] = [101]
    for _ in 0..<12 {
      harness.press(.pageUp)
      await settleLoads(&harness)
      numbers.append(
        try #require(controller.selection.flatMap { controller.row(at: $0).id?.number }))
    }
    // Each page up moves the selection a screenful less one line of context (4 of the 5
    // lines), across the loader's pages of 7.
    #expect(numbers == Array(stride(from: 101, through: 53, by: -4)))
    for _ in 0..<12 {
      harness.press(.pageDown)
      await settleLoads(&harness)
    }
    #expect(controller.selection.map { controller.row(at: $0).id?.number } == 101)
    #expect(isContiguous(heldNumbers(controller)))
  }

  @Test("A spinner shows at the head while earlier rows load; a failure shows and r retries")
  func spinnerAndRetryAtTheHead() async {
    let pages = ScriptedPages()
    var section = Section(rows: identifiedRows(3, prefix: "m"))
    section.headLoader = HeadLoader(id: "older") { _ in try await pages.next() }
    let controller = TableModelController(table: Table(sections: [section]))
    var harness = Harness(controller, width: 30, height: 6)
    await pages.waitForRequest()
    expectFrame(
      harness.send(), ["              ⠋", " m0", " m1", " m2", "", "                          1/3"])
    await pages.fail("offline")
    await controller.waitForLoads()
    expectFrame(
      harness.send(),
      [
        " ⚠ Could not load earlier", " rows: offline — r retries", " m0", " m1", " m2",
        "                          1/3",
      ])
    harness.press(.character("r"))
    await pages.waitForRequest()
    await pages.deliver([identifiedRow("k0"), identifiedRow("k1")])
    await controller.waitForLoads()
    harness.send()
    // The rows shown stay on their lines; the earlier ones are above, out of sight.
    #expect(harness.tableLines[2...4].map { String($0.prefix(3)) } == [" m0", " m1", " m2"])
    #expect(harness.statusLine.hasSuffix("3/5 "))
    await pages.waitForRequest()
    await pages.deliver(nil)
    await controller.waitForLoads()
    harness.press(.home)
    expectFrame(
      harness.screen, [" k0", " k1", " m0", " m1", " m2", "                          1/5"])
  }

  @Test("A section with a limit keeps its rows near the screen, and fetches the rest again")
  func loadedRowLimit() async throws {
    let records = NumberedRecords(count: 1_000, pageSize: 20)
    let controller = TableModelController(
      table: Table(sections: [windowSection(records, rows: [], limit: 100)]))
    var harness = Harness(controller, width: 12, height: 6)
    await settleLoads(&harness)
    var largest = 0
    for _ in 0..<300 {
      harness.press(.pageDown)
      await settleLoads(&harness)
      let held = heldNumbers(controller)
      largest = max(largest, held.count)
      #expect(isContiguous(held), "\(held)")
    }
    let bottom = try #require(controller.selection.flatMap { controller.row(at: $0).id?.number })
    #expect(bottom == 1_000)
    #expect(largest <= 100 + 20 + 2 * 5 + 5)
    #expect(heldNumbers(controller).first ?? 0 > 800)
    // Back at the top, every row comes again, once and in order.
    for _ in 0..<300 {
      harness.press(.pageUp)
      await settleLoads(&harness)
      #expect(isContiguous(heldNumbers(controller)), "\(heldNumbers(controller))")
    }
    expectFrame(harness.screen, [" r1", " r2", " r3", " r4", " r5", "      1/100"])
  }

  @Test("Resetting a section drops its page in flight and starts its loaders afresh")
  func resetDropsPageInFlight() async {
    let pages = ScriptedPages()
    let calls = CallCounter()
    let (gate, opener) = AsyncStream.makeStream(of: Void.self)
    var section = Section(rows: identifiedRows(3))
    // The first fetch answers late, after the reset, as a query that was already running.
    section.tailLoader = TailLoader(id: "more") { _ in
      if await calls.next() == 1 {
        for await _ in gate { break }
        return [identifiedRow("late")]
      }
      return try await pages.next()
    }
    let controller = TableModelController(table: Table(sections: [section]))
    var harness = Harness(controller, width: 10, height: 6)
    while await calls.count < 1 { await Task.yield() }
    controller.reset(section: 0, rows: identifiedRows(2, prefix: "z"), selecting: 1)
    // The next frame starts a fetch after the new rows before the late page comes back.
    harness.send()
    opener.yield()
    await pages.waitForRequest()
    for _ in 0..<100 { await Task.yield() }
    await pages.deliver([identifiedRow("n0")])
    await controller.waitForLoads()
    harness.send()
    #expect(controller.table.sections[0].rows.map { $0.id } == ["z0", "z1", "n0"])
    #expect(controller.selection == IndexPath(row: 1, section: 0))
  }
}

/// Counts calls.
actor CallCounter {
  /// Calls so far.
  private(set) var count = 0

  /// Counts a call and returns its number.
  func next() -> Int {
    count += 1
    return count
  }
}

/// A step past the first or last row while a page loads at that end is taken when the page
/// arrives: the key is not lost because it came before the rows.
@MainActor
@Suite("Steps that wait for a page")
struct WaitingStepTests {
  /// A 12×6 harness on records 1…`count` loading both ways, holding `rows` with row
  /// `selected` selected, its first frame drawn: the loads it starts have not landed yet.
  func window(count: Int = 100, rows: ClosedRange<Int>, selecting selected: Int) -> Harness {
    let records = NumberedRecords(count: count, pageSize: 10)
    let controller = TableModelController(
      table: Table(sections: [windowSection(records, rows: [])]))
    var harness = Harness(controller, width: 12, height: 6)
    controller.reset(section: 0, rows: records.rows(rows), selecting: selected, at: .top)
    harness.send()
    return harness
  }

  @Test("↑ on the first row while earlier rows load selects the row above once they arrive")
  func upWaitsForTheHeadPage() async {
    var harness = window(rows: 50...59, selecting: 0)
    // The first frame started the page before r50; ↑ comes before it lands.
    #expect(harness.controller.isFetchingPage)
    expectFrame(
      harness.press(.up), ["     ⠋      ", " r50", " r51", " r52", " r53", "       1/10 "])
    await harness.controller.waitForLoads()
    expectFrame(harness.send(), [" r49", " r50", " r51", " r52", " r53", "      10/30 "])
  }

  @Test("↓ on the last row while more rows load selects the next one once they arrive")
  func downWaitsForTheTailPage() async {
    var harness = window(rows: 1...3, selecting: 2)
    harness.press(.down)
    await harness.controller.waitForLoads()
    #expect(harness.send().lines.last == "       4/13 ")
  }

  @Test("A step typed after one that waits acts where the first one leads")
  func anotherKeyFollowsTheStep() async {
    var harness = window(rows: 50...59, selecting: 0)
    harness.press(.up, .down)
    await harness.controller.waitForLoads()
    #expect(harness.send().lines.last == "      11/30 ")
  }

  @Test("A step that waited is dropped when the loader says there is nothing before")
  func theStartDropsTheStep() async {
    var harness = window(count: 3, rows: 1...3, selecting: 0)
    harness.press(.up)
    await settleLoads(&harness)
    #expect(harness.controller.state.scroll.waitingMoves == nil)
    #expect(harness.statusLine == "        1/3 ")
  }
}
