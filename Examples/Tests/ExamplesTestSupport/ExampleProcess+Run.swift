import Foundation

extension ExampleProcess {
  /// Runs `executable` to completion with `arguments`, standard input from `standardInput`,
  /// and standard output and error collected through files, so that no pipe can fill up: the
  /// one way the tests and benchmarks of the examples run a child process (an example, tmux,
  /// psql, the PostgreSQL server's script).
  ///
  /// This uses `posix_spawn` rather than `Foundation.Process`, which on Linux notices a
  /// child's exit only when every process that inherited its status socket has closed it; the
  /// daemon a `tmux` client starts keeps it open (swift-corelibs-foundation issue 4795), and
  /// its wait can hang on a thread of the tests' pool. The child starts with no blocked
  /// signals and default signal actions, whatever thread this runs on (libdispatch's worker
  /// threads block most signals).
  ///
  /// ```swift
  /// let outcome = try await ExampleProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["true"])
  /// #expect(outcome.exitedNormally && outcome.status == 0)
  /// ```
  ///
  /// - Parameter environment: the child's whole environment; this process's when nil.
  /// - Throws: ``SpawnFailure`` when the child cannot be started or waited for.
  public static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
    standardInput: String = "/dev/null"
  ) async throws -> ProcessOutcome {
    let child = try Child(executable, arguments, environment, standardInput)
    defer { child.removeScratch() }
    var status: Int32 = 0
    while true {
      let reaped = waitpid(child.pid, &status, WNOHANG)
      if reaped == child.pid { break }
      if reaped == -1 && errno != EINTR {
        throw SpawnFailure(executable: executable, message: String(cString: strerror(errno)))
      }
      try? await Task.sleep(for: .milliseconds(2))
    }
    return try child.outcome(status: status)
  }

  /// Runs `executable` as ``run(_:_:environment:standardInput:)`` does, blocking the calling
  /// thread in `waitpid` until it ends: for code that cannot wait asynchronously, such as a
  /// `defer`.
  ///
  /// - Throws: ``SpawnFailure`` when the child cannot be started or waited for.
  public static func runBlocking(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
    standardInput: String = "/dev/null"
  ) throws -> ProcessOutcome {
    let child = try Child(executable, arguments, environment, standardInput)
    defer { child.removeScratch() }
    var status: Int32 = 0
    while waitpid(child.pid, &status, 0) == -1 {
      guard errno == EINTR else {
        throw SpawnFailure(executable: executable, message: String(cString: strerror(errno)))
      }
    }
    return try child.outcome(status: status)
  }
}

/// A child process started by ``ExampleProcess``, writing its output into a scratch directory.
private struct Child {
  /// The child's process id.
  let pid: pid_t
  /// The directory that holds its standard output and error.
  let scratch: URL

  /// Starts `executable`; see ``ExampleProcess/run(_:_:environment:standardInput:)``.
  init(
    _ executable: URL, _ arguments: [String], _ environment: [String: String]?,
    _ standardInput: String
  ) throws {
    scratch = FileManager.default.temporaryDirectory
      .appending(path: "te-process-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, scratch.appending(path: "stdout").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(
      &actions, 2, scratch.appending(path: "stderr").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    sigdelset(&allSignals, SIGKILL)
    sigdelset(&allSignals, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let environment = environment ?? ProcessInfo.processInfo.environment
    let argv = ([executable.lastPathComponent] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let spawnError = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
    guard spawnError == 0 else {
      try? FileManager.default.removeItem(at: scratch)
      throw SpawnFailure(executable: executable, message: String(cString: strerror(spawnError)))
    }
    self.pid = pid
  }

  /// How the child ended, given its `waitpid` status, and what it wrote.
  func outcome(status: Int32) throws -> ProcessOutcome {
    let signal = status & 0x7f
    return ProcessOutcome(
      status: signal == 0 ? (status >> 8) & 0xff : signal,
      exitedNormally: signal == 0,
      standardOutput: String(
        decoding: try Data(contentsOf: scratch.appending(path: "stdout")), as: UTF8.self),
      standardError: String(
        decoding: try Data(contentsOf: scratch.appending(path: "stderr")), as: UTF8.self))
  }

  /// Deletes the scratch directory.
  func removeScratch() {
    try? FileManager.default.removeItem(at: scratch)
  }
}
