import Observation

/// A screen's view of a ``Store``: props mapped from the state and actions mapped to dispatch,
/// in ReRxSwift's shape.
///
/// Props are `Equatable`, and ``props`` changes only when they do: a state change that
/// leaves the props equal causes no work, since whatever reads ``props`` (a table closure of a
/// ``TableModelController``) is rebuilt only when they change. While disconnected, the props
/// stay as they were; connecting reads the state again.
///
/// ```swift
/// struct Props: Equatable { var count: Int }
/// let store = Store(state: 0) { (count: inout Int, step: Int) in count += step }
/// let connection = Connection(
///   store: store, mapStateToProps: { Props(count: $0) },
///   mapDispatchToActions: { dispatch in { dispatch(1) } })
/// connection.connect()
/// connection.actions()  // props.count is now 1
/// ```
@MainActor
@Observable
public final class Connection<State, Action, Props: Equatable, Actions>: Connectable {
  /// The props, as of the last state seen while connected.
  public private(set) var props: Props
  /// What the screen can do, dispatching to the store.
  @ObservationIgnored public let actions: Actions
  /// Whether the connection follows the store.
  package private(set) var isConnected = false
  /// How many times the props changed, for tests and diagnostics.
  @ObservationIgnored package private(set) var propsChanges = 0
  /// The store.
  @ObservationIgnored private let store: Store<State, Action>
  /// Maps a state to props.
  @ObservationIgnored private let mapStateToProps: (State) -> Props
  /// The store subscription while connected.
  @ObservationIgnored private var token: Int?

  /// A connection to `store`, disconnected, with the props of its state now.
  public init(
    store: Store<State, Action>, mapStateToProps: @escaping (State) -> Props,
    mapDispatchToActions: (@escaping (Action) -> Void) -> Actions
  ) {
    self.store = store
    self.mapStateToProps = mapStateToProps
    props = mapStateToProps(store.state)
    actions = mapDispatchToActions { [weak store] action in store?.dispatch(action) }
  }

  /// Follows the store, starting from its state now.
  public func connect() {
    guard token == nil else { return }
    token = store.subscribe { [weak self] state in self?.update(state) }
    isConnected = true
    update(store.state)
  }

  /// Stops following the store.
  public func disconnect() {
    guard let token else { return }
    store.unsubscribe(token)
    self.token = nil
    isConnected = false
  }

  /// Takes the props of `state`, if they differ.
  private func update(_ state: State) {
    let new = mapStateToProps(state)
    guard new != props else { return }
    props = new
    propsChanges += 1
  }
}
