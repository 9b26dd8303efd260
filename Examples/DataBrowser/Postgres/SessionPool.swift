import Synchronization

/// The connections of a ``PostgresLink``: lent to one read at a time, at most `limit` at once.
/// Cancels need no connection of the pool: libpq sends each over a connection of its own.
///
/// Only the first connection is opened while a read waits for it. A read that finds every
/// connection lent out waits for one to be given back, and only when none is within
/// ``openingDelay`` is another opened beside them (up to `limit`): a new backend costs the
/// server several milliseconds, the reads of a screen opening take less, and a read that
/// waits long (a page while a search runs) gets a connection of its own.
///
/// An idle connection is taken and given back under a lock, with no suspension: only a read
/// that waits for one, or opens one, suspends.
final class SessionPool: Sendable {
  /// Where to connect.
  let settings: PostgresSettings
  /// The most connections reads use at once.
  let limit: Int
  /// How long a read waits for a connection in use before another is opened.
  let openingDelay: Duration
  /// The pool's connections and the reads waiting for them.
  private let state = Mutex(State())

  /// What the pool holds.
  private struct State {
    /// Connections not lent out.
    var idle: [PostgresSession] = []
    /// Connections lent out or being opened.
    var busy = 0
    /// Connections being opened for reads that waited, not yet counted in ``busy``.
    var opening = 0
    /// Reads waiting for a connection, first come first served.
    var waiting: [CheckedContinuation<Void, Never>] = []
    /// The description of the last connection opened, with no password.
    var lastDescription: String?
    /// Whether ``SessionPool/closeAll()`` was called since the last read began: a connection
    /// given back after it is closed.
    var isClosed = false

    /// The first waiting read, taken from the queue, to be let go on outside the lock.
    mutating func takeWaiting() -> CheckedContinuation<Void, Never>? {
      waiting.isEmpty ? nil : waiting.removeFirst()
    }

    /// Whether a read must wait for a connection to be given back: with `fresh`, while every
    /// connection is lent out; else while none is idle and some are lent out (the first
    /// connection is opened at once). Broken idle connections are dropped (and closed on
    /// their threads) here.
    mutating func mustWait(fresh: Bool, limit: Int) -> Bool {
      if fresh { return busy >= limit }
      idle.removeAll { $0.isBroken }
      return idle.isEmpty && busy > 0
    }
  }

  /// What ``acquire(fresh:)`` found under the lock.
  private enum Step {
    /// An idle connection, now lent out.
    case lent(PostgresSession)
    /// No idle connection, and no read to wait for: one is counted as lent out, to be opened.
    case open
    /// Wait for a connection to be given back, then look again; with `opensLater`, another
    /// connection opens after ``SessionPool/openingDelay`` if the read still waits then.
    case wait(opensLater: Bool)
  }

  /// A pool of connections to the server of `settings`.
  init(settings: PostgresSettings, limit: Int, openingDelay: Duration = .milliseconds(20)) {
    self.settings = settings
    self.limit = max(1, limit)
    self.openingDelay = openingDelay
  }

  /// The description of the last connection opened, with no password.
  var lastDescription: String? { state.withLock { $0.lastDescription } }

  /// A connection of its own for the caller, opened if none is open; with `fresh`, a new one,
  /// the idle ones dropped: one of them was found dropped by the server, and a restart drops
  /// them all.
  ///
  /// - Throws: ``PostgresFailure/connecting(_:)`` when a new connection cannot be opened.
  func acquire(fresh: Bool = false) async throws -> PostgresSession {
    let limit = limit
    var first = true
    while true {
      let step = state.withLock { state -> Step in
        if first {
          state.isClosed = false
          if fresh { state.idle = [] }
        }
        if state.mustWait(fresh: fresh, limit: limit) {
          // Another connection opens after the delay, if the read still waits then.
          let opensLater = !fresh && state.busy + state.opening < limit
          if opensLater { state.opening += 1 }
          return .wait(opensLater: opensLater)
        }
        if fresh { state.idle = [] }
        state.busy += 1
        return state.idle.popLast().map { .lent($0) } ?? .open
      }
      first = false
      switch step {
      case .lent(let session):
        return session
      case .open:
        do {
          return try await open()
        } catch {
          let next = state.withLock { state in
            state.busy -= 1
            return state.takeWaiting()
          }
          next?.resume()
          throw error
        }
      case .wait(let opensLater):
        if opensLater { openLater() }
        // Queued only if it still must wait, in the same step: a connection given back in
        // between is not missed.
        await withCheckedContinuation { continuation in
          let queued = state.withLock { state in
            guard state.mustWait(fresh: fresh, limit: limit) else { return false }
            state.waiting.append(continuation)
            return true
          }
          if !queued { continuation.resume() }
        }
      }
    }
  }

  /// A new connection's session.
  private func open() async throws -> PostgresSession {
    let connection = try await PostgresConnection.open(settings)
    state.withLock { $0.lastDescription = connection.description }
    return PostgresSession(connection: connection)
  }

  /// Opens another connection after ``openingDelay`` if a read still waits then, and gives
  /// it to the first read waiting; counted in ``State/opening`` by the caller.
  private func openLater() {
    Task {
      try? await Task.sleep(for: openingDelay)
      await openIfWaiting()
    }
  }

  /// Opens a connection for the first read waiting, if one still waits.
  private func openIfWaiting() async {
    let opens = state.withLock { state in
      guard !state.waiting.isEmpty, state.busy < limit else {
        state.opening -= 1
        return false
      }
      state.busy += 1
      return true
    }
    guard opens else { return }
    let session = try? await open()
    let next = state.withLock { state in
      state.opening -= 1
      state.busy -= 1
      if let session, !state.isClosed { state.idle.append(session) }
      return state.takeWaiting()
    }
    next?.resume()
  }

  /// Takes `session` back for the next read; after ``closeAll()``, closes it.
  func release(_ session: PostgresSession) {
    let next = state.withLock { state in
      state.busy -= 1
      if !state.isClosed { state.idle.append(session) }
      return state.takeWaiting()
    }
    next?.resume()
  }

  /// Drops `session`, broken: it closes once no one holds it, and the next read opens a new
  /// connection.
  func discard(_ session: PostgresSession) {
    let next = state.withLock { state in
      state.busy -= 1
      return state.takeWaiting()
    }
    next?.resume()
  }

  /// Closes every connection not lent out, and those lent out once they are given back.
  func closeAll() {
    state.withLock { state in
      state.idle = []
      state.isClosed = true
    }
  }
}
