import Testing

@testable import TermElements

/// A table of a section of `count` identified rows whose loader is `pages`, and a second one.
func twoSectionTable(_ pages: ScriptedPages, above count: Int, below: Int) -> Table {
  var first = Section(rows: identifiedRows(count, prefix: "a"))
  first.tailLoader = TailLoader(id: "above", prefetchDistance: 0) { try await pages.next() }
  let second = Section(rows: identifiedRows(below, prefix: "b"))
  return Table(sections: [first, second])
}

/// What the loading rows the framework adds must never do: move the screen, confuse the
/// position, or trip up the next key.
@MainActor
@Suite("Tail loading: the screen around it")
struct LoadingEdgeTests {
  @Test("Keys and clicks right after the spinner row goes, before any frame, are safe")
  func keysAfterTheSpinnerGoes() async {
    let pages = ScriptedPages()
    var section = Section(rows: identifiedRows(3))
    section.tailLoader = TailLoader(id: "pages") { try await pages.next() }
    let controller = TableModelController(table: Table(sections: [section]))
    var harness = Harness(controller, width: 10, height: 6)
    await pages.waitForRequest()
    harness.send()
    harness.press(.end)
    expectFrame(harness, [" r0", " r1", " r2", "    ⠋", "", "      3/3"])
    await pages.deliver(nil)
    await controller.waitForLoads()
    controller.handle(.key(.down))
    controller.handle(.mouse(MouseEvent(kind: .click, at: Point(x: 4, y: 3))))
    controller.handle(.key(.down))
    expectFrame(harness.send(), [" r0", " r1", " r2", "", "", "      3/3"])
    #expect(controller.selection == row(2))
  }

  @Test("A page arriving in a section above the screen leaves the screen as it was")
  func pageAboveTheScreen() async {
    let pages = ScriptedPages()
    let controller = TableModelController(table: twoSectionTable(pages, above: 5, below: 40))
    var harness = Harness(controller, width: 10, height: 6)
    await pages.waitForRequest()
    controller.select(IndexPath(row: 20, section: 1))
    controller.scrollToRow(at: IndexPath(row: 18, section: 1), position: .top)
    let before = harness.send()
    expectFrame(before, [" b18", " b19", " b20", " b21", " b22", "    26/45"])
    await pages.deliver((0..<10).map { identifiedRow("p\($0)") })
    await controller.waitForLoads()
    expectFrame(harness.send(), [" b18", " b19", " b20", " b21", " b22", "    36/55"])
    #expect(controller.selection == IndexPath(row: 20, section: 1))
  }

  @Test("A page for a spinner a 2-line pinned header covers leaves the rows on screen put")
  func pageUnderPinnedHeader() async {
    let pages = ScriptedPages()
    var table = twoSectionTable(pages, above: 2, below: 20)
    // At 7 columns the header takes 2 lines; pinned, pushed up by the end of its section.
    table.sections[0].header = SectionHeader(ElementOfLabel(props: "Fruit list"))
    table.pinsSectionHeaders = true
    var harness = await Self.pageUnderHeader(table, pages)
    // Above the rows seen, under the header, the page is there.
    expectFrame(
      harness.send(.mouse(MouseEvent(kind: .wheelUp, at: Point(x: 1, y: 3)))),
      [" Fruit", " list", " p1", " p2", "   ⠋", " b0", " b1", " b2"])
  }

  @Test("A page for a spinner under a stretchy header's last lines leaves the rows on screen put")
  func pageUnderStretchyHeader() async {
    let pages = ScriptedPages()
    var table = twoSectionTable(pages, above: 2, below: 20)
    // It stays 2 lines tall.
    table.stretchyHeader = StretchyHeader(
      behavior: .shrinksToMinimumHeight(2), element: ElementOfLabel(props: "Fruit list"),
      restingHeight: 2)
    _ = await Self.pageUnderHeader(table, pages)
  }

  /// Shows `table`, whose 2-line header reads "Fruit list", at 7x8 with its spinner on screen;
  /// turns the wheel three lines down, so that the header covers a1 and the spinner and b0 is
  /// the first row seen; then checks that the page `pages` delivers, and the next spinner,
  /// come under the header and leave the rows seen on their lines. Returns the harness.
  static func pageUnderHeader(_ table: Table, _ pages: ScriptedPages) async -> Harness {
    let controller = TableModelController(table: table)
    controller.showsStatusLine = false
    var harness = Harness(controller, width: 7, height: 8)
    await pages.waitForRequest()
    controller.select(nil)
    expectFrame(harness.send(), [" Fruit", " list", " a0", " a1", "   ⠋", " b0", " b1", " b2"])
    let seen = [" Fruit", " list", " b0", " b1", " b2", " b3", " b4", " b5"]
    expectFrame(harness.send(.mouse(MouseEvent(kind: .wheelDown, at: Point(x: 1, y: 3)))), seen)
    await pages.deliver((0..<3).map { identifiedRow("p\($0)") })
    await controller.waitForLoads()
    expectFrame(harness.send(), seen)
    await pages.waitForRequest()
    expectFrame(harness.send(), seen)
    return harness
  }

