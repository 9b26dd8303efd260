import ExamplesTestSupport
import Foundation
import Testing

extension DataBrowserCSVTerminalTests {
  /// How a test ends the browser's sort while it runs.
  enum SortEnd: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Esc cancels the sort; the browser goes on.
    case escape
    /// q quits the browser.
    case quit
    /// SIGTERM, as `kill` sends it.
    case terminate

    var testDescription: String { rawValue }
  }

  /// The files of `folder` that process `pid` holds open, as `/proc` names them: a file
  /// removed from its folder while open ends in ` (deleted)`.
  static func openFiles(of pid: pid_t, in folder: URL) -> [String] {
    let descriptors = "/proc/\(pid)/fd"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
    return entries.compactMap {
      try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\($0)")
    }.filter { $0.hasPrefix(folder.path + "/") }
  }

  /// A sort by `amount` keeps its runs in a file in `$TMPDIR`, removed from the folder as soon
  /// as it is made: the folder stays empty while the sort runs, and the file, open, shows as
  /// deleted. Nothing of it is left once Esc cancels the sort (the browser runs on), q quits,
  /// or SIGTERM kills the browser mid-sort: it gives the terminal back, dies by the signal,
  /// and its descriptors go with it.
  @Test(
    "A sort's temporary file is gone after Esc, after q and after SIGTERM mid-sort",
    arguments: SortEnd.allCases)
  func sortFileGone(_ end: SortEnd) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "data-browser-sort-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let inFolder = { try FileManager.default.contentsOfDirectory(atPath: folder.path) }
    try await Self.withBrowser(sortFolder: folder) { tmux, _ in
      let pid = try tmux.demoProcessID()
      // From `id` to `amount`.
      try await tmux.send("Right", "Right", "Right")
      try await tmux.send("s")
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: Self.wholeFile)
      var open: [String] = []
      while open.isEmpty && clock.now < deadline {
        open = Self.openFiles(of: pid, in: folder)
        #expect(try inFolder().isEmpty, "the sort's file is in its folder")
        try await Task.sleep(for: .milliseconds(5))
      }
      #expect(!open.isEmpty, "the sort's file was never seen open")
      #expect(open.allSatisfy { $0.hasSuffix(" (deleted)") }, "\(open)")
      switch end {
      case .escape:
        try await tmux.send("Escape")
        try await tmux.waitFor("the sort cancelled") { $0.statusLine.contains("Cancelled") }
        while !Self.openFiles(of: pid, in: folder).isEmpty && clock.now < deadline {
          try await Task.sleep(for: .milliseconds(5))
        }
        #expect(kill(pid, 0) == 0, "the browser runs on after Esc")
        #expect(Self.openFiles(of: pid, in: folder).isEmpty, "the sort's file is open after Esc")
      case .quit:
        try await tmux.send("q")
        try await tmux.expectGivenBack(exitStatus: 0, leftBehind: ["people.csv ·", "│"])
      case .terminate:
        #expect(kill(pid, SIGTERM) == 0, "kill(\(pid), SIGTERM) failed")
        try await tmux.expectGivenBack(
          exitStatus: 128 + Int(SIGTERM), leftBehind: ["people.csv ·", "│"])
      }
      if end != .escape {
        #expect(kill(pid, 0) != 0 && errno == ESRCH, "the browser is still there")
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)/fd"))
      }
      #expect(try inFolder().isEmpty, "the sort left a file behind")
    }
    #expect(try inFolder().isEmpty, "the sort left a file behind")
  }
}
