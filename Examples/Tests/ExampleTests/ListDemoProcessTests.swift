import ExamplesTestSupport
import Foundation
import Testing

/// `list-demo` run as a plain child process, without a terminal: what it says and how it exits.
@Suite("list-demo as a process")
struct ListDemoProcessTests {
  /// The environment for the demo: this process's, with a known `TERM`, so that only the
  /// missing terminal can be the reason to refuse.
  private var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment["LC_ALL"] = "C.UTF-8"
    return environment
  }

  /// `list-demo < /dev/null | cat`: a clear message on standard error, nothing on standard
  /// output, and exit status 1.
  @Test("Refuses to run when standard input and output are not a terminal")
  func refusesWithoutTerminal() async throws {
    let outcome = try await ExampleProcess.run(
      ExampleProcess.listDemo(), [], environment: environment)
    #expect(outcome.exitedNormally && outcome.status == 1, "\(outcome)")
    #expect(outcome.standardError.hasPrefix("list-demo: "), "\(outcome)")
    #expect(outcome.standardError.contains("must be a terminal"), "\(outcome)")
    #expect(outcome.standardOutput.isEmpty, "\(outcome)")
  }

  /// A bad argument is refused before anything else, with a message that names it.
  @Test("Refuses bad arguments", arguments: BadArguments.allCases)
  func refusesBadArguments(_ bad: BadArguments) async throws {
    let outcome = try await ExampleProcess.run(
      ExampleProcess.listDemo(), bad.arguments, environment: environment)
    #expect(outcome.exitedNormally && outcome.status != 0, "\(outcome)")
    #expect(outcome.standardError.contains(bad.mention), "\(outcome)")
    #expect(!outcome.standardError.contains("must be a terminal"), "\(outcome)")
    #expect(outcome.standardOutput.isEmpty, "\(outcome)")
  }

  /// `--help` prints the usage and the keys, and succeeds.
  @Test("Prints help")
  func printsHelp() async throws {
    let outcome = try await ExampleProcess.run(
      ExampleProcess.listDemo(), ["--help"], environment: environment)
    #expect(outcome.exitedNormally && outcome.status == 0, "\(outcome)")
    #expect(outcome.standardOutput.contains("list-demo [--rows <rows>]"), "\(outcome)")
    #expect(outcome.standardOutput.contains("q quits"), "\(outcome)")
  }

  /// `--snapshot` prints the first 80x24 screen as text, without needing a terminal.
  @Test("Prints a snapshot of the first screen")
  func printsSnapshot() async throws {
    let outcome = try await ExampleProcess.run(
      ExampleProcess.listDemo(), ["--snapshot", "--rows", "42"], environment: environment)
    #expect(outcome.exitedNormally && outcome.status == 0, "\(outcome)")
    let lines = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().map { String($0.reversed().drop { $0 == " " }.reversed()) }
    #expect(lines.count == 24, "\(outcome)")
    let screen = PaneCapture(lines: lines)
    #expect(screen.contains("TermElements · 42 rows"), "\(screen)")
    #expect(screen.showsRow(1, named: "Ada Lovelace"), "\(screen)")
    #expect(screen.status?.row == 1 && screen.status?.count == 42, "\(screen)")
  }
}

/// Command lines `list-demo` must refuse.
enum BadArguments: CaseIterable, Sendable, CustomTestStringConvertible {
  /// A negative row count, as a separate argument.
  case negativeRows
  /// A negative row count, after `=`.
  case negativeRowsJoined
  /// A row count that is not a number.
  case rowsNotANumber
  /// An option the demo does not have.
  case unknownOption

  /// The arguments.
  var arguments: [String] {
    switch self {
    case .negativeRows: ["--rows", "-5"]
    case .negativeRowsJoined: ["--rows=-5"]
    case .rowsNotANumber: ["--rows", "many"]
    case .unknownOption: ["--colour"]
    }
  }

  /// What the error message must mention.
  var mention: String {
    switch self {
    case .negativeRows, .negativeRowsJoined: "--rows"
    case .rowsNotANumber: "many"
    case .unknownOption: "--colour"
    }
  }

  /// The arguments, as the test's name.
  var testDescription: String { arguments.joined(separator: " ") }
}
