import TermElements

/// The first step: the email, and a button that goes on once there is one.
@MainActor
func emailScreen(_ form: SignInForm) -> TableModelController {
  TableModelController(title: "Sign in") {
    Table(header: "Who are you?") {
      Section {
        Row(field: \.email, of: form, placeholder: "email")
        Row(
          ElementOfButtonWithAction(
            props: ButtonProps(title: "Continue", isEnabled: form.hasEmail) {}),
          id: "continue", onSelect: SelectAction { $0.navigator?.push(passwordScreen(form)) })
      }
    }
  }
}

/// The second step: the password, masked, and a button that signs in.
@MainActor
func passwordScreen(_ form: SignInForm) -> TableModelController {
  TableModelController(title: "Password") {
    Table(header: "Password for \(form.email)") {
      Section {
        Row(field: \.password, of: form, placeholder: "password", isSecure: true)
        Row(
          ElementOfButtonWithAction(
            props: ButtonProps(title: "Sign in", isEnabled: form.hasPassword) {}),
          id: "sign-in", onSelect: SelectAction { $0.navigator?.push(welcomeScreen(form)) })
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
