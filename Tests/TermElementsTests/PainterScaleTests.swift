import Synchronization
import Testing

@testable import TermElements

/// A thread-safe count of the rows a source made.
final class Counter: Sendable {
  private let count = Mutex(0)

  /// Adds one.
  func increment() { count.withLock { $0 += 1 } }

  /// The count so far.
  var value: Int { count.withLock { $0 } }
}

@Suite("Cost follows what is visible")
struct PainterScaleTests {
  /// A table of `count` generated rows that counts the rows it makes.
  func countedTable(count: Int, made: Counter) -> Table {
    let section = Section(id: "big", count: count) { [made] index in
      made.increment()
      return Row(ElementOfLabel(props: "Row \(index)"), separatorStyle: .none)
    }
    return Table(sections: [section])
  }

  @Test("A window of a million-row table builds and measures only the rows it shows")
  func millionRows() {
    let made = Counter()
    var layout = TableLayout(table: countedTable(count: 1_000_000, made: made), width: 20)
    // Laying out measures one row, to estimate the others.
    #expect(made.value == 1)
    #expect(layout.contentHeight == 1_000_000)
    let screen = render(&layout, width: 20, height: 5, offset: 500_000)
    expectScreen(
      screen, [" Row 500000", " Row 500001", " Row 500002", " Row 500003", " Row 500004"])
    #expect(made.value == 1 + 5)
    #expect(layout.statistics.rowsBuilt == 1 + 5)
    #expect(layout.statistics.itemsMeasured <= 1 + 5)
  }

  @Test("Scrolling to the end of ten million rows builds only the rows shown")
  func tenMillionRows() {
    let made = Counter()
    var layout = TableLayout(table: countedTable(count: 10_000_000, made: made), width: 20)
    let screen = render(&layout, width: 20, height: 3, offset: .max)
    expectScreen(screen, [" Row 9999997", " Row 9999998", " Row 9999999"])
    #expect(made.value == 1 + 3)
  }

  @Test("Drawing the same window again measures nothing new")
  func measurementsAreCached() {
    let made = Counter()
    var layout = TableLayout(table: countedTable(count: 1_000, made: made), width: 20)
    _ = render(&layout, width: 20, height: 5, offset: 100)
    let measured = layout.statistics.itemsMeasured
    _ = render(&layout, width: 20, height: 5, offset: 100)
    #expect(layout.statistics.itemsMeasured == measured)
  }

  @Test("Rows taller than the estimate correct the layout as they come into view")
  func estimatesAreCorrected() {
    var rows = plainRows("r", count: 6)
    rows[2] = Row(ElementOfLabel(props: "tall\nrow\nhere"), separatorStyle: .none)
    var layout = TableLayout(table: Table(rows: rows), width: 8)
    #expect(layout.contentHeight == 6)
    expectScreen(
      render(&layout, width: 8, height: 8),
      [" r 0", " r 1", " tall", " row", " here", " r 3", " r 4", " r 5"])
    #expect(layout.contentHeight == 8)
    #expect(layout.offset(of: .row(IndexPath(row: 3, section: 0))) == 5)
  }

  @Test("Changing the width drops the measured heights")
  func widthChangeDropsCache() {
    var layout = TableLayout(table: Table(rows: [plainRow("one two six")]), width: 20)
    _ = render(&layout, width: 20, height: 3)
    #expect(layout.contentHeight == 1)
    _ = render(&layout, width: 6, height: 3)
    #expect(layout.width == 6)
    #expect(layout.contentHeight == 3)
  }

  @Test("Appending rows keeps the heights already measured")
  func updateKeepsHeights() {
    var rows = plainRows("r", count: 3)
    rows[0] = plainRow("a\nb\nc")
    var table = Table(rows: rows)
    table.estimatedRowHeight = 1
    var layout = TableLayout(table: table, width: 8)
    _ = render(&layout, width: 8, height: 10)
    #expect(layout.contentHeight == 5)
    table.sections[0].rows.append(contentsOf: plainRows("s", count: 2))
    layout.update(table: table)
    #expect(layout.contentHeight == 7)
    #expect(layout.offset(of: .row(IndexPath(row: 3, section: 0))) == 5)
  }
}
