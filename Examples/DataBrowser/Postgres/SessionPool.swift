/// The connections of a ``PostgresLink``: lent to one read at a time, at most `limit` at once.
/// Cancels need no connection of the pool: libpq sends each over a connection of its own.
///
/// Only the first connection is opened while a read waits for it. A read that finds every
/// connection lent out waits for one to be given back, and only when none is within
/// ``openingDelay`` is another opened beside them (up to `limit`): a new backend costs the
/// server several milliseconds, the reads of a screen opening take less, and a read that
/// waits long (a page while a search runs) gets a connection of its own.
actor SessionPool {
  /// Where to connect.
  let settings: PostgresSettings
  /// The most connections reads use at once.
  let limit: Int
  /// How long a read waits for a connection in use before another is opened.
  let openingDelay: Duration
  /// Connections not lent out.
  private var idle: [PostgresSession] = []
  /// Connections lent out or being opened.
  private var busy = 0
  /// Connections being opened for reads that waited, not yet counted in ``busy``.
  private var opening = 0
  /// Reads waiting for a connection, first come first served.
  private var waiting: [CheckedContinuation<Void, Never>] = []
  /// The description of the last connection opened, with no password.
  private(set) var lastDescription: String?
  /// Whether ``closeAll()`` was called since the last read began: a connection given back
  /// after it is closed.
  private var isClosed = false

  /// A pool of connections to the server of `settings`.
  init(settings: PostgresSettings, limit: Int, openingDelay: Duration = .milliseconds(20)) {
    self.settings = settings
    self.limit = max(1, limit)
    self.openingDelay = openingDelay
  }

  /// A connection of its own for the caller, opened if none is open; with `fresh`, a new one,
  /// the idle ones dropped: one of them was found dropped by the server, and a restart drops
  /// them all.
  ///
  /// - Throws: ``PostgresFailure/connecting(_:)`` when a new connection cannot be opened.
  func acquire(fresh: Bool = false) async throws -> PostgresSession {
    isClosed = false
    if fresh {
      idle = []
      while busy >= limit { await withCheckedContinuation { waiting.append($0) } }
      idle = []
    } else {
      // A connection that failed is dropped (and closed on its thread) here.
      idle.removeAll { $0.isBroken }
      while idle.isEmpty && busy > 0 {
        if busy + opening < limit { openLater() }
        await withCheckedContinuation { waiting.append($0) }
        idle.removeAll { $0.isBroken }
      }
    }
    busy += 1
    if let session = idle.popLast() { return session }
    do {
      return try await open()
    } catch {
      busy -= 1
      wakeOne()
      throw error
    }
  }

  /// A new connection's session.
  private func open() async throws -> PostgresSession {
    let connection = try await PostgresConnection.open(settings)
    lastDescription = connection.description
    return PostgresSession(connection: connection)
  }

  /// Opens another connection after ``openingDelay`` if a read still waits then, and gives
  /// it to the first read waiting.
  private func openLater() {
    opening += 1
    Task {
      try? await Task.sleep(for: openingDelay)
      await openIfWaiting()
    }
  }

  /// Opens a connection for the first read waiting, if one still waits.
  private func openIfWaiting() async {
    defer { opening -= 1 }
    guard !waiting.isEmpty, busy < limit else { return }
    busy += 1
    let session = try? await open()
    busy -= 1
    if let session, !isClosed { idle.append(session) }
    wakeOne()
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
