import Foundation
import Testing

/// End-to-end test of the column cursor of `data-browser` in tmux: → scrolls the columns
/// sideways to one that starts off screen, the key column staying, and the database is left
/// byte for byte as it was.
@Suite("data-browser columns in tmux", .serialized)
struct DataBrowserColumnsTerminalTests {
  /// The header line: the second line, under the title.
  static func header(_ screen: PaneCapture) -> String {
    screen.lines.count > 1 ? screen.lines[1] : ""
  }

  /// At 100 columns `people` shows its first columns and › for the others; → eight times
  /// reaches `avatar`, the last, with ‹ for the columns scrolled out and the ids still at the
  /// left; ← scrolls back rather than leaving; Esc does not quit, it says q quits; the file
  /// is unchanged.
  @Test("→ reaches a column that starts off screen; the database is unchanged")
  func reachesHiddenColumn() async throws {
    try await DataBrowserExampleTests.withPeople { tmux in
      let start = try await tmux.waitFor("the first page, columns hidden on the right") {
        screen in
        DataBrowserExampleTests.loaded(screen) == 200
          && !screen.statusLine.contains("loading")
          && DataBrowserExampleTests.ids(screen).first == 1
          && Self.header(screen).hasPrefix(" id ") && Self.header(screen).hasSuffix("›")
      }
      #expect(Self.header(start).contains("name"), "\(start)")
      #expect(!Self.header(start).contains("avatar"), "\(start)")
      #expect(!Self.header(start).contains("‹"), "\(start)")

      try await tmux.send(Array(repeating: "Right", count: 8))
      let end = try await tmux.waitFor("avatar, with columns hidden on the left") { screen in
        Self.header(screen).hasSuffix("avatar") && Self.header(screen).contains("‹")
          && DataBrowserExampleTests.ids(screen) == DataBrowserExampleTests.ids(start)
      }
      #expect(Self.header(end).hasPrefix(" id   ‹ "), "\(end)")
      #expect(!Self.header(end).contains("name"), "\(end)")
      #expect(!Self.header(end).hasSuffix("›"), "\(end)")
      #expect(end.lines[0].trimmingCharacters(in: .whitespaces) == "people", "\(end)")

      // ← walks the cursor back to `name`, scrolling back: it does not leave the records.
      try await tmux.send(Array(repeating: "Left", count: 7))
      // The whole screen, not a capture taken while ncurses is still writing the lines.
      let back = try await tmux.waitFor("the first columns again, nothing hidden on the left") {
        screen in screen.lines == start.lines
      }
      #expect(Self.header(back).contains(" name ") && !Self.header(back).contains("‹"))

      // Esc on the first screen, with nothing to stop, says q quits and leaves the records.
      try await tmux.send("Escape")
      let escaped = try await tmux.waitFor("q quits in the status line") {
        $0.statusLine.contains("q quits")
      }
      #expect(DataBrowserExampleTests.ids(escaped) == DataBrowserExampleTests.ids(start))
    }
  }
}
