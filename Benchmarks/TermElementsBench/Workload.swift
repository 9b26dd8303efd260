import TermElements

/// The list both benchmarks draw: its rows, its screen and how its steps move.
///
/// The C baseline (`Benchmarks/Baseline/baseline.c`) draws exactly the same text, with the
/// same highlight, on the same 80x24 screen.
///
/// ```swift
/// let table = Workload.table(rowCount: 1_000_000)
/// Workload.text(ofRow: 7)  // "Row 7  Ada Lovelace"
/// ```
enum Workload {
  /// Columns of the screen.
  static let width = 80
  /// Lines of the screen, every one of them for the list.
  static let height = 24
  /// Rows a page step moves: TermElements' page, the screen less one line kept for context.
  static let page = height - 1

  /// One-row steps taken before measuring.
  static let scrollWarmup = 200
  /// One-row steps measured, unless the command line says otherwise.
  static let scrollSteps = 2_000
  /// Page steps taken before measuring.
  static let pageWarmup = 50
  /// Page steps measured, unless the command line says otherwise.
  static let pageSteps = 500

  /// Names the rows cycle through; the same list as the C baseline's `NAMES`.
  static let names = [
    "Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra",
    "Barbara Liskov", "Ken Thompson", "Dennis Ritchie", "Margaret Hamilton",
  ]

  /// The text of row `index`, counting from 0: `Row <index>  <name>`.
  static func text(ofRow index: Int) -> String {
    "Row \(index)  \(names[index % names.count])"
  }

  /// Row `index`: a one-line label with no margins and no separator.
  static func row(_ index: Int) -> Row {
    Row(
      ElementOfLabel(props: text(ofRow: index)).styles { $0.numberOfLines = 1 },
      layoutMargins: .zero, separatorStyle: .none)
  }

  /// A table of one lazy section of `rowCount` rows, each made only when it is needed.
  static func table(rowCount: Int) -> Table {
    Table(sections: [Section(id: "bench", count: rowCount, makeRow: row)])
  }

  /// The same rows stored in an array, each built up front, as an app that loads everything
  /// would have them.
  static func eagerTable(rowCount: Int) -> Table {
    Table(sections: [Section(rows: (0..<rowCount).map(row))])
  }

  /// Line `y` as the C baseline draws it when `top` is the row on line 0: the row's text
  /// padded with spaces to the full width, or blank past the last row.
  static func expectedLine(_ y: Int, top: Int, rowCount: Int) -> String {
    let index = top + y
    let text = index < rowCount ? String(text(ofRow: index).prefix(width)) : ""
    return text + String(repeating: " ", count: width - text.count)
  }
}
