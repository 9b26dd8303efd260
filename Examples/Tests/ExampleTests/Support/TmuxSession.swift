import ExamplesTestSupport
import Foundation

/// A private tmux server whose one window runs an interactive `bash --norc --noprofile`.
///
/// Each session has its own server socket (`tmux -L te-…`) and scratch directory, which the
/// pane's shell knows as `$TE_DIR` (holding ``ShellScripts``); `$LIST_DEMO` is the demo binary.
/// Use ``with(width:height:needsListDemo:_:)``, which kills the server and removes the
/// directory however the test ends.
///
/// ```swift
/// try await TmuxSession.with { tmux in
///   try await tmux.run(#"bash "$TE_DIR/run-demo.sh" 'demo'"#)
///   try await tmux.waitFor("the status line") { $0.status != nil }
/// }
/// ```
final class TmuxSession: Sendable {
  /// The name of the tmux server's socket, unique to this session.
  let socket: String
  /// The scratch directory, `$TE_DIR` in the pane.
  let directory: URL
  /// The environment of every tmux command, and so of the server and the pane's shell.
  let environment: [String: String]
  /// The target of pane commands: the only pane of the session.
  private let target = "demo"

  /// How long a wait polls before it fails.
  static let defaultTimeout: Duration = .seconds(10)

  /// Starts a server with a `width` x `height` window at a `$ ` prompt, runs `body` with it,
  /// then kills the server and removes the scratch directory, whether `body` returns or throws.
  ///
  /// A test that does not run `list-demo` passes `needsListDemo: false`, and then `$LIST_DEMO`
  /// is empty and the demo need not be built.
  static func with<Result>(
    width: Int = 80, height: Int = 24, needsListDemo: Bool = true,
    _ body: (TmuxSession) async throws -> Result
  ) async throws -> Result {
    let session = try TmuxSession(listDemo: needsListDemo ? ExampleProcess.listDemo() : nil)
    do {
      try await session.start(width: width, height: height)
      let result = try await body(session)
      await session.close()
      return result
    } catch {
      await session.close()
      throw error
    }
  }

  /// Prepares the scratch directory and the environment; ``start(width:height:)`` starts tmux.
  private init(listDemo: URL?) throws {
    socket = "te-\(getpid())-\(UUID().uuidString.prefix(8))"
    directory = FileManager.default.temporaryDirectory.appending(path: socket)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try ShellScripts.install(in: directory)
    let inherited = ProcessInfo.processInfo.environment
    var environment = [
      "PATH": inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
      "LANG": "C.UTF-8",
      "LC_ALL": "C.UTF-8",
      "HISTFILE": "",
      "TE_DIR": directory.path,
      "LIST_DEMO": listDemo?.path ?? "",
    ]
    for name in ["HOME", "USER", "TMUX_TMPDIR"] {
      if let value = inherited[name] { environment[name] = value }
    }
    self.environment = environment
  }

  /// Starts the server and waits for the shell's first prompt.
  private func start(width: Int, height: Int) async throws {
    try await tmux(
      "-f", "/dev/null", "new-session", "-d", "-s", target, "-x", String(width), "-y",
      String(height), "env", "PS1=$ ", "bash", "--norc", "--noprofile")
    try await waitFor("the shell's prompt") { $0.lines.contains("$") }
  }

