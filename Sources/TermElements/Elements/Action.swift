/// Code to run on the main actor when the user acts, such as selecting a row or pressing a button.
///
/// Actions never take part in equality: two rows that differ only in their actions are equal,
/// because equality tells whether the table *looks* different. Put whatever changes the look
/// into props.
///
/// ```swift
/// row.didSelect = Action { openDetail(for: user) }
/// ```
public struct Action: Equatable, Sendable {
  /// The code to run.
  package let run: @MainActor @Sendable () -> Void

  /// Makes an action.
  public init(_ run: @escaping @MainActor @Sendable () -> Void) {
    self.run = run
  }

  /// Runs the action.
  @MainActor public func callAsFunction() { run() }

  /// Always `true`: actions do not change how a table looks.
  public static func == (lhs: Action, rhs: Action) -> Bool { true }
}
