import Testing

@testable import TermElements

/// A page source whose pages the test hands out one by one, to play slow or failing servers.
actor ScriptedPages {
  /// Fetches waiting for the test to answer.
  private var waiting: [CheckedContinuation<[Row]?, any Error>] = []
  /// The test, waiting for a fetch.
  private var watchers: [CheckedContinuation<Void, Never>] = []
  /// How many pages were asked for.
  private(set) var requests = 0
  /// Whether a fetch saw its task cancelled.
  private(set) var sawCancellation = false

  /// The loader's side: waits for the test to answer.
  func next() async throws -> [Row]? {
    requests += 1
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        waiting.append(continuation)
        for watcher in watchers { watcher.resume() }
        watchers.removeAll()
      }
    } onCancel: {
      Task { await self.cancelAll() }
    }
  }

  /// Ends every waiting fetch with cancellation.
  private func cancelAll() {
    sawCancellation = true
    for continuation in waiting { continuation.resume(throwing: CancellationError()) }
    waiting.removeAll()
  }

  /// Waits until a fetch is waiting.
  func waitForRequest() async {
    guard waiting.isEmpty else { return }
    await withCheckedContinuation { watchers.append($0) }
  }

  /// Answers the oldest fetch with a page, or `nil` for the end.
  func deliver(_ rows: [Row]?) {
    waiting.removeFirst().resume(returning: rows)
  }

  /// Answers the oldest fetch with an error.
  func fail(_ message: String) {
    waiting.removeFirst().resume(throwing: PageError(message: message))
  }
}

/// Waits for the controller to ask `pages` for a page, answers with `rows`, and waits until
/// the controller has taken them.
@MainActor
func serve(_ rows: [Row]?, from pages: ScriptedPages, to controller: TableModelController) async {
  await pages.waitForRequest()
  await pages.deliver(rows)
  await controller.waitForLoads()
}

/// A failed fetch.
struct PageError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// Page `page` of `size` rows named `p<page>.<row>`.
func page(_ page: Int, size: Int) -> [Row] {
  (0..<size).map { plainRow("p\(page).\($0)") }
}

/// The labels of a controller's rows, in order.
@MainActor
func labels(_ controller: TableModelController) -> [String] {
  controller.table.sections.flatMap(\.rows).map {
    ($0.element.base as? ElementOf<Label>)?.props ?? "?"
  }
}

/// A table with one empty section loaded by `pages`.
func loadedTable(_ pages: ScriptedPages, prefetch: Int? = nil) -> Table {
  var section = Section(rows: [])
  section.tailLoader = TailLoader(id: "pages", prefetchDistance: prefetch) {
    try await pages.next()
  }
  return Table(sections: [section])
}

@MainActor
@Suite("Tail loading")
struct TailLoadingTests {
  @Test("A slow page shows a spinner at the tail until it arrives")
  func slowPage() async {
    let pages = ScriptedPages()
    let controller = TableModelController(table: loadedTable(pages))
    var harness = Harness(controller, width: 10, height: 5)
    await pages.waitForRequest()
    expectFrame(harness.send(), ["    ⠋", "", "", "", "    empty"])
    #expect(controller.isAnimating)
    expectScreen(harness.send(.tick), ["    ⠙", "", "", "", "    empty"])
    await pages.deliver(page(0, size: 2))
    await controller.waitForLoads()
    harness.send()
    await pages.waitForRequest()
    expectFrame(harness.send(), [" p0.0", " p0.1", "    ⠙", "", "      1/2"])
    await pages.deliver(nil)
    await controller.waitForLoads()
    expectFrame(harness.send(), [" p0.0", " p0.1", "", "", "      1/2"])
    #expect(!controller.isAnimating)
    #expect(await pages.requests == 2)
  }

  @Test("A failing page shows the error and a retry key; loaded rows stay; r retries")
  func failingPageThenRetry() async {
    let pages = ScriptedPages()
    let controller = TableModelController(table: loadedTable(pages))
    var harness = Harness(controller, width: 44, height: 5)
    await serve(page(0, size: 1), from: pages, to: controller)
    harness.send()
    await pages.waitForRequest()
    await pages.fail("timed out")
    await controller.waitForLoads()
    expectFrame(
      harness.send(),
      [
        " p0.0", " ⚠ Could not load more: timed out — r", " retries", "",
        "                                        1/1",
      ])
    #expect(await pages.requests == 2)
    harness.press(.character("r"))
    await serve(page(1, size: 1), from: pages, to: controller)
    harness.send()
    await serve(nil, from: pages, to: controller)
    harness.send()
    #expect(labels(controller) == ["p0.0", "p1.0"])
    #expect(await pages.requests == 4)
  }

  @Test("An empty first page ends the data with nothing shown")
  func emptyFirstPage() async {
    let pages = ScriptedPages()
    let controller = TableModelController(table: loadedTable(pages))
    var harness = Harness(controller, width: 10, height: 4)
    await serve(nil, from: pages, to: controller)
    expectFrame(harness.send(), ["", "", "", "    empty"])
    harness.press(.end, .down)
    #expect(await pages.requests == 1)
  }

  @Test("A page with no rows is not the end: r asks for the next page")
  func emptyPageIsNotTheEnd() async {
    let pages = ScriptedPages()
    let controller = TableModelController(table: loadedTable(pages))
    var harness = Harness(controller, width: 10, height: 4)
    await serve([], from: pages, to: controller)
    harness.send()
    #expect(await pages.requests == 1)
    harness.press(.character("r"))
    await serve(page(0, size: 1), from: pages, to: controller)
    harness.send()
    await serve(nil, from: pages, to: controller)
    expectFrame(harness.send(), [" p0.0", "", "", "      1/1"])
  }

