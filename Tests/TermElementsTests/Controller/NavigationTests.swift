import Testing

@testable import TermElements

/// Screens on a navigation stack: push, pop, the title line, appearing and disappearing, and
/// frames asked for once however many changes come.
@MainActor
@Suite("Navigation: a stack of screens")
struct NavigationTests {
  /// Draws a frame of `stack` into a screen of `width` × `height`.
  func frame(_ stack: NavigationStack, _ screen: inout Screen) -> Screen {
    stack.render(into: &screen)
    return screen
  }

  @Test("Pushed and popped screens come back exactly as they were left")
  func pushAndPop() {
    let list = TableModelController(title: "List", table: Table(rows: identifiedRows(50)))
    let stack = NavigationStack(root: list)
    var screen = Screen(width: 16, height: 6)
    stack.render(into: &screen)
    for _ in 0..<7 { stack.handle(.key(.down)) }
    stack.handle(.key(.pageDown))
    let listFrame = frame(stack, &screen)
    expectScreen(listFrame, [" List", " r7", " r8", " r9", " r10", "          11/50"])
    let detail = TableModelController(title: "Item 12", table: Table(rows: identifiedRows(9)))
    stack.push(detail)
    stack.handle(.key(.end))
    let detailFrame = frame(stack, &screen)
    expectScreen(detailFrame, [" List › Item 12", " r5", " r6", " r7", " r8", "            9/9"])
    stack.push(TableModelController(title: "More", table: Table(rows: identifiedRows(3))))
    expectScreen(
      frame(stack, &screen), [" …tem 12 › More", " r0", " r1", " r2", "", "            1/3"])
    stack.pop()
    #expect(frame(stack, &screen) == detailFrame)
    stack.handle(.key(.escape))
    #expect(frame(stack, &screen) == listFrame)
    #expect(list.selection == row(10))
    // Neither Esc nor ← quits from the first screen; Esc says that q does.
    stack.handle(.key(.left))
    #expect(!stack.isFinished)
    stack.handle(.key(.escape))
    #expect(!stack.isFinished)
    #expect(list.notice == TableModelController.quitNotice)
    stack.handle(.key(.character("q")))
    #expect(stack.isFinished)
  }

  @Test("popToRoot comes back to the first screen")
  func popToRoot() {
    let root = TableModelController(title: "Root", table: Table(rows: identifiedRows(3)))
    let stack = NavigationStack(root: root)
    var screen = Screen(width: 12, height: 3)
    for name in ["A", "B", "C"] { stack.push(TableModelController(title: name)) }
    #expect(stack.screens.count == 4)
    stack.popToRoot()
    expectScreen(frame(stack, &screen), [" Root", " r0", "        1/3"])
    #expect(stack.top === root)
  }

  @Test("Screens appear and disappear as they are shown, covered, uncovered and popped")
  func lifecycle() {
    let log = Log()
    func screen(_ name: String) -> TableModelController {
      let screen = TableModelController(title: name)
      screen.onAppear = { log.entries.append("\(name) appears") }
      screen.onDisappear = { log.entries.append("\(name) disappears") }
      return screen
    }
    let stack = NavigationStack(root: screen("root"))
    #expect(log.entries.isEmpty)
    var frame = Screen(width: 10, height: 3)
    stack.render(into: &frame)
    stack.push(screen("detail"))
    stack.push(screen("more"))
    stack.pop()
    stack.popToRoot()
    stack.finish()
    #expect(
      log.entries == [
        "root appears", "root disappears", "detail appears", "detail disappears",
        "more appears", "more disappears", "detail appears", "detail disappears",
        "root appears", "root disappears",
      ])
  }

  @Test("The title line is cut from the left with … when it is too wide")
  func titleLine() {
    let glyphs = TitleLine.text(
      titles: ["Tables", "people", "id 6"], width: 14, glyphs: .unicode)
    #expect(String(glyphs.map(\.character)) == "…people › id 6")
    let fits = TitleLine.text(titles: ["Tables", "people"], width: 20, glyphs: .unicode)
    #expect(String(fits.map(\.character)) == "Tables › people")
    let wide = TitleLine.text(titles: ["東京", "大阪"], width: 4, glyphs: .unicode)
    #expect(String(wide.map(\.character)) == "…阪")
    #expect(TitleLine.text(titles: ["x"], width: 0, glyphs: .unicode).isEmpty)
  }

  @Test("Many changes in one turn ask for one frame")
  func coalescing() {
    let controller = TableModelController(table: Table(rows: identifiedRows(5)))
    let stack = NavigationStack(root: controller)
    var frames = 0
    stack.onNeedsDisplay = { frames += 1 }
    var screen = Screen(width: 10, height: 4)
    stack.render(into: &screen)
    for index in 0..<1_000 {
      controller.table.sections[0].rows[index % 5] = identifiedRow("r\(index % 5) \(index)")
    }
    controller.title = "Changed"
    #expect(frames == 1)
    stack.render(into: &screen)
    #expect(screen.lines[0].hasPrefix(" Changed"))
    #expect(screen.lines[1].hasPrefix(" r0 995"))
    controller.table.sections[0].rows[0] = identifiedRow("again")
    #expect(frames == 2)
  }

  @Test("Setting the table from a task on the main actor asks for a frame")
  func tableFromTask() async {
    let controller = TableModelController()
    var frames = 0
    controller.onNeedsDisplay = { frames += 1 }
    var screen = Screen(width: 10, height: 3)
    controller.render(into: &screen)
    await Task { @MainActor in controller.table = Table(rows: identifiedRows(2)) }.value
    #expect(frames == 1)
    controller.render(into: &screen)
    expectScreen(screen, [" r0", " r1", "      1/2"])
  }
}
