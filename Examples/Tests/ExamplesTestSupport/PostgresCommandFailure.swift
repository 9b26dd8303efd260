/// A command of ``PostgresServer`` that failed.
public struct PostgresCommandFailure: Error, CustomStringConvertible {
  /// What ran.
  public let arguments: [String]
  /// How it ended.
  public let outcome: ProcessOutcome

  /// The command, its status and its error output.
  public var description: String {
    "\(arguments.joined(separator: " ")) failed with status \(outcome.status): "
      + outcome.standardError
  }
}
