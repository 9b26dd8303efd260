import ArgumentParser
import Glibc
import TermElements
import TermElementsCurses

/// The list demo: a long list with a stretchy header and sections of varied rows.
@main
struct ListDemo: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list-demo",
    abstract: "Scroll a long TermElements list with sections and a stretchy header.",
    discussion: """
      Keys: ↑/↓ or k/j move, PgUp/PgDn, b and space page, Home/End or g/G jump, \
      Enter chooses a row, t scrolls it to the top, ? lists the keys, q quits (Esc never does). The \
      mouse wheel scrolls and a click chooses a row.
      """)

  @Option(name: .long, help: "How many rows the list holds.")
  var rows: Int = 10_000

  @Flag(name: .long, help: "Print the first screen as text instead of running interactively.")
  var snapshot = false

  func validate() throws {
    guard rows >= 0 else { throw ValidationError("--rows must be 0 or more, not \(rows).") }
  }

  @MainActor
  func run() async throws {
    let controller = ListDemoController(rowCount: rows)
    if snapshot {
      var screen = Screen(width: 80, height: 24)
      controller.render(into: &screen)
      for line in screen.lines { print(line) }
      return
    }
    do {
      try await CursesApplication.run(controller)
    } catch let error as TerminalError {
      var standardError = StandardError()
      print("list-demo: \(error)", to: &standardError)
      throw ExitCode(1)
    }
  }
}

/// Standard error as a text stream.
struct StandardError: TextOutputStream {
  /// Writes to file descriptor 2.
  mutating func write(_ string: String) {
    var text = string
    text.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
  }
}
