import Testing

extension TmuxSession {
  /// Checks that the demo left the terminal as it found it, using the report of
  /// `check-terminal.sh` (see ``ShellScripts``): the exit status, `stty` modes equal to those
  /// saved before the demo ran (with `echo`, `icanon`, `isig`, `icrnl`, `opost` and `onlcr` on),
  /// tmux's screen modes as at a prompt, no leftover demo screen, typed text echoed and ended
  /// by Enter, and a shell prompt that runs the next command.
  func expectGivenBack(
    exitStatus: Int, leftBehind: [String] = ["Enter chooses", "TermElements ·"],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let tmux = self
    let report = try await tmux.waitFor("the exit report", joiningWrappedLines: true) {
      $0.contains("TYPE>")
    }
    // From `EXIT=` on: a command line that fills its last line of the pane exactly is marked
    // as wrapped by the shell, so the joined capture puts the report at the end of it.
    let exitLine =
      report.lines.lazy.compactMap { line in
        line.range(of: "EXIT=").map { String(line[$0.lowerBound...]) }
      }.first ?? ""
    #expect(
      exitLine.hasPrefix("EXIT=\(exitStatus) "), "expected exit status \(exitStatus)\n\(report)",
      sourceLocation: sourceLocation)
    #expect(
      exitLine.hasSuffix("SAME-MODES=yes"), "stty -g differs from before the demo ran\n\(report)",
      sourceLocation: sourceLocation)
    let modes = Set(
      (report.lines.first { $0.hasPrefix("MODES:") } ?? "").split(separator: " ").dropFirst()
        .map(String.init))
    let required: Set = ["echo", "icanon", "isig", "icrnl", "opost", "onlcr"]
    #expect(
      required.isSubset(of: modes), "terminal modes not restored: \(required.subtracting(modes))",
      sourceLocation: sourceLocation)
    #expect(
      try await tmux.paneModes() == PaneModes.restored, "screen modes not restored",
      sourceLocation: sourceLocation)
    #expect(
      !leftBehind.contains { report.contains($0) },
      "the demo's screen was left behind\n\(report)", sourceLocation: sourceLocation)

    try await tmux.run("typed-text-42")
    let echoed = try await tmux.waitFor("the typed line to be read back") {
      $0.contains("GOT[typed-text-42]")
    }
    #expect(
      echoed.lines.contains("TYPE> typed-text-42"), "typed text was not echoed\n\(echoed)",
      sourceLocation: sourceLocation)

    try await tmux.run("echo ALIVE-$((6 * 7))")
    try await tmux.waitFor("the shell to run a command") { $0.lines.contains("ALIVE-42") }
  }
}
