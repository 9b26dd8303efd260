import TermElements
import Testing

@testable import TermElementsRecords

/// Jumps and searches typed ahead, in one batch with no frame between them, act in the order
/// typed, each on the records the one before it left.
@MainActor
@Suite("Jumps and searches typed ahead")
struct TypedAheadWorkTests {
  /// Records 1 to 100, the word `mark` in records 10 and 60.
  static func screen() async throws -> RecordsScreen {
    let records = (1...100).map { number in
      [CellValue.integer(Int64(number)), .text(number == 10 || number == 60 ? "mark" : "plain")]
    }
    let source = MemoryRecordSource(
      name: "log", columns: ["n", "word"], records: records, keyColumns: [0])
    let screen = try await RecordsScreen.open(source, pageSize: 10)
    screen.go(to: .number(50))
    await screen.waitUntilIdle()
    #expect(screen.selectedRecord?.record.values.first == .integer(50))
    return screen
  }

  @Test("g then /mark: the search starts from the first record")
  func jumpThenSearch() async throws {
    let screen = try await Self.screen()
    screen.go(to: .first)
    screen.search("mark")
    await screen.waitUntilIdle()
    #expect(screen.selectedRecord?.record.values.first == .integer(10))
  }

  @Test("/mark then n: the second match, not the first twice")
  func searchThenNext() async throws {
    let screen = try await Self.screen()
    screen.go(to: .first)
    screen.search("mark")
    screen.search("mark")
    await screen.waitUntilIdle()
    #expect(screen.selectedRecord?.record.values.first == .integer(60))
  }

  @Test("g, ↓, ↓ then =, in one batch: the filter takes the value of the record reached")
  func movesThenFilterByCell() async throws {
    let screen = try await Self.screen()
    #expect(screen.columns.cursor == 0)
    for key in [Key.home, .down, .down, .character("=")] { screen.handle(.key(key)) }
    await screen.waitUntilIdle()
    #expect(screen.view.filter == #""n" = 3"#)
    #expect(screen.selectedRecord?.record.values.first == .integer(3))
  }

  @Test("Esc drops what was typed ahead with the work it stops")
  func escapeDropsTheQueue() async throws {
    let screen = try await Self.screen()
    screen.go(to: .first)
    screen.search("mark")
    screen.escape()
    await screen.waitUntilIdle()
    #expect(screen.selectedRecord?.record.values.first == .integer(50))
  }
}
