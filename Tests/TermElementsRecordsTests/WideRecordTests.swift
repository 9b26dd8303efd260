import TermElements
import Testing

@testable import TermElementsRecords

/// A file of more columns than a line holds cells of: each record line holds the cells of the
/// columns around the cursor only, and moving sideways still reaches every column. (3,000
/// columns: moving the cursor at a width of 0, as a test without a terminal does, walks the
/// columns one by one, which a debug build of 100,000 takes minutes over.)
@MainActor
@Suite("Records of very many columns", .timeLimit(.minutes(5)))
struct WideRecordTests {
  static let columns = 3_000

  /// The record lines of `screen`'s table.
  static func lines(_ screen: RecordsScreen) -> [RecordLine.Props] {
    screen.table.sections.flatMap(\.rows).compactMap {
      ($0.element.base as? ElementOf<RecordLine>)?.props
    }
  }

  @Test("A line holds at most 1,024 cells, and the cursor's column is always among them")
  func boundedCells() async throws {
    let header = (0..<Self.columns).map { "c\($0)" }.joined(separator: ",")
    let rows = (1...3).map { row in
      (0..<Self.columns).map { "r\(row)v\($0)" }.joined(separator: ",")
    }
    let file = try TemporaryCSV(([header] + rows).joined(separator: "\n") + "\n")
    defer { file.remove() }
    let screen = try await RecordsScreen.open(try file.source(), pageSize: 10)
    await screen.waitUntilIdle()
    var lines = Self.lines(screen)
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { $0.cells.count == RecordsScreen.cellWindow })
    #expect(lines.allSatisfy { $0.firstCellColumn == 0 })
    for (steps, column) in [(2_000, 2_000), (1, 2_001), (998, 2_999), (-2_999, 0)] {
      let before = lines
      screen.moveColumnCursor(by: steps)
      #expect(screen.columns.cursor == column)
      lines = Self.lines(screen)
      // A step the cells held still cover changes no line: the lines read the cursor as they
      // are drawn.
      if steps.magnitude < RecordsScreen.cellMargin { #expect(lines == before) }
      #expect(lines.count == 3)
      for (row, line) in lines.enumerated() {
        #expect(line.cells.count <= RecordsScreen.cellWindow)
        let index = column - line.firstCellColumn
        #expect(line.cells.indices.contains(index))
        #expect(line.cells[index].text == "r\(row + 1)v\(column)", "column \(column)")
      }
    }
  }
}
