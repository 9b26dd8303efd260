import Foundation

/// Where the example executables are, and how to run one as a child process.
enum ExampleProcess {
  /// The `list-demo` executable, found next to the test bundle or in the package's `.build`.
  ///
  /// No test target depends on the executable, so nothing obliges `swift test` to build it:
  /// `make test` builds it first, and by hand run
  /// `swift build --package-path Examples --product list-demo` before
  /// `swift test --package-path Examples`.
  ///
  /// - Throws: ``MissingExample`` naming the places looked in when the binary is not built.
  static func listDemo() throws -> URL {
    try executable("list-demo")
  }

  /// The built executable of the product `name`, such as `user-list`; `make test` builds them
  /// all before the tests run.
  ///
  /// - Throws: ``MissingExample`` naming the places looked in when the binary is not built.
  static func executable(_ name: String) throws -> URL {
    let candidates = binDirectories().map { $0.appending(path: name) }
    for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
      return candidate
    }
    throw MissingExample(product: name, lookedIn: candidates)
  }

  /// The directories that may hold the built products, most specific first: the directory of
  /// the running test executable (the build configuration under test), then `.build/debug` of
  /// the package this source file belongs to, the examples package in `Examples/`.
  private static func binDirectories() -> [URL] {
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL {
      directories.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
    }
    if let first = CommandLine.arguments.first {
      let executable = URL(
        fileURLWithPath: first,
        relativeTo: URL(
          fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
      directories.append(executable.standardizedFileURL.deletingLastPathComponent())
    }
    // Examples/Tests/ExampleTests/Support/ExampleProcess.swift (this file) -> Examples/, the
    // examples package's root.
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    directories.append(packageRoot.appending(path: ".build/debug"))
    var seen: Set<String> = []
    return directories.filter { seen.insert($0.standardizedFileURL.path).inserted }
  }

  /// Runs `executable` to completion with `arguments`, standard input from `standardInput`,
  /// and standard output and error collected through files, so that no pipe can fill up.
  ///
  /// This uses `posix_spawn` rather than `Foundation.Process`, which on Linux notices a
  /// child's exit only when every process that inherited its status socket has closed it; the
  /// daemon a `tmux` client starts keeps it open (swift-corelibs-foundation issue 4795). The
  /// child starts with no blocked signals and default signal actions, whatever thread this
  /// runs on (libdispatch's worker threads block most signals).
  ///
  /// - Parameter environment: the child's whole environment; this process's when nil.
  static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
    standardInput: String = "/dev/null"
  ) async throws -> ProcessOutcome {
    let scratch = FileManager.default.temporaryDirectory
      .appending(path: "te-process-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputPath = scratch.appending(path: "stdout").path
    let errorPath = scratch.appending(path: "stderr").path

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
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
      throw SpawnFailure(executable: executable, message: String(cString: strerror(spawnError)))
    }

    var status: Int32 = 0
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { break }
      if reaped == -1 && errno != EINTR {
        throw SpawnFailure(executable: executable, message: String(cString: strerror(errno)))
      }
      try? await Task.sleep(for: .milliseconds(2))
    }
    let signal = status & 0x7f
    return ProcessOutcome(
      status: signal == 0 ? (status >> 8) & 0xff : signal,
      exitedNormally: signal == 0,
      standardOutput: String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: outputPath)), as: UTF8.self),
      standardError: String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: errorPath)), as: UTF8.self))
  }
}

/// A child process that could not be started or waited for.
struct SpawnFailure: Error, CustomStringConvertible {
  /// What was to run.
  let executable: URL
  /// The system's reason.
  let message: String

  /// The executable and the reason.
  var description: String { "could not run \(executable.path): \(message)" }
}

/// How a child process ended, and what it wrote.
struct ProcessOutcome: Sendable {
  /// The exit status, or the signal number when it was killed by a signal.
  let status: Int32
  /// Whether it exited (rather than being killed by a signal).
  let exitedNormally: Bool
  /// Everything it wrote to standard output.
  let standardOutput: String
  /// Everything it wrote to standard error.
  let standardError: String
}

/// An example executable that has not been built.
struct MissingExample: Error, CustomStringConvertible {
  /// The product's name, as in `swift build --product <name>`.
  let product: String
  /// The paths that were tried.
  let lookedIn: [URL]

  /// Says what is missing and how to build it.
  var description: String {
    """
    \(product) is not built (looked for \(lookedIn.map(\.path).joined(separator: ", "))). \
    Run `swift build --package-path Examples --product \(product)` before \
    `swift test --package-path Examples`; `make test` does this.
    """
  }
}
