import Foundation
import Testing

/// End-to-end tests that run `list-demo` in a real terminal: a private tmux server each, one at
/// a time, typing keys with `send-keys` and reading the screen with `capture-pane`.
///
/// Every test ends by proving the terminal was given back: see `TmuxSession.expectGivenBack`.
@Suite("list-demo in tmux", .serialized)
struct ListDemoTerminalTests {
  /// Starts the demo, moves with j/↓/k/↑, pages with PgDn/space/PgUp/b, jumps with
  /// G/Home/End/g, resizes the window, chooses a row with Enter and quits with q.
  @Test("Scrolls, pages, jumps, follows a resize, and quits with q")
  func scrollPageJumpResizeAndQuit() async throws {
    try await TmuxSession.with { tmux in
      try await tmux.run(#"bash "$TE_DIR/run-demo.sh" demo"#)
      let start = try await tmux.waitForStatus("row 1") { $0.row == 1 }
      expectConsistent(start.status, count: 10_000)
      #expect(start.status.name == "Ada Lovelace")
      #expect(start.screen.contains("TermElements · 10000 rows"), "\(start.screen)")
      #expect(start.screen.contains("Rows 1–1000"), "\(start.screen)")
      #expect(start.screen.showsRow(1, named: "Ada Lovelace"), "\(start.screen)")
      // The status line spans the width (ncurses may leave the bottom-right cell alone).
      #expect(start.screen.statusLine.count >= 79, "\(start.screen)")

      // One row at a time.
      for (key, row) in [("j", 2), ("Down", 3), ("k", 2), ("Up", 1), ("j", 2)] {
        try await tmux.send(key)
        let moved = try await tmux.waitForStatus("row \(row) after \(key)") { $0.row == row }
        expectConsistent(moved.status, count: 10_000)
        #expect(moved.screen.showsRow(row, named: moved.status.name), "\(moved.screen)")
      }

      // A page at a time: more than one row, and the selected row stays on screen.
      var row = 2
      for (key, forward) in [("NPage", true), ("Space", true), ("PPage", false), ("b", false)] {
        let before = row
        try await tmux.send(key)
        let paged = try await tmux.waitForStatus("a page \(forward ? "down" : "up") after \(key)") {
          forward ? $0.row > before + 1 : $0.row < before - 1 || $0.row == 1
        }
        expectConsistent(paged.status, count: 10_000)
        #expect(
          paged.screen.showsRow(paged.status.row, named: paged.status.name), "\(paged.screen)")
        row = paged.status.row
      }

      // To the end and back.
      for (key, target) in [("G", 10_000), ("Home", 1), ("End", 10_000), ("g", 1)] {
        try await tmux.send(key)
        let jumped = try await tmux.waitForStatus("row \(target) after \(key)") { $0.row == target }
        expectConsistent(jumped.status, count: 10_000)
        #expect(jumped.screen.showsRow(target, named: jumped.status.name), "\(jumped.screen)")
        if target == 10_000 {
          #expect(jumped.status.name == "Ken Thompson")
          #expect(jumped.screen.contains("1000 rows in section 10"), "\(jumped.screen)")
          #expect(jumped.screen.contains("Rows 9001–10000"), "\(jumped.screen)")
        }
      }

      // Row 20 sits near the bottom of an 80x24 screen; a smaller window must scroll to it.
      try await tmux.send(Array(repeating: "j", count: 19))
      let twenty = try await tmux.waitForStatus("row 20") { $0.row == 20 }
      #expect(twenty.status.name == "Ken Thompson")
      for (width, height) in [(60, 15), (100, 30)] {
        try await tmux.resize(width: width, height: height)
        let resized = try await tmux.waitForStatus(
          "row 20, laid out again at \(width)x\(height) with the section header under the title"
        ) {
          $0.row == 20 && $0.position == 20
        } screen: { screen in
          guard let title = screen.lines.firstIndex(where: { $0.contains("TermElements · ") })
          else { return false }
          return screen.lines.count == height && screen.statusLine.count >= width - 1
            && screen.lines.dropFirst(title + 1).first == " Rows 1–1000"
        }
        #expect(resized.screen.showsRow(20, named: "Ken Thompson"), "\(resized.screen)")
      }

      try await tmux.send("Enter")
      try await tmux.waitFor("the status line to say the row was chosen") {
        $0.statusLine.contains("chose Ken Thompson")
      }

      try await tmux.send("q")
      try await tmux.expectGivenBack(exitStatus: 0)
    }
  }

