import DataBrowserCore
import TermElements
import Testing

/// The browser's screens, driven headless: the list of tables, records loaded page by page,
/// a record's detail, and Esc back.
@MainActor
@Suite("Browser controller")
struct BrowserControllerTests {
  /// Draws a frame, waits for the loads it started, and draws again.
  func frame(_ controller: BrowserController, _ screen: inout Screen) async {
    controller.render(into: &screen)
    await controller.waitForLoads()
    controller.render(into: &screen)
  }

  /// The ids shown in the first column, top to bottom.
  func ids(_ screen: Screen) -> [Int] {
    screen.lines.dropLast().compactMap { line in
      Int(line.split(separator: "│").first?.trimmingCharacters(in: .whitespaces) ?? "")
    }
  }

  /// Holding PgDn loads page after page; the ids on screen are always contiguous, and every
  /// row loaded is there once.
  @Test("Paging down loads pages in order")
  func pagingLoads() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 1_000))
    let controller = BrowserController(
      database: database, tables: nil, schema: try database.schema(of: "items"), pageSize: 50)
    var screen = Screen(width: 80, height: 24)
    await frame(controller, &screen)
    #expect(screen.lines[0].contains("id   │ label"))
    for _ in 0..<30 {
      controller.handle(.key(.pageDown))
      await frame(controller, &screen)
      let shown = ids(screen)
      #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 + 1 == $1 }, "\(screen.lines)")
      #expect(screen.lines[0].contains("id   │ label"))
    }
    let rows = (0..<controller.table.rowCount).map {
      controller.row(at: IndexPath(row: $0, section: 0))
    }
    #expect(rows.count > 600)
    #expect(controller.statusText().hasPrefix("items · row "))
    controller.handle(.key(.end))
    for _ in 0..<40 {
      await frame(controller, &screen)
      controller.handle(.key(.end))
    }
    await frame(controller, &screen)
    #expect(controller.table.rowCount == 1_000)
    #expect(ids(screen).last == 1_000, "\(screen.lines)")
  }

  /// Enter opens a record's detail; Esc comes back to the same selection and scroll.
  @Test("Enter shows a record; Esc goes back to the same place")
  func detailAndBack() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 500))
    let controller = BrowserController(
      database: database, tables: try database.tables(), pageSize: 100)
    var screen = Screen(width: 80, height: 24)
    await frame(controller, &screen)
    #expect(controller.mode == .tables)
    #expect(screen.lines[1].contains("items") && screen.lines[1].contains("500"))
    controller.handle(.key(.enter))
    await frame(controller, &screen)
    #expect(controller.mode == .records)
    for _ in 0..<3 { controller.handle(.key(.pageDown)) }
    for _ in 0..<5 { controller.handle(.key(.down)) }
    await frame(controller, &screen)
    let before = screen.lines
    let selected = controller.selection
    controller.handle(.key(.enter))
    await frame(controller, &screen)
    #expect(controller.mode == .detail)
    #expect(screen.lines.contains { $0.contains("label") && $0.contains("item ") })
    #expect(screen.lines.contains { $0.contains("data") })
    controller.handle(.key(.escape))
    await frame(controller, &screen)
    #expect(controller.mode == .records)
    #expect(controller.selection == selected)
    #expect(screen.lines.dropLast() == before.dropLast())
    controller.handle(.key(.escape))
    await frame(controller, &screen)
    #expect(controller.mode == .tables)
    #expect(!controller.isFinished)
    controller.handle(.key(.escape))
    #expect(controller.isFinished)
  }

  /// NULL and BLOB cells in the records of the sample.
  @Test("NULL and BLOB cells")
  func nullAndBlob() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 30))
    let controller = BrowserController(
      database: database, tables: nil, schema: try database.schema(of: "items"))
    var screen = Screen(width: 80, height: 24)
    await frame(controller, &screen)
    #expect(screen.lines.contains { $0.contains("<blob 1.3 KiB>") }, "\(screen.lines)")
    #expect(screen.lines.contains { $0.contains("NULL") })
  }
}
