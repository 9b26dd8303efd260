import ExamplesTestSupport
import Foundation
import Testing

/// End-to-end tests of `I` in `data-browser` in tmux, over the SQLite sample and a CSV file:
/// the summary screen's lines, Esc back to the records, and the files unchanged.
@Suite("data-browser: I in tmux", .serialized)
struct DataBrowserSummaryTerminalTests {
  /// The line of `column` on the summary screen, if it shows.
  static func line(_ column: String, in screen: PaneCapture) -> String? {
    screen.lines.first { $0.hasPrefix(" \(column) ") }
  }

  @Test("I on the SQLite sample's people: a line per column, the NULLs of city; Esc goes back")
  func sqlite() async throws {
    try await DataBrowserExampleTests.withPeople { tmux in
      try await tmux.send("I")
      let summary = try await tmux.waitFor("every column summed up") { screen in
        screen.statusLine.contains("9 of 9 columns summed up")
      }
      #expect(summary.lines[0].contains("people summary"), "\(summary)")
      #expect(summary.lines[1].hasPrefix(" column "), "\(summary)")
      let id = try #require(Self.line("id", in: summary), "\(summary)")
      #expect(id.contains("│ integer ") && id.contains("5,000"), "\(summary)")
      let avatar = try #require(Self.line("avatar", in: summary), "\(summary)")
      #expect(avatar.contains("│ blob ") && avatar.contains("96%"), "\(summary)")
      let note = try #require(Self.line("note", in: summary), "\(summary)")
      #expect(note.contains("75%") && note.contains("Multi-line↵note"), "\(summary)")
      try await tmux.send("Escape")
      try await tmux.waitFor("the records again") { screen in
        DataBrowserExampleTests.ids(screen).first == 1 && screen.statusLine.contains("1/5,000")
      }
    }
  }

  /// Records with a NULL-looking text, a missing field, a quote and a line break.
  static let csv = #"""
    id,name,score
    1,"O'Brien ""Jr.""",10
    2,NULL,2.5
    3,"line
    break"
    4,Ada,x

    """#

  @Test("I on a CSV file: kinds inferred, a missing field NULL; the file unchanged")
  func csvFile() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "summary-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "people.csv")
    try Data(Self.csv.utf8).write(to: file)
    let executable = try ExampleProcess.executable("data-browser").path
    try await TmuxSession.with(width: 100, height: 12, needsListDemo: false) { tmux in
      try await tmux.run(#"bash "$TE_DIR/run-demo.sh" "'\#(executable)' '\#(file.path)'""#)
      try await tmux.waitFor("the records") { DataBrowserExampleTests.ids($0) == [1, 2, 3, 4] }
      try await tmux.send("I")
      let summary = try await tmux.waitFor("every column summed up") { screen in
        screen.statusLine.contains("3 of 3 columns summed up")
      }
      let score = try #require(Self.line("score", in: summary), "\(summary)")
      #expect(score.contains("integer+decimal+text"), "\(summary)")
      #expect(score.contains("25%"), "\(summary)")
      let name = try #require(Self.line("name", in: summary), "\(summary)")
      #expect(name.contains("│ text "), "\(summary)")
      try await tmux.send("Escape")
      try await tmux.waitFor("the records again") {
        DataBrowserExampleTests.ids($0) == [1, 2, 3, 4]
      }
      try await tmux.send("q")
      try await tmux.waitFor("the browser to exit", joiningWrappedLines: true) {
        $0.contains("EXIT=0 ")
      }
    }
    #expect(try Data(contentsOf: file) == Data(Self.csv.utf8), "the CSV file changed")
  }
}