  /// `?` pushes a screen listing the keys, the demo's own `t` among them; Esc goes back to
  /// the same row.
  @Test("? shows the keys, the demo's own among them; Esc goes back")
  func helpScreen() async throws {
    try await TmuxSession.with { tmux in
      try await tmux.run(#"bash "$TE_DIR/run-demo.sh" 'demo --rows 300'"#)
      try await tmux.waitForStatus("row 1 of 300") { $0.row == 1 && $0.count == 300 }
      try await tmux.send("j", "j")
      let before = try await tmux.waitForStatus("row 3") { $0.row == 3 }
      try await tmux.send("?")
      let expected = [
        ("↓ j", "Move down"), ("PgDn Space f Ctrl-F", "Page down"),
        ("t", "Scroll the selected row to the top"), ("q Ctrl-C", "Quit"),
      ]
      // The whole help screen, not a capture taken while ncurses is still writing it.
      try await tmux.waitFor("the help screen with every key") { help in
        help.lines[0].contains("Keys")
          && expected.allSatisfy { keys, description in
            help.lines.contains { $0.contains(keys) && $0.contains(description) }
          }
      }
      try await tmux.send("Escape")
      let back = try await tmux.waitForStatus("row 3 again") { $0.row == 3 }
      #expect(back.screen.lines == before.screen.lines, "\(back.screen)")
      try await tmux.send("q")
      try await tmux.expectGivenBack(exitStatus: 0)
    }
  }

  /// Esc never quits (after ncurses' escape delay): the status line says q quits, and q does.
  @Test("Esc says q quits; q quits")
  func escapeDoesNotQuit() async throws {
    try await TmuxSession.with { tmux in
      try await tmux.run(#"bash "$TE_DIR/run-demo.sh" 'demo --rows 300'"#)
      try await tmux.waitForStatus("row 1 of 300") { $0.row == 1 && $0.count == 300 }
      try await tmux.send("Escape")
      _ = try await tmux.waitFor("q quits in the status line") {
        $0.statusLine.contains("q quits")
      }
      try await tmux.send("Escape")
      try await tmux.send("Down")
      try await tmux.waitForStatus("row 2 of 300, still running") { $0.row == 2 }
      try await tmux.send("q")
      try await tmux.expectGivenBack(exitStatus: 0)
    }
  }

  /// SIGTERM, SIGINT and SIGHUP sent to the process give the terminal back, and the process
  /// dies by the signal, so its shell sees the status 128 + the signal's number.
  @Test("Gives the terminal back and dies by the signal", arguments: QuitSignal.allCases)
  func killedBySignal(_ signal: QuitSignal) async throws {
    try await TmuxSession.with { tmux in
      try await tmux.run(#"bash "$TE_DIR/run-demo.sh" 'demo --rows 2500'"#)
      try await tmux.waitForStatus("row 1 of 2500") { $0.row == 1 && $0.count == 2500 }
      try await tmux.send("j", "j")
      try await tmux.waitForStatus("row 3") { $0.row == 3 }
      let pid = try tmux.demoProcessID()
      #expect(kill(pid, signal.number) == 0, "kill(\(pid), \(signal)) failed")
      try await tmux.expectGivenBack(exitStatus: 128 + Int(signal.number))
    }
  }

  /// Ctrl-C typed at the keyboard quits: the terminal sends SIGINT, so the demo dies by it.
  ///
  /// The demo runs straight from the interactive shell here, because the terminal sends SIGINT
  /// to `run-demo.sh` too, which would then die before reporting. The shell puts its own
  /// terminal modes back after a job killed by a signal, so here the `stty` modes prove less
  /// than in the other tests; the screen modes and the exit status are still the demo's doing.
  @Test("Quits on Ctrl-C, dying by SIGINT")
  func quitWithControlC() async throws {
    try await TmuxSession.with { tmux in
      try await tmux.run(#"stty -g > "$TE_DIR/before"; "$LIST_DEMO" --rows 300"#)
      try await tmux.waitForStatus("row 1 of 300") { $0.row == 1 && $0.count == 300 }
      try await tmux.send("C-c")
      try await tmux.waitForPrompt("after Ctrl-C")
      try await tmux.run(#"bash "$TE_DIR/check-terminal.sh" $?"#)
      try await tmux.expectGivenBack(exitStatus: 130)
    }
  }

  /// Ctrl-Z gives the screen back and stops the demo; `fg` shows the list again where it was.
  /// After that it still takes keys, follows a resize, and suspends again; q then quits.
  ///
  /// The demo runs straight from the interactive shell, for its job control.
  @Test("Suspends on Ctrl-Z and comes back on fg, twice")
  func suspendAndResume() async throws {
    try await TmuxSession.with { tmux in
      try await tmux.run(#"stty -g > "$TE_DIR/before"; "$LIST_DEMO" --rows 4321"#)
      try await tmux.waitForStatus("row 1 of 4321") { $0.row == 1 && $0.count == 4321 }
      try await tmux.send("j", "j")
      try await tmux.waitForStatus("row 3") { $0.row == 3 }

      for round in 1...2 {
        try await tmux.send("C-z")
        let stopped = try await tmux.waitForPrompt("with the job stopped by Ctrl-Z") {
          $0.lines.filter { $0.contains("Stopped") }.count == round
        }
        #expect(!stopped.contains("Enter chooses"), "the list stayed on screen:\n\(stopped)")
        #expect(try await tmux.paneModes() == PaneModes.restored, "after Ctrl-Z number \(round)")

        try await tmux.run("fg")
        let resumed = try await tmux.waitForStatus("row \(round + 2) again after fg") {
          $0.row == round + 2 && $0.count == 4321
        }
        #expect(resumed.screen.contains("TermElements · 4321 rows"), "\(resumed.screen)")
        try await tmux.send("j")
        try await tmux.waitForStatus("row \(round + 3) after fg and j") { $0.row == round + 3 }
        if round == 1 {
          // The signal handlers are all back after the first resume: a resize still works.
          try await tmux.resize(width: 60, height: 15)
          try await tmux.waitForStatus("row 4, laid out again at 60x15 after fg") {
            $0.row == 4
          } screen: {
            $0.lines.count == 15 && $0.statusLine.count >= 59
          }
        }
      }

      try await tmux.send("q")
      try await tmux.waitForPrompt("after q")
      try await tmux.run(#"bash "$TE_DIR/check-terminal.sh" $?"#)
      try await tmux.expectGivenBack(exitStatus: 0)
    }
  }

  /// Without a terminal to run in, the demo says why on standard error, exits with 1, and
  /// leaves the terminal and the screen as they were.
  @Test("Refuses to run without a usable terminal", arguments: Unusable.allCases)
  func refusesUnusableTerminal(_ setting: Unusable) async throws {
    try await TmuxSession.with { tmux in
      try await tmux.run(#"bash "$TE_DIR/run-demo.sh" '\#(setting.commandLine)'"#)
      let report = try await tmux.waitFor("the exit report", joiningWrappedLines: true) {
        $0.contains("TYPE>")
      }
      // The command line, then the message and nothing else, then the report.
      let command = try #require(report.lines.firstIndex { $0.hasPrefix("$ bash") }, "\(report)")
      #expect(
        report.lines.dropFirst(command + 1).prefix(2).map { $0.prefix(11) }
          == ["list-demo: ", "EXIT=1 SAME"],
        "\(report)")
      #expect(report.contains(setting.message), "\(report)")
      try await tmux.expectGivenBack(exitStatus: 1)
    }
  }

  /// Expects the status line's "Row N" to match its "N/COUNT" indicator and the row count.
  private func expectConsistent(
    _ status: ListDemoStatus, count: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(status.position == status.row, sourceLocation: sourceLocation)
    #expect(status.count == count, sourceLocation: sourceLocation)
  }
}

/// The signals after which the demo gives the terminal back and dies.
enum QuitSignal: CaseIterable, Sendable, CustomTestStringConvertible {
  /// `kill -TERM`.
  case terminate
  /// `kill -INT`.
  case interrupt
  /// `kill -HUP`, as when the terminal goes away.
  case hangUp

  /// The signal's number.
  var number: Int32 {
    switch self {
    case .terminate: SIGTERM
    case .interrupt: SIGINT
    case .hangUp: SIGHUP
    }
  }

  /// The signal's name.
  var testDescription: String {
    switch self {
    case .terminate: "SIGTERM"
    case .interrupt: "SIGINT"
    case .hangUp: "SIGHUP"
    }
  }
}

/// Ways to start the demo without a terminal it can use.
enum Unusable: CaseIterable, Sendable, CustomTestStringConvertible {
  /// `TERM` names a terminal terminfo does not know.
  case unknownTerminalType
  /// Standard output is a pipe.
  case outputPiped
  /// Standard input is not the terminal.
  case inputRedirected

  /// The `run-demo.sh` command line.
  var commandLine: String {
    switch self {
    case .unknownTerminalType: "TERM=nosuchterm demo"
    case .outputPiped: "demo | cat"
    case .inputRedirected: "demo < /dev/null"
    }
  }

  /// What the error message must say.
  var message: String {
    switch self {
    case .unknownTerminalType: "unknown terminal type 'nosuchterm'"
    case .outputPiped, .inputRedirected: "standard input and output must be a terminal"
    }
  }

  /// The command line, as the test's name.
  var testDescription: String { commandLine }
}
