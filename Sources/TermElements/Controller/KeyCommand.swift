/// Something a key does on a screen, with the words the `?` help screen shows for it.
///
/// The built-in commands move the selection, page, choose, go back and quit; make your own
/// with a closure:
///
/// ```swift
/// let refresh = KeyCommand("Refresh the list") { screen in screen.reloadData() }
/// ```
public struct KeyCommand: Sendable {
  /// What the command does, as the help screen says it.
  public let description: String
  /// Carries the command out on a screen, given the key that was pressed.
  let perform: @MainActor @Sendable (TableModelController, Key) -> Void
  /// Whether the command acts on the selected row or moves it: a screen whose rows are about
  /// to be replaced (a jump under way) makes such keys wait for the rows.
  package var actsOnSelection = false

  /// Makes a command that runs `perform` on the screen whose key was pressed.
  public init(
    _ description: String,
    perform: @escaping @MainActor @Sendable (TableModelController) -> Void
  ) {
    self.description = description
    self.perform = { screen, _ in perform(screen) }
  }

  /// Makes a command that also gets the key.
  init(
    _ description: String,
    performWithKey perform: @escaping @MainActor @Sendable (TableModelController, Key) -> Void
  ) {
    self.description = description
    self.perform = perform
  }

  /// Moves the selection to the next row down.
  public static let moveDown = KeyCommand("Move down") { $0.moveSelection(by: 1) }.actingOnSelection
  /// Moves the selection to the next row up.
  public static let moveUp = KeyCommand("Move up") { $0.moveSelection(by: -1) }.actingOnSelection
  /// Scrolls a page down.
  public static let pageDown = KeyCommand("Page down") { $0.page(by: 1) }.actingOnSelection
  /// Scrolls a page up.
  public static let pageUp = KeyCommand("Page up") { $0.page(by: -1) }.actingOnSelection
  /// Goes to the first row.
  public static let top = KeyCommand("Go to the first row") { $0.jump(toEnd: false) }
    .actingOnSelection
  /// Goes to the last row.
  public static let bottom = KeyCommand("Go to the last row") { $0.jump(toEnd: true) }
    .actingOnSelection
  /// Chooses the selected row: its action, a button's, or editing a text field.
  public static let choose = KeyCommand("Choose the selected row") { $0.activateSelection() }
    .actingOnSelection
  /// Tries failed page loads again.
  public static let retry = KeyCommand("Retry loading") { $0.retryFailedLoads() }
  /// Quits the program.
  public static let quit = KeyCommand("Quit") { $0.finish() }
  /// Goes back to the previous screen; on the first screen Esc only says, in the status
  /// line, that q quits: Esc dismisses and cancels, it never ends the program.
  public static let back = KeyCommand("Back to the previous screen") { screen, key in
    if let host = screen.host, host.canGoBack {
      host.pop()
    } else if key == .escape {
      screen.showNotice(TableModelController.quitNotice)
    }
  }
  /// The same command, marked as acting on the selected row.
  package var actingOnSelection: KeyCommand {
    var command = self
    command.actsOnSelection = true
    return command
  }

  /// Shows the keys of the screen.
  public static let help = KeyCommand("Show these keys") { $0.showHelp() }
}
