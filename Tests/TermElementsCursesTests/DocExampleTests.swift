import TermElements
import TermElementsCurses
import Testing

// The examples of the doc comments of TermElementsCurses, compiled here word for word between
// a `// Doc:` line naming where they come from and `// END`; `DocExampleCoverageTests`, in
// TermElementsTests, keeps the two in step. Both take over the terminal, so they are compiled
// and never run: no test calls the functions that hold them.

/// The `CursesApplication` example: an app's `main`.
private enum CursesApplicationExample {
  // Doc: CursesApplication (CursesApplication.swift)
  // In the app's `@main` type:
  @MainActor static func main() async {
    let rows = ["Apple", "Pear", "Plum"].map { Row(ElementOfLabel(props: $0)) }
    let controller = TableModelController(table: Table(rows: rows))
    do {
      try await CursesApplication.run(controller)
    } catch {
      print("app: \(error)")  // the terminal is already given back
    }
  }
  // END
}

/// The `CursesScreen` example: a frame shown on the terminal.
private func showOnTerminal(_ screen: Screen) throws {
  // Doc: CursesScreen (CursesScreen.swift)
  let terminal = try CursesScreen()
  defer { terminal.restore() }
  terminal.draw(screen)
  // END
}

@Suite("Doc comment examples")
struct DocExampleTests {
  @Test("The examples that take over the terminal have the types an app needs, and do not run")
  func terminalExamples() {
    let main: @MainActor () async -> Void = CursesApplicationExample.main
    let show: (Screen) throws -> Void = showOnTerminal
    _ = (main, show)
  }
}
