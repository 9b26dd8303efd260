import TermElements

extension KeyCommand {
  /// Makes a command for screens of type `Screen` only: it runs `perform` on the screen whose
  /// key was pressed when that is one, and does nothing on another.
  ///
  /// The records, tables and detail screens bind their own keys with it, so that a binding
  /// reads `$0.go(to: .first)` on its own screen's type.
  init<Screen: TableModelController>(
    _ description: String, on _: Screen.Type,
    perform: @escaping @MainActor @Sendable (Screen) -> Void
  ) {
    self.init(description) { screen in
      guard let screen = screen as? Screen else { return }
      perform(screen)
    }
  }
}
