import Testing

@testable import TermElements

@MainActor
@Suite("A failed page shows where the user is")
struct FailedPageRevealTests {
  @Test("A tail error with the last row selected comes on screen; the selection stays")
  func tailErrorComesOnScreen() async {
    let pages = ScriptedPages()
    let controller = TableModelController(table: loadedTable(pages, prefetch: 0))
    var harness = Harness(controller, width: 48, height: 4)
    await serve(page(0, size: 5), from: pages, to: controller)
    harness.press(.end)
    expectFrame(harness, [" p0.2", " p0.3", " p0.4", String(repeating: " ", count: 44) + "5/5 "])
    await pages.waitForRequest()
    await pages.fail("timeout")
    await controller.waitForLoads()
    harness.send()
    expectFrame(
      harness,
      [
        " p0.3", " p0.4", " ⚠ Could not load more: timeout — r retries",
        String(repeating: " ", count: 44) + "5/5 ",
      ])
    #expect(controller.selection == IndexPath(row: 4, section: 0))
  }

  @Test("A head error with the first row selected comes on screen; the selection stays")
  func headErrorComesOnScreen() async {
    let pages = ScriptedPages()
    var section = Section(
      rows: (1...5).map {
        Row(ElementOfLabel(props: "r\($0)"), id: RowID($0), separatorStyle: .none)
      })
    section.headLoader = HeadLoader(id: "older", prefetchDistance: 0) { _ in try await pages.next()
    }
    let controller = TableModelController(table: Table(sections: [section]))
    var harness = Harness(controller, width: 56, height: 4)
    await pages.waitForRequest()
    await pages.fail("timeout")
    await controller.waitForLoads()
    harness.send()
    expectFrame(
      harness,
      [
        " ⚠ Could not load earlier rows: timeout — r retries", " r1", " r2",
        String(repeating: " ", count: 52) + "1/5 ",
      ])
    #expect(controller.selection == IndexPath(row: 1, section: 0))
  }
}
