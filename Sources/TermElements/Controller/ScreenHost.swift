/// What shows a screen and can show others over it: a ``NavigationStack``, as the controller
/// knows it, so that the controller needs nothing of the stack but this.
@MainActor
protocol ScreenHost: AnyObject {
  /// Whether a screen is under the top one, for Back to go to.
  var canGoBack: Bool { get }
  /// Asks for a new frame.
  func setNeedsDisplay()
  /// Shows `screen` on top.
  func push(_ screen: TableModelController)
  /// Takes the top screen away.
  func pop()
  /// Ends the program.
  func finish()
  /// Ends the program with `error`.
  func fail(with error: any Error)
}
