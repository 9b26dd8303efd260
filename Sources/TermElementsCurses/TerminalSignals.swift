import CNcursesw
import Dispatch
import Glibc
import Synchronization

/// The signals the run loop handles, served by Dispatch signal sources.
///
/// SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP and SIGCONT each get a `DispatchSource` whose
/// handler runs on a queue of its own and hands the signal on to the run loop. A second SIGINT,
/// SIGTERM or SIGHUP while the first is still pending (the main actor may be stuck) gives the
/// terminal back and dies by that signal at once, from that queue.
///
/// A source sees its signal only when the signal's default action does not happen first, so
/// ``install(handingTo:givingUp:)`` sets each signal's disposition to `SIG_IGN` and
/// ``remove()`` puts `SIG_DFL` back. On Linux, libdispatch reads signals through `signalfd`:
/// the first time a signal gets a source, it installs a handler of its own that passes the
/// signal to its event thread, and it never installs that handler again. Under `SIG_IGN` the
/// kernel drops a signal before any `signalfd` sees it, so ``remove()`` keeps the handler it
/// takes down, and the next ``install(handingTo:givingUp:)`` puts it back instead of `SIG_IGN`.
final class TerminalSignals {
  /// The signals the run loop handles.
  static let handled: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT]
  /// The signals that end the program.
  static let quitSignals: Set<Int32> = [SIGINT, SIGTERM, SIGHUP]

  /// The handlers libdispatch installed, by signal, kept while the default is back in place.
  private static let dispatchHandlers = Mutex<[Int32: sighandler_t]>([:])

  /// One source per handled signal.
  private let sources: [any DispatchSourceSignal]

  /// Starts serving the handled signals, and returns once the kernel is watching them all.
  ///
  /// - Parameters:
  ///   - deliver: Called on the signals' queue with each signal that arrives.
  ///   - giveUp: Called on the signals' queue, instead of `deliver`, with a second quitting
  ///     signal; by default it gives the terminal back and dies by the signal.
  static func install(
    handingTo deliver: @escaping @Sendable (Int32) -> Void,
    givingUp giveUp: @escaping @Sendable (Int32) -> Void = giveTerminalBackAndDie(by:)
  ) -> TerminalSignals {
    TerminalSignals(deliver: deliver, giveUp: giveUp)
  }

  /// Makes and starts the sources.
  private init(
    deliver: @escaping @Sendable (Int32) -> Void, giveUp: @escaping @Sendable (Int32) -> Void
  ) {
    let queue = DispatchQueue(label: "TermElements.TerminalSignals")
    let registered = DispatchGroup()
    // Whether a quitting signal has been handed on; only the queue touches it.
    nonisolated(unsafe) var quitPending = false
    sources = Self.handled.map { signal in
      let handler = Self.dispatchHandlers.withLock { $0[signal] }
      Glibc.signal(signal, handler ?? SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
      source.setEventHandler {
        if Self.quitSignals.contains(signal) {
          if quitPending || source.data > 1 {
            giveUp(signal)
            return
          }
          quitPending = true
        }
        deliver(signal)
      }
      registered.enter()
      source.setRegistrationHandler { registered.leave() }
      source.resume()
      return source
    }
    _ = registered.wait(timeout: .now() + .seconds(2))
  }

  /// Stops serving the signals and puts their default actions back.
  func remove() {
    for source in sources { source.cancel() }
    for signal in Self.handled {
      let previous = Glibc.signal(signal, SIG_DFL)
      if let previous, Self.isHandler(previous) {
        Self.dispatchHandlers.withLock { $0[signal] = previous }
      }
    }
  }

  /// Whether a disposition is a function rather than `SIG_IGN` or `SIG_ERR`.
  private static func isHandler(_ disposition: sighandler_t) -> Bool {
    let address = Int(bitPattern: unsafeBitCast(disposition, to: UnsafeRawPointer.self))
    return address != 1 && address != -1
  }

  /// Stops the process as Ctrl-Z does; returns when the shell continues it.
  static func stopProcess() {
    let previous = signal(SIGTSTP, SIG_DFL)
    raiseUnblocked(SIGTSTP)
    signal(SIGTSTP, previous)
  }

  /// Dies by `signal` with its default action, for the exit status the shell expects.
  static func die(by signal: Int32) {
    Glibc.signal(signal, SIG_DFL)
    raiseUnblocked(signal)
  }

  /// Gives the terminal back at once and dies by `signal`: the way out of a stuck program.
  @Sendable static func giveTerminalBackAndDie(by signal: Int32) {
    endwin()
    die(by: signal)
  }

  /// Raises `signal` in this thread with it unblocked, so that it takes effect even on a
  /// thread (such as a Dispatch worker, which blocks most signals) that blocks it.
  private static func raiseUnblocked(_ signal: Int32) {
    var set = sigset_t()
    var old = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    pthread_sigmask(SIG_UNBLOCK, &set, &old)
    raise(signal)
    pthread_sigmask(SIG_SETMASK, &old, nil)
  }
}
