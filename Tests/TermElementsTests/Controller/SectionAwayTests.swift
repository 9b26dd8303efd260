import Testing

@testable import TermElements

/// A feed read by cursor, as an API that hands out "the next page" does: each request moves
/// the cursor on, whether or not the page is used, so a page dropped is a page lost.
actor CursorFeed {
  /// The items, numbered from 0.
  let count: Int
  /// The size of the first page; the others are `pageSize`.
  let firstPageSize: Int
  /// The size of the pages after the first.
  let pageSize: Int
  /// Where the next page starts.
  private var cursor = 0
  /// Pages served, the first included.
  private(set) var pagesServed = 0

  init(count: Int, firstPageSize: Int, pageSize: Int) {
    self.count = count
    self.firstPageSize = firstPageSize
    self.pageSize = pageSize
  }

  /// The next page, whatever row it is asked after; `nil` at the end.
  func next() -> [Row]? {
    guard cursor < count else { return nil }
    let size = pagesServed == 0 ? firstPageSize : pageSize
    let page = (cursor..<min(count, cursor + size)).map {
      Row(ElementOfLabel(props: "item \($0)"), id: RowID($0), separatorStyle: .none)
    }
    cursor += page.count
    pagesServed += 1
    return page
  }
}

/// Sections that leave the table while their page loads, and come back.
@MainActor
@Suite("A section that leaves while its page loads")
struct SectionAwayTests {
  /// A section that reads `feed` by cursor.
  func feedSection(_ feed: CursorFeed) -> Section {
    var section = Section(rows: [])
    section.tailLoader = TailLoader(id: "feed") { _ in await feed.next() }
    return section
  }

  @Test("A cursor loader's page that lands while its section is away is added when it is back")
  func cursorPageWaitsForItsSection() async {
    let feed = CursorFeed(count: 300, firstPageSize: 10, pageSize: 100)
    let controller = TableModelController(table: Table(sections: [feedSection(feed)]))
    var harness = Harness(controller, width: 12, height: 6)
    #expect(controller.isFetchingPage)
    // The section leaves; its first page lands meanwhile; it comes back.
    controller.table = Table(rows: [Row(ElementOfLabel(props: "other"), id: "other")])
    harness.send()
    await controller.waitForLoads()
    expectFrame(harness.send(), [" other", "", "", "", "", "        1/1 "])
    controller.table = Table(sections: [feedSection(feed)])
    await settleLoads(&harness)
    let numbers = controller.table.sections[0].rows.compactMap { $0.id?.number }
    #expect(numbers == Array(0..<numbers.count), "\(numbers.prefix(20))")
    #expect(numbers.count >= 10)
    expectFrame(
      harness.screen, [" item 0", " item 1", " item 2", " item 3", " item 4", "      1/110 "])
  }

  @Test("The page kept for a section away is not asked for again")
  func keptPageIsNotAskedAgain() async {
    let feed = CursorFeed(count: 5, firstPageSize: 5, pageSize: 5)
    let controller = TableModelController(table: Table(sections: [feedSection(feed)]))
    var harness = Harness(controller, width: 12, height: 4)
    controller.table = Table()
    harness.send()
    await controller.waitForLoads()
    controller.table = Table(sections: [feedSection(feed)])
    await settleLoads(&harness)
    #expect(await feed.pagesServed == 1)
    expectFrame(harness.screen, [" item 0", " item 1", " item 2", "        1/5 "])
  }
}
