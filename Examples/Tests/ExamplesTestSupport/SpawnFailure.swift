import Foundation

/// A child process that could not be started or waited for.
public struct SpawnFailure: Error, CustomStringConvertible {
  /// What was to run.
  public let executable: URL
  /// The system's reason.
  public let message: String

  /// The executable and the reason.
  public var description: String { "could not run \(executable.path): \(message)" }
}
