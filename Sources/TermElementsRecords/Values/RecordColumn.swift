/// A column of the records a source offers: its name as the header shows it.
///
/// ```swift
/// let columns = [RecordColumn("id"), RecordColumn("name")]
/// ```
public struct RecordColumn: Hashable, Sendable {
  /// The name, as the header shows it; names may repeat or be empty, as in a CSV file.
  public var name: String

  /// A column called `name`.
  public init(_ name: String) {
    self.name = name
  }
}
