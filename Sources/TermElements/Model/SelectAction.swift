/// Where a row was chosen: the screen, its navigation stack, and the row's index path, for
/// code that reacts to the choice, such as pushing a detail screen.
///
/// The screen is the controller that chose the row (`context.screen`), and its navigation
/// stack `context.navigator`; the model knows the screen only as what chose the row.
@MainActor
public struct SelectionContext {
  /// What chose the row: the screen.
  let chooser: any RowChooser
  /// The row's index path in the table as shown.
  public let indexPath: IndexPath
}

/// What chooses rows and tells their ``SelectAction``s: the screen, which the model layer
/// does not name.
@MainActor
protocol RowChooser: AnyObject {}

/// Code to run on the main actor when a row is chosen, given where: RxSwiftWidgets' `onSelect`.
///
/// Like ``Action`` it takes no part in equality.
///
/// ```swift
/// let row = Row(
///   ElementOfLabel(props: "Ada"),
///   onSelect: SelectAction { context in
///     context.navigator?.push(TableModelController(title: "Ada"))
///   })
/// ```
public struct SelectAction: Equatable, Sendable {
  /// The code to run.
  package let run: @MainActor @Sendable (SelectionContext) -> Void
  /// The action that needs no context this runs, when it was made from one.
  let action: Action?

  /// Makes a selection action.
  public init(_ run: @escaping @MainActor @Sendable (SelectionContext) -> Void) {
    self.run = run
    action = nil
  }

  /// A selection action that runs `action`, which needs no context: what ``Row/didSelect``
  /// sets.
  init(_ action: Action) {
    run = { _ in action() }
    self.action = action
  }

  /// `first` then `second`, whichever are given: what a row made with both ``Row/didSelect``
  /// and ``Row/onSelect`` runs.
  static func either(_ first: Action?, then second: SelectAction?) -> SelectAction? {
    guard let first else { return second }
    guard let second else { return SelectAction(first) }
    return SelectAction { context in
      first()
      second.run(context)
    }
  }

  /// Always `true`: actions do not change how a table looks.
  public static func == (lhs: SelectAction, rhs: SelectAction) -> Bool { true }
}
