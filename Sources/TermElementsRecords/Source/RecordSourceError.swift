/// A request a ``RecordSource`` could not answer.
public enum RecordSourceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The source cannot do the feature: why, in the source's words.
  case unavailable(RecordFeature, String)
  /// A filter that is not one in the source's language: the source's message.
  case badFilter(String)
  /// A position from another order, or a key of another shape, than the request's.
  case foreignPosition(String)
  /// The source failed: its message, with no secret in it.
  case failed(String)

  /// What went wrong, for the status line.
  public var description: String {
    switch self {
    case .unavailable(let feature, let reason): "No \(feature) here: \(reason)"
    case .badFilter(let message): message
    case .foreignPosition(let message): message
    case .failed(let message): message
    }
  }
}
