import Glibc
import Synchronization
import Testing

@testable import TermElementsCurses

extension ProcessWide {
  /// The run loop's signals, served by Dispatch signal sources. The tests send this process
  /// only signals it survives by default (SIGWINCH, SIGCONT), or SIGHUP while it is handled.
  @Suite("The run loop's signals")
  struct TerminalSignalsTests {
    /// The signals handed on, and those given up on, in order.
    final class Received: Sendable {
      let delivered = Mutex<[Int32]>([])
      let givenUp = Mutex<[Int32]>([])

      /// Installs the signals, recording into this.
      func install() -> TerminalSignals {
        TerminalSignals.install(
          handingTo: { signal in self.delivered.withLock { $0.append(signal) } },
          givingUp: { signal in self.givenUp.withLock { $0.append(signal) } })
      }

      /// Waits until `count` signals have been handed on and `givenUp` given up on, or two
      /// seconds have passed.
      func wait(delivered count: Int, givenUp: Int = 0) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(2))
        while clock.now < deadline {
          if delivered.withLock({ $0.count }) >= count
            && self.givenUp.withLock({ $0.count }) >= givenUp
          {
            return
          }
          try await Task.sleep(for: .milliseconds(5))
        }
      }
    }

    /// Whether `signal`'s disposition is the default action.
    private func isDefault(_ signal: Int32) -> Bool {
      var action = sigaction()
      sigaction(signal, nil, &action)
      return action.__sigaction_handler.sa_handler == nil
    }

    @Test("Signals sent to the process are handed on, in order")
    func delivers() async throws {
      let received = Received()
      let signals = received.install()
      kill(getpid(), SIGWINCH)
      try await received.wait(delivered: 1)
      kill(getpid(), SIGCONT)
      try await received.wait(delivered: 2)
      signals.remove()
      #expect(received.delivered.withLock { $0 } == [SIGWINCH, SIGCONT])
    }

    @Test("Removing puts every default action back")
    func removeRestoresDefaults() {
      let signals = Received().install()
      #expect(TerminalSignals.handled.allSatisfy { !isDefault($0) })
      signals.remove()
      #expect(TerminalSignals.handled.allSatisfy(isDefault))
    }

    @Test("Installing again after removing still sees signals")
    func reinstall() async throws {
      for round in 1...3 {
        let received = Received()
        let signals = received.install()
        kill(getpid(), SIGWINCH)
        try await received.wait(delivered: 1)
        signals.remove()
        #expect(received.delivered.withLock { $0 } == [SIGWINCH], "round \(round)")
      }
    }

    @Test("A second quitting signal while the first is pending gives up at once")
    func secondQuitGivesUp() async throws {
      let received = Received()
      let signals = received.install()
      kill(getpid(), SIGHUP)
      try await received.wait(delivered: 1)
      kill(getpid(), SIGHUP)
      try await received.wait(delivered: 1, givenUp: 1)
      kill(getpid(), SIGWINCH)
      try await received.wait(delivered: 2, givenUp: 1)
      signals.remove()
      #expect(received.delivered.withLock { $0 } == [SIGHUP, SIGWINCH])
      #expect(received.givenUp.withLock { $0 } == [SIGHUP])
    }
  }
}
