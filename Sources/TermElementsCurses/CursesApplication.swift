import CNcursesw
import Glibc
import TermElements

/// Runs a `TableModelController` on the terminal until the user quits.
///
/// ```swift
/// // In the app's `@main` type:
/// @MainActor static func main() async {
///   let rows = ["Apple", "Pear", "Plum"].map { Row(ElementOfLabel(props: $0)) }
///   let controller = TableModelController(table: Table(rows: rows))
///   do {
///     try await CursesApplication.run(controller)
///   } catch {
///     print("app: \(error)")  // the terminal is already given back
///   }
/// }
/// ```
///
/// The loop sleeps until there is input, a signal, or a frame to draw. It reads all pending
/// input, applies it, and draws one frame. The terminal is given back on quit, on SIGINT,
/// SIGTERM and SIGHUP (after which the process dies by that signal, as the shell expects), on
/// an error, on a crash, and across Ctrl-Z and `fg`.
@MainActor
public enum CursesApplication {
  /// How long an animation frame lasts.
  public static let animationInterval: Duration = .milliseconds(80)

  /// Runs `controller` until it finishes, as the first screen of a navigation stack (its own,
  /// if it is on one already), so that it can push other screens.
  ///
  /// - Throws: ``TerminalError`` when standard input or output is not a terminal or `TERM` is
  ///   unknown (the terminal is left untouched), and whatever the controller fails with.
  public static func run(_ controller: TableModelController) async throws {
    try await run(controller.navigator ?? NavigationStack(root: controller))
  }

  /// Runs a navigation stack until one of its screens finishes.
  ///
  /// - Throws: ``TerminalError`` when standard input or output is not a terminal or `TERM` is
  ///   unknown (the terminal is left untouched), and whatever a screen fails with.
  public static func run(_ stack: NavigationStack) async throws {
    let terminal = try CursesScreen()
    let pump = EventPump(input: STDIN_FILENO)
    let signals = TerminalSignals.install { pump.deliver(signal: $0) }
    var quitSignal: Int32?
    defer {
      pump.stop()
      signals.remove()
      terminal.restore()
      if let quitSignal { TerminalSignals.die(by: quitSignal) }
    }
    stack.onNeedsDisplay = { pump.requestRedraw() }
    var frame = Screen(width: terminal.size.width, height: terminal.size.height)
    var ticking: Task<Void, Never>?
    stack.drawFrame(into: &frame)
    terminal.draw(frame)
    stack.runEffects()
    for await _ in pump.wakeups {
      let pending = pump.take()
      // A resize or a return from Ctrl-Z repaints the whole terminal, changed or not.
      var repaint = false
      for signal in pending.signals {
        switch signal {
        case SIGWINCH:
          var height: Int32 = 0
          var width: Int32 = 0
          if te_window_size(STDOUT_FILENO, &height, &width) == 0 {
            terminal.resize(to: Size(width: Int(width), height: Int(height)))
          }
          repaint = true
        case SIGTSTP:
          terminal.suspend()
          repaint = true
        case SIGCONT:
          terminal.invalidate()
          repaint = true
        case SIGINT, SIGTERM, SIGHUP:
          quitSignal = signal
          stack.finish()
        default:
          break
        }
      }
      if pending.input {
        for event in terminal.readEvents() { stack.handle(event) }
        pump.resumeInput()
      }
      for _ in 0..<pending.ticks { stack.handle(.tick) }
      if let error = stack.failure { throw error }
      if stack.isFinished { break }
      let size = terminal.size
      if frame.size != Size(width: size.width, height: size.height) {
        frame = Screen(width: size.width, height: size.height)
        stack.handle(.resize(size))
      }
      guard stack.needsDisplay || repaint else { continue }
      stack.drawFrame(into: &frame)
      terminal.draw(frame)
      for text in stack.takeClipboardWrites() {
        terminal.writeSequence(ClipboardSequence.osc52(text))
      }
      stack.runEffects()
      if stack.isAnimating, ticking == nil {
        ticking = Task { @MainActor in
          try? await Task.sleep(for: animationInterval)
          ticking = nil
          pump.tick()
        }
      }
    }
  }
}
