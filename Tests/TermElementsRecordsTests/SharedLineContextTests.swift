import TermElements
import TermElementsRecords
import Testing

/// Moving the column cursor, and highlighting a search, with 2,000 records held: the rows of
/// the table stay as they are, read where the columns are scrolled and what to highlight as
/// they are drawn, and the screen shows the columns scrolled to and the text highlighted.
@MainActor
@Suite("The column cursor with many records held", .timeLimit(.minutes(5)))
struct SharedLineContextTests {
  /// Records held, and columns.
  static let (records, columns) = (2_000, 40)

  /// A records screen holding 2,000 records of 40 columns (a key, then `r<row>c<column>`),
  /// drawn at 80x24, the record `selected` selected.
  static func screen(selecting selected: Int) -> (RecordsScreen, Screen) {
    let names = ["id"] + (1..<columns).map { "column \($0)" }
    let records = (0..<records).map { row in
      PageRecord(
        values: [.integer(Int64(row))] + (1..<columns).map { .text("r\(row)c\($0)") },
        key: RecordKey([.integer(Int64(row))]))
    }
    let source = MemoryRecordSource(
      name: "wide", columns: names, records: records.map(\.values), keyColumns: [0])
    let screen = RecordsScreen(
      source: source, firstPage: records, count: .exact(records.count), pageSize: records.count)
    var frame = Screen(width: 80, height: 24)
    screen.render(into: &frame)
    screen.select(IndexPath(row: selected, section: 0))
    screen.render(into: &frame)
    return (screen, frame)
  }

  /// The rows of `screen`'s table.
  static func rows(_ screen: RecordsScreen) -> [Row] {
    screen.table.sections.flatMap { Array($0.rows) }
  }

  /// How many rows of `after` differ from those of `before` at the same place, and how many
  /// places only one of them has.
  static func changedRows(_ before: [Row], _ after: [Row]) -> Int {
    zip(before, after).count { $0.id != $1.id || $0.element != $1.element }
      + abs(before.count - after.count)
  }

  /// The record lines of `frame`, between the header and the status line, as record numbers
  /// and text.
  static func recordLines(_ frame: Screen) -> [(record: Int, line: String)] {
    frame.lines.dropFirst().dropLast().compactMap { line in
      let id = line.split(separator: "│").first?.trimmingCharacters(in: .whitespaces)
      return id.flatMap { Int($0) }.map { ($0, line) }
    }
  }

  @Test("→ leaves every held row as it was, and the screen shows the columns scrolled to")
  func rightKeepsRows() {
    var (screen, frame) = Self.screen(selecting: 1_000)
    let before = Self.rows(screen)
    #expect(before.count == Self.records)
    for _ in 1..<Self.columns { screen.handle(.key(.right)) }
    #expect(Self.changedRows(before, Self.rows(screen)) == 0)
    screen.render(into: &frame)
    #expect(Self.changedRows(before, Self.rows(screen)) == 0)
    #expect(screen.columns.cursor == Self.columns - 1)
    // The header and every record line, those painted before the move included, show the
    // last column beside the key.
    let last = Self.columns - 1
    #expect(frame.lines[0].contains("column \(last)"), "\(frame.lines)")
    let lines = Self.recordLines(frame)
    #expect(lines.count == 22, "\(frame.lines)")
    for (record, line) in lines {
      #expect(line.contains("r\(record)c\(last)"), "\(line)")
      #expect(!line.contains("r\(record)c1 "), "\(line)")
    }
    // And back: the first columns again.
    for _ in 1..<Self.columns { screen.handle(.key(.left)) }
    screen.render(into: &frame)
    #expect(Self.changedRows(before, Self.rows(screen)) == 0)
    for (record, line) in Self.recordLines(frame) {
      #expect(line.contains("r\(record)c1 "), "\(line)")
      #expect(!line.contains("c\(last)"), "\(line)")
    }
  }

  @Test("A search highlights its text in the rows shown, leaving every held row as it was")
  func searchKeepsRows() async {
    var (screen, frame) = Self.screen(selecting: 1_000)
    let before = Self.rows(screen)
    screen.search("C5")
    await screen.waitUntilIdle()
    screen.render(into: &frame)
    #expect(Self.changedRows(before, Self.rows(screen)) == 0)
    // The next record is found, the cursor on its column 5, and every record line shows its
    // `c5` highlighted.
    #expect(screen.selection == IndexPath(row: 1_001, section: 0))
    #expect(screen.columns.cursor == 5)
    let lines = Self.recordLines(frame)
    #expect(lines.count == 22)
    for (y, line) in frame.lines.enumerated() where lines.contains(where: { $0.line == line }) {
      let highlighted = (0..<frame.width).filter {
        frame.style(atX: $0, y: y).background == .yellow
      }
      #expect(highlighted.count == 2, "line \(y): \(line)")
      let text = Array(line)
      #expect(highlighted.map { String(text[$0]) }.joined() == "c5", "line \(y): \(line)")
    }
  }
}
