import Foundation

/// Where the example executables are, and how to run one as a child process.
public enum ExampleProcess {
  /// The `list-demo` executable, found next to the test bundle or in the package's `.build`.
  ///
  /// No test target depends on the executable, so nothing obliges `swift test` to build it:
  /// `make test` builds it first, and by hand run
  /// `swift build --package-path Examples --product list-demo` before
  /// `swift test --package-path Examples`.
  ///
  /// - Throws: ``MissingExample`` naming the places looked in when the binary is not built.
  public static func listDemo() throws -> URL {
    try executable("list-demo")
  }

  /// The built executable of the product `name`, such as `user-list`; `make test` builds them
  /// all before the tests run.
  ///
  /// - Throws: ``MissingExample`` naming the places looked in when the binary is not built.
  public static func executable(_ name: String) throws -> URL {
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
    // Examples/Tests/ExamplesTestSupport/ExampleProcess.swift (this file) -> Examples/, the
    // examples package's root.
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    directories.append(packageRoot.appending(path: ".build/debug"))
    var seen: Set<String> = []
    return directories.filter { seen.insert($0.standardizedFileURL.path).inserted }
  }
}
