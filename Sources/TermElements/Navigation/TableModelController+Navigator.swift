extension TableModelController {
  /// The navigation stack showing the screen, if any.
  public var navigator: NavigationStack? { host as? NavigationStack }
}

extension NavigationStack: ScreenHost {
  /// Whether a screen is under the top one.
  var canGoBack: Bool { screens.count > 1 }
}