  @Test("The position counts the app's rows, never the spinner or the error row")
  func positionCountsOnlyRows() async {
    let pages = ScriptedPages()
    let controller = TableModelController(table: loadedTable(pages))
    var harness = Harness(controller, width: 44, height: 5)
    await serve(page(0, size: 2), from: pages, to: controller)
    harness.send()
    await pages.waitForRequest()
    expectFrame(
      harness.send(),
      [
        " p0.0", " p0.1", "                     ⠋", "",
        "                                        1/2",
      ])
    #expect(controller.position.count == 2)
    await pages.fail("down")
    await controller.waitForLoads()
    harness.press(.end)
    // The error row can be chosen, to retry; it has no number among the rows.
    #expect(harness.statusLine.hasSuffix("2 rows "))
    // Enter on the error row retries: the spinner takes its place and the selection moves
    // to a row that can be selected.
    harness.press(.enter)
    #expect(controller.selection == row(1))
    #expect(harness.statusLine.hasSuffix("2/2 "))
    // A section taken out while it loads leaves an honest count.
    controller.table = Table(sections: [])
    expectFrame(harness.send(), ["", "", "", "", "                                      empty"])
  }

  @Test("A load made in the last frame is never started once the program quits")
  func noLoadAfterFinish() async {
    let pages = ScriptedPages()
    let controller = TableModelController(table: loadedTable(pages))
    var screen = Screen(width: 10, height: 4)
    controller.render(into: &screen)
    controller.finish()
    await controller.waitForLoads()
    for _ in 0..<10 { await Task.yield() }
    #expect(await pages.requests == 0)
  }

  @Test("The table's loader takes over once the last section's own loader has ended")
  func tableLoaderAfterSectionLoader() async {
    let sectionPages = ScriptedPages()
    let tablePages = ScriptedPages()
    var section = Section(rows: [])
    section.tailLoader = TailLoader(id: "section") { try await sectionPages.next() }
    var table = Table(sections: [section])
    table.tailLoader = TailLoader(id: "table") { try await tablePages.next() }
    let controller = TableModelController(table: table)
    var harness = Harness(controller, width: 10, height: 8)
    await serve(page(0, size: 2), from: sectionPages, to: controller)
    harness.send()
    await serve(nil, from: sectionPages, to: controller)
    harness.send()
    await serve(page(1, size: 2), from: tablePages, to: controller)
    harness.send()
    await serve(nil, from: tablePages, to: controller)
    expectFrame(harness.send(), [" p0.0", " p0.1", " p1.0", " p1.1", "", "", "", "      1/4"])
    #expect(controller.table.sections.count == 1)
    #expect(await sectionPages.requests == 2)
    #expect(await tablePages.requests == 2)
  }
}

@MainActor
@Suite("Tail loading: paging across pages")
struct PagingAcrossPagesTests {
  @Test("A page down past the rows loaded finishes when the next page arrives")
  func pageDownAcrossAPage() async {
    let pages = ScriptedPages()
    let controller = TableModelController(table: loadedTable(pages, prefetch: 0))
    var harness = Harness(controller, width: 10, height: 6)
    await serve((0..<6).map { plainRow("r\($0)") }, from: pages, to: controller)
    harness.send()
    harness.press(.down, .down)
    expectFrame(harness, [" r0", " r1", " r2", " r3", " r4", "      3/6"])
    // A page is 4 lines: from r2 to r6, which is not loaded yet.
    harness.press(.pageDown)
    await pages.waitForRequest()
    #expect(controller.selection == row(5))
    await pages.deliver((6..<12).map { plainRow("r\($0)") })
    await controller.waitForLoads()
    harness.send()
    #expect(controller.selection == row(6))
    #expect(harness.statusLine.hasSuffix("7/12 "))
    // A key typed before the page lands acts where the rest of the page leads: the page
    // goes on to the last row once the loader says there is no more, and ↑ goes up from it.
    harness.press(.end)
    harness.press(.pageDown)
    await pages.waitForRequest()
    harness.press(.up)
    await pages.deliver((12..<14).map { plainRow("r\($0)") })
    await controller.waitForLoads()
    harness.send()
    await pages.waitForRequest()
    await pages.deliver(nil)
    await controller.waitForLoads()
    harness.send()
    #expect(controller.selection == row(12))
  }
}
