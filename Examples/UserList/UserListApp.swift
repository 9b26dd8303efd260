import ArgumentParser
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
    // Without a usable terminal, ArgumentParser prints the one-line reason and exits 1.
    try await CursesApplication.run(userList(viewModel))
  }
}
