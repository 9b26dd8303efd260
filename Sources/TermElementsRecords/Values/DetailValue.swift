/// A value as the detail screen reads it: whole, or the start of a long text and the size of
/// the whole, so that a source need not hold a huge value to show its start.
///
/// ``DetailContent`` shows the start and says how much of the whole was left out, as it does
/// for a whole value longer than its limit.
///
/// ```swift
/// let whole = DetailValue(.text("Ada"))
/// let start = DetailValue(.text("yyyy"), wholeByteCount: 200_000_000)
/// ```
public struct DetailValue: Hashable, Sendable {
  /// The value: whole, or the start of the text when ``wholeByteCount`` is set.
  public var value: CellValue
  /// The bytes of the whole text when ``value`` is only its start; `nil` when it is whole.
  public var wholeByteCount: Int?

  /// A value, whole unless `wholeByteCount` gives the size of the text it starts.
  public init(_ value: CellValue, wholeByteCount: Int? = nil) {
    self.value = value
    self.wholeByteCount = wholeByteCount
  }
}
