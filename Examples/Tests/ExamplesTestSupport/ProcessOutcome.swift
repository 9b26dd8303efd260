/// How a child process ended, and what it wrote.
public struct ProcessOutcome: Sendable, CustomStringConvertible {
  /// The exit status, or the signal number when it was killed by a signal.
  public let status: Int32
  /// Whether it exited (rather than being killed by a signal).
  public let exitedNormally: Bool
  /// Everything it wrote to standard output.
  public let standardOutput: String
  /// Everything it wrote to standard error.
  public let standardError: String

  /// The status and both outputs, for failure messages.
  public var description: String {
    """
    \(exitedNormally ? "exit status" : "killed by signal") \(status)
    stdout: \(standardOutput.debugDescription)
    stderr: \(standardError.debugDescription)
    """
  }
}
