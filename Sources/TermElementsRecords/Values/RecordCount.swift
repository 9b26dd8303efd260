/// How many records a view holds, as far as the source knows.
///
/// ```swift
/// let about = RecordCount.estimated(1_200_000).text  // "~1,200,000"
/// ```
public enum RecordCount: Hashable, Sendable {
  /// The exact number.
  case exact(Int)
  /// About so many: a catalogue's estimate, or a count that a growing source passed.
  case estimated(Int)
  /// Not known yet.
  case unknown

  /// The number when it is exact.
  public var exactValue: Int? {
    if case .exact(let count) = self { return count }
    return nil
  }

  /// The number, exact or estimated.
  public var value: Int? {
    switch self {
    case .exact(let count), .estimated(let count): count
    case .unknown: nil
    }
  }

  /// The count for people: `1,000`, `~1,200,000`, or `?`.
  public var text: String {
    switch self {
    case .exact(let count): CellValue.grouped(count)
    case .estimated(let count): "~" + CellValue.grouped(count)
    case .unknown: "?"
    }
  }
}
