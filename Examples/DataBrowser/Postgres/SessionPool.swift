/// The connections of a ``PostgresLink``: lent to one read at a time, at most `limit` at once,
/// each opened when a read needs it. Cancels need no connection of the pool: libpq sends each
/// over a connection of its own.
actor SessionPool {
  /// Where to connect.
  let settings: PostgresSettings
  /// The most connections reads use at once.
  let limit: Int
  /// Connections not lent out.
  private var idle: [PostgresSession] = []
  /// Connections lent out or being opened.
  private var busy = 0
  /// Reads waiting for a connection, first come first served.
  private var waiting: [CheckedContinuation<Void, Never>] = []
  /// The description of the last connection opened, with no password.
  private(set) var lastDescription: String?
  /// Whether ``closeAll()`` was called since the last read began: a connection given back
  /// after it is closed.
  private var isClosed = false

  /// A pool of connections to the server of `settings`.
  init(settings: PostgresSettings, limit: Int) {
    self.settings = settings
    self.limit = max(1, limit)
  }

  /// A connection of its own for the caller, opened if none is idle; with `fresh`, a new one,
  /// the idle ones dropped: one of them was found dropped by the server, and a restart drops
  /// them all.
  ///
  /// - Throws: ``PostgresFailure/connecting(_:)`` when a new connection cannot be opened.
  func acquire(fresh: Bool = false) async throws -> PostgresSession {
    if fresh { idle = [] }
    isClosed = false
    while idle.isEmpty && busy >= limit {
      await withCheckedContinuation { waiting.append($0) }
    }
    busy += 1
    // A connection that failed is dropped (and closed on its thread) here.
    while let session = idle.popLast() {
      if !session.isBroken { return session }
    }
    do {
      let connection = try await PostgresConnection.open(settings)
      lastDescription = connection.description
      return PostgresSession(connection: connection)
    } catch {
      busy -= 1
      wakeOne()
      throw error
    }
  }

  /// Takes `session` back for the next read; after ``closeAll()``, closes it.
  func release(_ session: PostgresSession) {
    busy -= 1
    if !isClosed { idle.append(session) }
    wakeOne()
  }

  /// Drops `session`, broken: it closes once no one holds it, and the next read opens a new
  /// connection.
  func discard(_ session: PostgresSession) {
    busy -= 1
    wakeOne()
  }

  /// Closes every connection not lent out, and those lent out once they are given back.
  func closeAll() {
    idle = []
    isClosed = true
  }

  /// Lets the first waiting read go on.
  private func wakeOne() {
    if !waiting.isEmpty { waiting.removeFirst().resume() }
  }
}
