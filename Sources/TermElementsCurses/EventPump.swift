import Dispatch
import Synchronization

/// Wakes the run loop when there is input, a signal, a timer tick or a request for a frame,
/// and otherwise lets it sleep: an idle program uses no CPU.
///
/// Readiness of standard input is watched by a Dispatch source (epoll), suspended from the
/// moment it fires until the loop has read everything waiting, so that it never spins; signals
/// come from ``TerminalSignals`` through ``deliver(signal:)``.
///
/// It is `@unchecked Sendable` because Dispatch sources, which Swift does not mark `Sendable`,
/// are thread-safe; all other state is behind mutexes.
final class EventPump: @unchecked Sendable {
  /// What woke the loop since it last looked.
  struct Pending: Sendable {
    var input = false
    var signals: [Int32] = []
    var ticks = 0
    var redraw = false
  }

  /// What is waiting.
  private let pending = Mutex(Pending())
  /// Wakes the loop; it holds at most one wake-up, since the loop takes everything at once.
  let wakeups: AsyncStream<Void>
  /// Feeds `wakeups`.
  private let continuation: AsyncStream<Void>.Continuation
  /// Watches standard input.
  private let inputSource: any DispatchSourceRead
  /// Whether the input source is suspended, waiting for the loop to read.
  private let inputSuspended = Mutex(false)

  /// Starts watching `input`.
  init(input: Int32) {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    wakeups = stream
    self.continuation = continuation
    let queue = DispatchQueue(label: "TermElements.EventPump")
    inputSource = DispatchSource.makeReadSource(fileDescriptor: input, queue: queue)
    inputSource.setEventHandler { [self] in
      inputSuspended.withLock { suspended in
        guard !suspended else { return }
        suspended = true
        inputSource.suspend()
      }
      pending.withLock { $0.input = true }
      continuation.yield()
    }
    inputSource.resume()
  }

  /// Takes everything waiting.
  func take() -> Pending {
    pending.withLock { pending in
      defer { pending = Pending() }
      return pending
    }
  }

  /// Watches standard input again once the loop has read it.
  func resumeInput() {
    inputSuspended.withLock { suspended in
      guard suspended else { return }
      suspended = false
      inputSource.resume()
    }
  }

  /// Wakes the loop to handle `signal`.
  func deliver(signal: Int32) {
    pending.withLock { $0.signals.append(signal) }
    continuation.yield()
  }

  /// Asks for a frame.
  func requestRedraw() {
    pending.withLock { $0.redraw = true }
    continuation.yield()
  }

  /// Adds an animation tick.
  func tick() {
    pending.withLock { $0.ticks += 1 }
    continuation.yield()
  }

  /// Stops watching.
  func stop() {
    resumeInput()
    inputSource.cancel()
    continuation.finish()
  }
}
