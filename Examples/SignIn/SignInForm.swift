import Observation

/// What the user typed into the sign-in form.
@MainActor
@Observable
final class SignInForm {
  var email = ""
  var password = ""

  /// Whether the email step can go on.
  var hasEmail: Bool { email.contains { !$0.isWhitespace } }
  /// Whether the password step can sign in.
  var hasPassword: Bool { !password.isEmpty }
}