  @Test("Holding End while pages arrive loads every page once, in order")
  func holdingEnd() async {
    let pages = ScriptedPages()
    let controller = TableModelController(table: loadedTable(pages, prefetch: 0))
    var harness = Harness(controller, width: 10, height: 5)
    for number in 0..<6 {
      await pages.waitForRequest()
      harness.press(.end, .end, .end)
      #expect(await pages.requests == number + 1)
      await pages.deliver(page(number, size: 5))
      await controller.waitForLoads()
      harness.press(.end)
      harness.press(.end)
    }
    await serve(nil, from: pages, to: controller)
    expectFrame(harness.press(.end), [" p5.1", " p5.2", " p5.3", " p5.4", "    30/30"])
    #expect(labels(controller) == (0..<6).flatMap { p in (0..<5).map { "p\(p).\($0)" } })
    #expect(await pages.requests == 7)
  }

  @Test("Pages arriving keep the scroll position and the selection")
  func appendingKeepsPosition() async {
    let pages = ScriptedPages()
    let controller = TableModelController(table: loadedTable(pages, prefetch: 100))
    var harness = Harness(controller, width: 10, height: 5)
    await serve(page(0, size: 10), from: pages, to: controller)
    harness.press(.down, .down, .down, .down, .down)
    let before = harness.tableLines
    await serve(page(1, size: 10), from: pages, to: controller)
    #expect(harness.send().lines.dropLast() == before[...])
    #expect(controller.selection == IndexPath(row: 4, section: 0))
  }

  @Test("Quitting cancels the load in flight")
  func quittingCancels() async {
    let pages = ScriptedPages()
    let controller = TableModelController(table: loadedTable(pages))
    var harness = Harness(controller, width: 10, height: 4)
    await pages.waitForRequest()
    harness.press(.character("q"))
    await controller.waitForLoads()
    while !(await pages.sawCancellation) { await Task.yield() }
    #expect(controller.isFinished)
  }
}

/// The ViewElements recipe: a loading section with a tagged spinner row, and a `willDisplay`
/// override that fetches, appends and calls `reloadData()`.
final class RecipeController: TableModelController {
  /// Where the pages come from.
  let pages: ScriptedPages
  /// Whether a page is being fetched.
  var isLoading = false
  /// The fetch in flight, for the test to wait on.
  var loadTask: Task<Void, any Error>?

  init(pages: ScriptedPages) {
    self.pages = pages
    super.init(table: Table())
  }

  override func setupTable() {
    let loadingSection = Section(rows: [
      Row(
        ElementOfActivityIndicator(), tag: "loading", rowHeight: 1, separatorStyle: .none,
        isUserInteractionEnabled: false)
    ])
    table = Table(sections: [Section(rows: []), loadingSection])
  }

  override func willDisplay(row: Row, at indexPath: IndexPath) {
    guard row.tag == "loading", !isLoading else { return }
    isLoading = true
    loadTask = Task {
      let rows = try await pages.next()
      if let rows, !rows.isEmpty {
        table.sections[0].rows.append(contentsOf: rows)
      } else if table.sections.count == 2 {
        table.sections.removeLast()
      }
      reloadData()
      isLoading = false
    }
  }
}

@MainActor
@Suite("Tail loading, the ViewElements way")
struct RecipeTailLoadingTests {
  @Test("willDisplay on the loading row fetches, appends and reloads the data")
  func recipe() async {
    let pages = ScriptedPages()
    let controller = RecipeController(pages: pages)
    var harness = Harness(controller, width: 10, height: 5)
    await pages.waitForRequest()
    expectFrame(harness.send(), ["    ⠋", "", "", "", "    1 row"])
    await pages.deliver(page(0, size: 2))
    _ = await controller.loadTask?.result
    harness.send()
    await pages.waitForRequest()
    await pages.deliver(nil)
    _ = await controller.loadTask?.result
    expectFrame(harness.send(), [" p0.0", " p0.1", "", "", "      1/2"])
    #expect(await pages.requests == 2)
  }
}

@MainActor
@Suite("Tail loading under another screen")
struct CoveredScreenLoadingTests {
  @Test("A page that arrives while a screen is pushed on top is there when it is popped")
  func pageArrivesUnderPushedScreen() async {
    let pages = ScriptedPages()
    let list = TableModelController(title: "List", table: loadedTable(pages))
    let stack = NavigationStack(root: list)
    var screen = Screen(width: 12, height: 5)
    stack.render(into: &screen)
    await pages.waitForRequest()
    stack.push(TableModelController(title: "Detail", table: numberedTable(2)))
    stack.render(into: &screen)
    await pages.deliver(page(0, size: 2))
    await list.waitForLoads()
    stack.render(into: &screen)
    expectScreen(screen, [" … › Detail", " r 0", " r 1", "", "        1/2"])
    stack.handle(.key(.escape))
    stack.render(into: &screen)
    #expect(screen.lines[0] == " List       ")
    #expect(labels(list) == ["p0.0", "p0.1"])
  }

  @Test("A page for a loader the app took out of the table is not shown in its place")
  func pageForRemovedLoaderIsDropped() async {
    let pages = ScriptedPages()
    let controller = TableModelController(table: loadedTable(pages))
    var harness = Harness(controller, width: 10, height: 4)
    await pages.waitForRequest()
    controller.table = numberedTable(2)
    harness.send()
    await pages.deliver(page(0, size: 2))
    await controller.waitForLoads()
    expectFrame(harness.send(), [" r 0", " r 1", "", "      1/2"])
    #expect(labels(controller) == ["r 0", "r 1"])
  }
}
