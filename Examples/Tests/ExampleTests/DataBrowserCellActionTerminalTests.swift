import ExamplesTestSupport
import Foundation
import Testing

/// End-to-end tests of `=` and `y` in `data-browser` on a small CSV file in tmux: the filter
/// the screen shows, and the OSC 52 sequence reaching tmux, which makes a paste buffer of it
/// with `set-clipboard on`; the file is unchanged.
@Suite("data-browser: = and y in tmux", .serialized)
struct DataBrowserCellActionTerminalTests {
  /// Records with hostile names: quotes, a backslash, a line break; O'Brien twice.
  static let csv = #"""
    id,name,city
    1,"O'Brien ""Jr.""",Oslo
    2,back\slash,Lima
    3,"line
    break",Kyiv
    4,"O'Brien ""Jr.""",Lagos
    5,Ada,Oslo

    """#

  @Test("= keeps the records with the name under the cursor; y puts it on tmux's clipboard")
  func filterAndCopy() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "cell-actions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "people.csv")
    try Data(Self.csv.utf8).write(to: file)
    let executable = try ExampleProcess.executable("data-browser").path
    try await TmuxSession.with(width: 80, height: 12, needsListDemo: false) { tmux in
      _ = try await tmux.tmux("set-option", "-s", "set-clipboard", "on")
      try await tmux.run(#"bash "$TE_DIR/run-demo.sh" "'\#(executable)' '\#(file.path)'""#)
      try await tmux.waitFor("the records") { DataBrowserExampleTests.ids($0) == [1, 2, 3, 4, 5] }
      // The cursor to name, on record 1: y copies the name.
      try await tmux.send("Right")
      try await tmux.send("y")
      try await tmux.waitFor("the copy said") { $0.statusLine.contains("Copied name") }
      let buffer = try await tmux.tmux("show-buffer").trimmingCharacters(in: .newlines)
      #expect(buffer == #"O'Brien "Jr.""#)
      try await tmux.send("=")
      let filtered = try await tmux.waitFor("the filtered records") { screen in
        DataBrowserExampleTests.ids(screen) == [1, 4]
      }
      #expect(filtered.lines[0].contains(#"where "name" = 'O''Brien "Jr."'"#), "\(filtered)")
      // Record 2's backslash, copied whole.
      try await tmux.send("Escape")
      try await tmux.waitFor("every record again") {
        DataBrowserExampleTests.ids($0) == [1, 2, 3, 4, 5]
      }
      try await tmux.send("Down")
      try await tmux.send("y")
      try await tmux.waitFor("the second copy said") { $0.statusLine.contains("Copied name") }
      let second = try await tmux.tmux("show-buffer").trimmingCharacters(in: .newlines)
      #expect(second == #"back\slash"#)
      try await tmux.send("q")
      try await tmux.waitFor("the browser to exit", joiningWrappedLines: true) {
        $0.contains("EXIT=0 ")
      }
    }
    #expect(try Data(contentsOf: file) == Data(Self.csv.utf8), "the CSV file changed")
  }
}
