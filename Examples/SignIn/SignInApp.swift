import ArgumentParser
import TermElements
import TermElementsCurses

/// `sign-in`: a two-step sign-in form bound to an observable model.
@main
struct SignInApp: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sign-in",
    abstract: "A sign-in form: an email, then a password, each enabling its button.",
    discussion: """
      Keys: Enter edits a field (Enter or Tab commits, Esc cancels), ↓ moves to the button, \\
      Enter presses it; Esc or ← goes back; ? lists the keys; q quits.
      """)

  @Option(name: .long, help: "The email to start with.")
  var email: String = ""

  @MainActor
  func run() async throws {
    let form = SignInForm()
    form.email = email
    // Without a usable terminal, ArgumentParser prints the one-line reason and exits 1.
    try await CursesApplication.run(emailScreen(form))
  }
}
