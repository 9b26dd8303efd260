/// What a screen keeps to follow live data: the latest rows of its streams, its connections
/// to stores, and its refresh.
@MainActor
struct LiveState {
  /// How many times the table was built from the screen's closure, for tests of coalescing.
  var tableBuilds = 0
  /// Set when what the last build read changes; the next event, frame or turn of the main
  /// actor rebuilds, whichever comes first.
  let rebuildRequest = RebuildRequest()
  /// Whether the screen has appeared at least once.
  var hasAppeared = false
  /// The live rows of each section bound to a ``RowStream``, by stream id.
  var streamRows: [String: [Row]] = [:]
  /// Why each failed stream failed, by stream id.
  var streamFailures: [String: String] = [:]
  /// Whether the table changed since its streams were last started: the effects after the
  /// next frame start them.
  var streamsDue = false
  /// The iteration of each stream of the table, while the screen is shown.
  var streamTasks: [String: Task<Void, Never>] = [:]
  /// What connects to a store while the screen is shown.
  var connections: [any Connectable] = []
  /// What ``TableModelController/onRefresh(initialRefresh:_:)`` set: the refresh, and whether
  /// it runs on the first appearance.
  var refresh: (handler: @MainActor () async throws -> Void, initial: Bool)?
  /// The refresh in progress.
  var refreshTask: Task<Void, Never>?
  /// Why the last refresh failed, shown until the next one.
  var refreshFailure: String?
}
