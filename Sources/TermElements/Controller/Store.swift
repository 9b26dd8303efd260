/// A store of state changed only by actions, through a reducer: the state container of
/// ReRxSwift and Redux, on the main actor.
///
/// ```swift
/// enum CounterAction { case increment, reset }
/// let store = Store(state: 0) { (count: inout Int, action: CounterAction) in
///   switch action {
///   case .increment: count += 1
///   case .reset: count = 0
///   }
/// }
/// store.dispatch(.increment)
/// ```
@MainActor
public final class Store<State, Action> {
  /// The state now.
  public private(set) var state: State
  /// Applies an action to the state.
  private let reducer: (inout State, Action) -> Void
  /// Who hears of each new state, by token.
  private var subscribers: [Int: (State) -> Void] = [:]
  /// The next subscription's token.
  private var nextToken = 0

  /// A store starting at `state`, changed by `reducer`.
  public init(state: State, reducer: @escaping (inout State, Action) -> Void) {
    self.state = state
    self.reducer = reducer
  }

  /// Applies `action` and tells every subscriber the new state.
  public func dispatch(_ action: Action) {
    reducer(&state, action)
    for subscriber in subscribers.values { subscriber(state) }
  }

  /// Calls `receive` with each new state until ``unsubscribe(_:)`` is called with the token
  /// returned.
  package func subscribe(_ receive: @escaping (State) -> Void) -> Int {
    nextToken += 1
    subscribers[nextToken] = receive
    return nextToken
  }

  /// Stops the subscription `token`.
  package func unsubscribe(_ token: Int) {
    subscribers[token] = nil
  }
}

/// Something a screen keeps connected while it is shown; see
/// ``TableModelController/connect(_:)``.
@MainActor
public protocol Connectable: AnyObject {
  /// Starts following the source.
  func connect()
  /// Stops following the source.
  func disconnect()
}
