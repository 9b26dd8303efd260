import ArgumentParser
import Glibc
import TermElements
import TermElementsCurses

/// `user-list`: the RxSwiftWidgets user list and details, in the terminal.
@main
struct UserListApp: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "user-list",
    abstract: "A list of users from a pretend server, with a details screen for each.",
    discussion: """
      Keys: ↑/↓ or k/j move, Enter shows a user's details, Esc or ← comes back, R or Ctrl-R \\
      refreshes, ? lists the keys, q quits.
      """)

  @Option(name: .long, help: "Milliseconds the pretend server takes to answer.")
  var delay: Int = 400

  func validate() throws {
    guard delay >= 0 else { throw ValidationError("--delay must be 0 or more, not \(delay).") }
  }

  @MainActor
  func run() async throws {
    let viewModel = UserListViewModel(delay: .milliseconds(delay))
    do {
      try await CursesApplication.run(userList(viewModel))
    } catch let error as TerminalError {
      var standardError = StandardError()
      print("user-list: \(error)", to: &standardError)
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
