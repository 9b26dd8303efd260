import ArgumentParser
import TermElements

/// The list demo: a long list with a stretchy header and sections of varied rows.
@main
struct ListDemo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list-demo",
    abstract: "Scroll a long TermElements list with sections and a stretchy header.")

  @Option(name: .long, help: "How many rows the list holds.")
  var rows: Int = 10_000

  func validate() throws {
    guard rows >= 0 else { throw ValidationError("--rows must be 0 or more, not \(rows).") }
  }

  func run() throws {
    let table = SampleTable.make(rowCount: rows)
    var layout = TableLayout(table: table, width: 60)
    for offset in [0, 8] {
      var screen = Screen(width: 60, height: 12)
      screen.draw { TablePainter.paint(&layout, scrollOffset: offset, in: &$0) }
      print("── scrolled \(offset) lines " + String(repeating: "─", count: 40))
      for line in screen.lines { print(line) }
    }
  }
}
