import ExamplesTestSupport
import Foundation
import Testing

/// End-to-end tests of the live-data examples in tmux: `user-list` (RxSwiftWidgets' sample)
/// and `todo` (a store, in ReRxSwift's shape). Each starts the example under `run-demo.sh`,
/// drives it, quits, and checks that the terminal was given back.
@Suite("Live-data examples in tmux", .serialized)
struct LiveExamplesTerminalTests {
  /// The command line that runs `product` with `arguments` under `run-demo.sh`.
  func command(_ product: String, _ arguments: String = "") throws -> String {
    let path = try ExampleProcess.executable(product).path
    return #"bash "$TE_DIR/run-demo.sh" "'\#(path)' \#(arguments)""#
  }

  @Test("user-list: loads, shows details, comes back, refreshes, quits")
  func userList() async throws {
    try await TmuxSession.with(width: 60, height: 20, needsListDemo: false) { tmux in
      try await tmux.run(try command("user-list", "--delay 150"))
      // Each wait asks for the whole screen, not a capture taken while ncurses writes it.
      try await tmux.waitFor("the users under the header") { list in
        list.lines[0].hasPrefix(" User List") && list.contains("Everyone in the directory")
          && list.lines.contains { $0.contains(" AL  Ada Lovelace") && $0.hasSuffix("›") }
          && list.statusLine.hasSuffix("1/7")
      }
      try await tmux.send("j", "j", "Enter")
      try await tmux.waitFor("Alan Turing's details") {
        $0.lines[0].contains("User List › User Information") && $0.contains("Wilmslow")
          && $0.contains("alan.turing@example.com")
      }
      try await tmux.send("Escape")
      try await tmux.waitFor("the list again, on the same row") {
        $0.lines[0].trimmingCharacters(in: .whitespaces) == "User List"
          && $0.statusLine.hasSuffix("3/7")
      }
      try await tmux.send("R")
      try await tmux.waitFor("an eighth user, the selection kept") {
        $0.statusLine.hasSuffix("3/8") && $0.contains("Alan Turing")
      }
      try await tmux.send("q")
      try await tmux.expectGivenBack(exitStatus: 0, leftBehind: ["User List", "Ada Lovelace"])
    }
  }

  @Test("todo: adds, toggles and deletes through the store; the title counts open items")
  func todo() async throws {
    try await TmuxSession.with(width: 50, height: 14, needsListDemo: false) { tmux in
      try await tmux.run(try command("todo"))
      try await tmux.waitFor("the list") { $0.lines[0].contains("To-do (3 open)") }
      try await tmux.send("Enter")
      try await tmux.waitFor("the field being edited: its label stays, the status says so") {
        $0.contains("New item: Enter, type, Enter") && $0.statusLine.contains("Enter adds the item")
      }
      try await tmux.type("Read the docs")
      try await tmux.send("Enter")
      try await tmux.waitFor("the new item") {
        $0.lines[0].contains("(4 open)") && $0.contains("[ ] Read the docs")
      }
      try await tmux.send("j", "Enter")
      try await tmux.waitFor("the first item done") {
        $0.lines[0].contains("(3 open)") && $0.contains("[x] Buy milk")
      }
      try await tmux.send("j", "d")
      try await tmux.waitFor("an item deleted") {
        !$0.contains("Call Ada") && $0.lines[0].contains("(2 open)")
      }
      try await tmux.send("?")
      try await tmux.waitFor("the keys") { $0.lines[0].contains("› Keys") }
      try await tmux.send("G")
      try await tmux.waitFor("the app's own key, at the end") {
        $0.contains("Delete the selected item")
      }
      try await tmux.send("Escape", "q")
      try await tmux.expectGivenBack(exitStatus: 0, leftBehind: ["To-do ("])
    }
  }

  @Test("sign-in: keys typed ahead in one batch edit, commit, reach the button they enabled")
  func signInTypedAhead() async throws {
    try await TmuxSession.with(width: 50, height: 12, needsListDemo: false) { tmux in
      try await tmux.run(try command("sign-in"))
      try await tmux.waitFor("the email step") {
        $0.lines[0].contains("Sign in") && $0.contains("Who are you?")
      }
      // One send-keys: the program reads them in one batch, with no frame between them.
      try await tmux.send("Enter", "x", "y", "Enter", "Down", "Enter")
      try await tmux.waitFor("the password step, reached by the button the email enabled") {
        $0.lines[0].contains("Sign in › Password") && $0.contains("Password for xy")
      }
      try await tmux.send("Enter", "s", "e", "c", "r", "e", "t", "Enter")
      try await tmux.waitFor("the password masked") {
        $0.lines.contains { $0.hasPrefix(" ••••••") } && !$0.contains("secret")
      }
      try await tmux.send("Down", "Enter")
      try await tmux.waitFor("signed in") {
        $0.lines[0].contains("› Welcome") && $0.contains("Signed in as xy")
          && $0.contains("a password of 6 characters")
      }
      try await tmux.send("q")
      try await tmux.expectGivenBack(exitStatus: 0, leftBehind: ["Welcome"])
    }
  }

  @Test(
    "Without a terminal, each says why in one line and exits 1",
    arguments: ["user-list", "todo", "sign-in"])
  func withoutATerminal(product: String) async throws {
    let outcome = try await ExampleProcess.run(try ExampleProcess.executable(product), [])
    #expect(outcome.exitedNormally && outcome.status == 1)
    #expect(outcome.standardOutput.isEmpty)
    let lines = outcome.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(outcome.standardError)")
    #expect(outcome.standardError.contains("must be a terminal"), "\(outcome.standardError)")
  }
}