  /// Kills the server, and with it the pane's processes, and removes the server's socket and
  /// the scratch directory.
  ///
  /// Killing the server hangs up the pane's terminal, which ends a well-behaved demo. One that
  /// ignores the hang-up (a bug the tests exist to catch) would live on as an orphan, so every
  /// process under the pane's shell that is still there a second later is killed outright.
  func close() async {
    let info = try? await tmux("display-message", "-p", "-t", target, "#{pane_pid} #{socket_path}")
    let fields = info?.trimmingCharacters(in: .newlines).split(separator: " ", maxSplits: 1) ?? []
    let descendants = fields.first.flatMap { pid_t($0) }.map(Self.descendants(of:)) ?? []
    _ = try? await tmux("kill-server")
    unlink(fields.count == 2 ? String(fields[1]) : defaultSocketPath)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(1))
    var survivors = descendants
    while !survivors.isEmpty && clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
      survivors = survivors.filter { kill($0, 0) == 0 && !Self.isZombie($0) }
    }
    for pid in survivors { kill(pid, SIGKILL) }
    try? FileManager.default.removeItem(at: directory)
  }

  /// Where tmux puts this session's socket unless told otherwise.
  private var defaultSocketPath: String {
    let base = environment["TMUX_TMPDIR"] ?? "/tmp"
    return "\(base)/tmux-\(getuid())/\(socket)"
  }

  /// The processes descended from `root`, found through `/proc`.
  private static func descendants(of root: pid_t) -> [pid_t] {
    var children: [pid_t: [pid_t]] = [:]
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries {
      guard let pid = pid_t(entry), let parent = parentAndState(of: pid)?.parent else { continue }
      children[parent, default: []].append(pid)
    }
    var found: [pid_t] = []
    var queue = [root]
    while let next = queue.popLast() {
      let direct = children[next] ?? []
      found += direct
      queue += direct
    }
    return found
  }

  /// Whether `pid` has exited and waits to be reaped.
  private static func isZombie(_ pid: pid_t) -> Bool {
    parentAndState(of: pid)?.state == "Z"
  }

  /// The parent and the state letter of `pid`, from `/proc/<pid>/stat`.
  private static func parentAndState(of pid: pid_t) -> (parent: pid_t, state: Character)? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    // After "pid (command)": the state, then the parent's pid.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 1, let state = fields[0].first, let parent = pid_t(fields[1]) else {
      return nil
    }
    return (parent, state)
  }

  /// Runs a tmux command on this session's server and returns its standard output.
  ///
  /// - Throws: ``TmuxFailure`` when tmux exits with a failure.
  @discardableResult
  func tmux(_ arguments: String...) async throws -> String {
    try await tmux(arguments)
  }

  /// Runs a tmux command on this session's server and returns its standard output.
  ///
  /// - Throws: ``TmuxFailure`` when tmux exits with a failure.
  @discardableResult
  func tmux(_ arguments: [String]) async throws -> String {
    let outcome = try await ExampleProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["tmux", "-L", socket] + arguments,
      environment: environment)
    guard outcome.exitedNormally, outcome.status == 0 else {
      throw TmuxFailure(arguments: arguments, outcome: outcome)
    }
    return outcome.standardOutput
  }

  /// Sends keys by their tmux names, such as `j`, `Down`, `NPage`, `Space`, `Enter` or `C-z`.
  func send(_ keys: String...) async throws {
    try await send(keys)
  }

  /// Sends keys by their tmux names, in order.
  func send(_ keys: [String]) async throws {
    try await tmux(["send-keys", "-t", target] + keys)
  }

  /// Sends the keys named by terminfo capabilities (`kcud1` for ↓, `knp` for PgDn, `kend`
  /// for End), each `count` times, in one write to the program, as key repeat over ssh or a
  /// paste delivers them: the sequences are those of the pane's terminal type.
  func sendInOneWrite(_ keys: [(capability: String, count: Int)]) async throws {
    let terminal = try await tmux("show-options", "-gv", "default-terminal")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    var bytes = ""
    for (capability, count) in keys {
      let outcome = try await ExampleProcess.run(
        URL(fileURLWithPath: "/usr/bin/env"), ["tput", "-T", terminal, capability],
        environment: environment)
      guard outcome.exitedNormally, outcome.status == 0, !outcome.standardOutput.isEmpty else {
        throw TmuxFailure(arguments: ["tput", capability], outcome: outcome)
      }
      bytes += String(repeating: outcome.standardOutput, count: count)
    }
    try await tmux("set-buffer", "-b", "burst", bytes)
    try await tmux("paste-buffer", "-d", "-b", "burst", "-t", target)
  }

  /// Types `text` literally.
  func type(_ text: String) async throws {
    try await tmux("send-keys", "-t", target, "-l", text)
  }

  /// Types `command` and presses Enter.
  func run(_ command: String) async throws {
    try await type(command)
    try await send("Enter")
  }

  /// Resizes the window, as a terminal emulator's window would be.
  func resize(width: Int, height: Int) async throws {
    try await tmux("resize-window", "-t", target, "-x", String(width), "-y", String(height))
  }

  /// The pane's visible lines; with `joiningWrappedLines`, a line the terminal wrapped is one.
  func capture(joiningWrappedLines: Bool = false) async throws -> PaneCapture {
    let text = try await tmux(
      ["capture-pane", "-p", "-t", target] + (joiningWrappedLines ? ["-J"] : []))
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    if lines.last == "" { lines.removeLast() }
    return PaneCapture(lines: lines)
  }

  /// The pane's terminal modes as tmux tracks them, by format name: `alternate_on`,
  /// `cursor_flag`, `keypad_flag`, `keypad_cursor_flag`, `mouse_any_flag`, … (`1` or `0`).
  func paneModes() async throws -> [String: String] {
    let names = PaneModes.restored.keys.sorted()
    let output = try await tmux(
      "display-message", "-p", "-t", target, names.map { "\($0)=#{\($0)}" }.joined(separator: " "))
    var modes: [String: String] = [:]
    for pair in output.split(whereSeparator: \.isWhitespace) {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { modes[parts[0]] = parts[1] }
    }
    return modes
  }

  /// The process id `run-demo.sh` wrote for the last `demo` it started.
  func demoProcessID() throws -> pid_t {
    let text = try String(contentsOf: directory.appending(path: "pid"), encoding: .utf8)
    guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw TmuxFailure(arguments: ["(reading $TE_DIR/pid)"], outcome: nil)
    }
    return pid
  }

  /// Polls the pane until `predicate` holds, and returns that capture.
  ///
  /// This is a wait, not a timing assertion: the timeout only bounds a test that would
  /// otherwise hang.
  ///
  /// - Throws: ``ScreenTimeout`` with `what` and the last capture after `timeout`.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Duration = TmuxSession.defaultTimeout,
    joiningWrappedLines: Bool = false, until predicate: (PaneCapture) -> Bool
  ) async throws -> PaneCapture {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var screen = try await capture(joiningWrappedLines: joiningWrappedLines)
    while !predicate(screen) {
      guard clock.now < deadline else {
        throw ScreenTimeout(what: what, timeout: timeout, screen: screen)
      }
      try await Task.sleep(for: .milliseconds(40))
      screen = try await capture(joiningWrappedLines: joiningWrappedLines)
    }
    return screen
  }

  /// Waits for the shell's prompt, `$` on the last line that is not empty, on a screen for
  /// which `predicate` also holds.
  @discardableResult
  func waitForPrompt(
    _ when: String, until predicate: (PaneCapture) -> Bool = { _ in true }
  ) async throws -> PaneCapture {
    try await waitFor("the shell's prompt \(when)") { screen in
      screen.lines.last { !$0.isEmpty } == "$" && predicate(screen)
    }
  }

  /// Waits for a coherent `list-demo` frame (see ``PaneCapture/isCoherentListDemoFrame``)
  /// whose status line satisfies `predicate`, and the whole screen `screenPredicate`.
  @discardableResult
  func waitForStatus(
    _ what: String, timeout: Duration = TmuxSession.defaultTimeout,
    until predicate: (ListDemoStatus) -> Bool,
    screen screenPredicate: (PaneCapture) -> Bool = { _ in true }
  ) async throws -> (screen: PaneCapture, status: ListDemoStatus) {
    var found: ListDemoStatus?
    let screen = try await waitFor(
      "a whole list-demo frame (the selected row shown, rows in order, the title at the top) "
        + "whose status line shows \(what)", timeout: timeout
    ) {
      found = $0.status.flatMap { predicate($0) ? $0 : nil }
      return found != nil && $0.isCoherentListDemoFrame && screenPredicate($0)
    }
    guard let found else { throw ScreenTimeout(what: what, timeout: timeout, screen: screen) }
    return (screen, found)
  }
}

