extension SelectionContext {
  /// The navigation stack showing the screen, if any: push a screen on it.
  public var navigator: NavigationStack? { screen.navigator }
}
