/// How far a ``CSVRecordSource`` has indexed its file: what a screen shows while positions
/// and the count are not yet exact.
///
/// ```swift
/// let progress = source.indexProgress
/// let status = progress.isComplete ? "" : "indexing \(Int(progress.fraction * 100))%"
/// ```
public struct CSVIndexProgress: Hashable, Sendable {
  /// Bytes of the file read by the index so far.
  public var bytesRead: UInt64
  /// Bytes in the file.
  public var totalBytes: UInt64
  /// Records (not counting the header) found so far.
  public var records: Int
  /// Whether the index reached the end of the file: the count and every position are exact.
  public var isComplete: Bool
  /// The message of the error that stopped the index, if one did.
  public var failure: String?

  /// The part of the file read, from 0 to 1.
  public var fraction: Double {
    guard totalBytes > 0 else { return 1 }
    return min(1, Double(bytesRead) / Double(totalBytes))
  }
}
