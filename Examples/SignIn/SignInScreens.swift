import TermElements

/// The first step: the email, and a button that goes on once there is one.
@MainActor
func emailScreen(_ form: SignInForm) -> TableModelController {
  step(
    "Sign in", header: { "Who are you?" },
    field: { Row(field: \.email, of: form, placeholder: "email") },
    button: "Continue", isEnabled: { form.hasEmail }, next: { passwordScreen(form) })
}

/// The second step: the password, masked, and a button that signs in.
@MainActor
func passwordScreen(_ form: SignInForm) -> TableModelController {
  step(
    "Password", header: { "Password for \(form.email)" },
    field: { Row(field: \.password, of: form, placeholder: "password", isSecure: true) },
    button: "Sign in", isEnabled: { form.hasPassword }, next: { welcomeScreen(form) })
}

/// A step of the form: a field, and a button, enabled by what was typed, that pushes the
/// next screen. The table is built again whenever what the closures read changes.
@MainActor
func step(
  _ title: String, header: @escaping @MainActor () -> String,
  field: @escaping @MainActor () -> Row, button: String,
  isEnabled: @escaping @MainActor () -> Bool,
  next: @escaping @MainActor () -> TableModelController
) -> TableModelController {
  TableModelController(title: title) {
    Table(header: header()) {
      Section {
        field()
        Row(
          ElementOfButtonWithAction(props: ButtonProps(title: button, isEnabled: isEnabled()) {}),
          id: "go", onSelect: SelectAction { $0.navigator?.push(next()) })
      }
    }
  }
}

/// Where signing in leads: who signed in, and how long the password was.
@MainActor
func welcomeScreen(_ form: SignInForm) -> TableModelController {
  TableModelController(title: "Welcome") {
    Table {
      Section {
        "Signed in as \(form.email)"
        "with a password of \(form.password.count) characters"
      }
    }
  }
}
