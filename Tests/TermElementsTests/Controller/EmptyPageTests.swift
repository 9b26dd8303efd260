import Testing

@testable import TermElements

/// A page source that has nothing more for now: every page it gives is empty, and it counts
/// how often it was asked.
actor EmptyPages {
  /// How many pages were asked for.
  private(set) var requests = 0

  /// An empty page.
  func next() -> [Row]? {
    requests += 1
    return []
  }
}

/// A section of rows `r1`…`rN` (with ids) whose tail, or head, loader asks `pages`.
func caughtUpSection(rows count: Int, _ pages: EmptyPages, atHead: Bool = false) -> Section {
  var section = Section(
    rows: (1...count).map {
      Row(ElementOfLabel(props: "r\($0)"), id: RowID($0), separatorStyle: .none)
    })
  if atHead {
    section.headLoader = HeadLoader(id: "older", prefetchDistance: 0) { _ in await pages.next() }
  } else {
    section.tailLoader = TailLoader(id: "newer", prefetchDistance: 0) { await pages.next() }
  }
  return section
}

@MainActor
@Suite("An empty page means nothing more for now")
struct EmptyPageTests {
  @Test("An empty tail page is asked for once, with no spinner, until ↓ at the end or r")
  func emptyTailPage() async {
    let pages = EmptyPages()
    let controller = TableModelController(table: Table(sections: [caughtUpSection(rows: 2, pages)]))
    var harness = Harness(controller, width: 10, height: 4)
    for _ in 0..<5 {
      await controller.waitForLoads()
      harness.send(.tick)
    }
    #expect(await pages.requests == 1)
    expectFrame(harness, [" r1", " r2", "", "      1/2 "])
    // Moving inside the rows asks nothing; pushing against the end asks once.
    harness.press(.down)
    await controller.waitForLoads()
    #expect(await pages.requests == 1)
    harness.press(.down)
    await controller.waitForLoads()
    for _ in 0..<5 { harness.send(.tick) }
    await controller.waitForLoads()
    #expect(await pages.requests == 2)
    harness.press(.end)
    await controller.waitForLoads()
    #expect(await pages.requests == 3)
    harness.press(.character("r"))
    await controller.waitForLoads()
    for _ in 0..<5 { harness.send(.tick) }
    #expect(await pages.requests == 4)
    expectFrame(harness, [" r1", " r2", "", "      2/2 "])
  }

  @Test("Scrolling away from an empty tail and back asks once more")
  func scrollingBack() async {
    let pages = EmptyPages()
    let controller = TableModelController(
      table: Table(sections: [caughtUpSection(rows: 20, pages)]))
    var harness = Harness(controller, width: 10, height: 4)
    #expect(await pages.requests == 0)
    harness.press(.end)
    await controller.waitForLoads()
    harness.send(.tick)
    #expect(await pages.requests == 1)
    expectFrame(harness, [" r18", " r19", " r20", "    20/20 "])
    harness.press(.up, .up, .up, .up)
    await controller.waitForLoads()
    harness.send(.tick)
    #expect(await pages.requests == 1)
    harness.press(.down, .down, .down, .down)
    await controller.waitForLoads()
    harness.send(.tick)
    #expect(await pages.requests == 2)
  }

  @Test("An empty head page is asked for once, until ↑ at the start or r")
  func emptyHeadPage() async {
    let pages = EmptyPages()
    let controller = TableModelController(
      table: Table(sections: [caughtUpSection(rows: 2, pages, atHead: true)]))
    var harness = Harness(controller, width: 10, height: 4)
    for _ in 0..<5 {
      await controller.waitForLoads()
      harness.send(.tick)
    }
    #expect(await pages.requests == 1)
    expectFrame(harness, [" r1", " r2", "", "      1/2 "])
    harness.press(.up)
    await controller.waitForLoads()
    harness.send(.tick)
    #expect(await pages.requests == 2)
    harness.send(.mouse(MouseEvent(kind: .wheelUp, at: Point(x: 0, y: 0))))
    await controller.waitForLoads()
    harness.send(.tick)
    #expect(await pages.requests == 3)
  }
}
