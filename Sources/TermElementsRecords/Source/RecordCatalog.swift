/// What a catalog lists: a table or sheet, and how many records it holds.
public struct SheetSummary: Hashable, Sendable {
  /// The name, as ``RecordCatalog/source(named:)`` takes it.
  public var name: String
  /// Its records: exact, a catalogue's estimate, or unknown.
  public var count: RecordCount

  /// A summary.
  public init(name: String, count: RecordCount) {
    self.name = name
    self.count = count
  }
}

/// The tables of a database or the sheets of a file: the list the browser opens with.
///
/// ```swift
/// let catalog = MemoryCatalog([people, cities])
/// let names = try await catalog.sheets().map(\.name)
/// ```
public protocol RecordCatalog: Sendable {
  /// What the list is called in the title line: `Tables`, `Sheets`.
  var title: String { get }
  /// The tables or sheets, in the order to list them.
  func sheets() async throws -> [SheetSummary]
  /// The source of the table or sheet called `name`.
  func source(named name: String) async throws -> any RecordSource
}