/// The pane modes a program must leave as it found them at a shell prompt, by the names of
/// tmux's formats.
enum PaneModes {
  /// The modes of a terminal given back properly: the normal screen, a visible cursor, the
  /// keypad and cursor keys in normal mode, no mouse reporting, no insert or origin mode,
  /// auto-wrap on.
  static let restored: [String: String] = [
    "alternate_on": "0", "cursor_flag": "1", "keypad_flag": "0", "keypad_cursor_flag": "0",
    "mouse_any_flag": "0", "mouse_button_flag": "0", "mouse_standard_flag": "0",
    "mouse_all_flag": "0", "insert_flag": "0", "origin_flag": "0", "wrap_flag": "1",
  ]
}

/// A wait for the screen that ran out of time.
struct ScreenTimeout: Error, CustomStringConvertible {
  /// What the test waited for.
  let what: String
  /// How long it waited.
  let timeout: Duration
  /// The last capture.
  let screen: PaneCapture

  /// What was awaited, and the screen as it was.
  var description: String {
    "Waited \(timeout) for \(what); the screen showed:\n\(screen)"
  }
}

/// A tmux command that failed.
struct TmuxFailure: Error, CustomStringConvertible {
  /// The command's arguments after `tmux -L <socket>`.
  let arguments: [String]
  /// How tmux ended, when it ran.
  let outcome: ProcessOutcome?

  /// The command, its status and its error output.
  var description: String {
    guard let outcome else { return "tmux \(arguments.joined(separator: " ")) failed" }
    return """
      tmux \(arguments.joined(separator: " ")) failed with status \(outcome.status): \
      \(outcome.standardError)
      """
  }
}
