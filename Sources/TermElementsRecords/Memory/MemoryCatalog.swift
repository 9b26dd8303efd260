/// Sources held in memory, listed as sheets: the catalog of an app whose records are at hand.
///
/// ```swift
/// let catalog = MemoryCatalog([people, cities])
/// ```
public struct MemoryCatalog: RecordCatalog {
  /// `Sheets`.
  public var title: String { "Sheets" }
  /// The sources, in the order listed.
  public let sources: [any RecordSource]

  /// A catalog of `sources`.
  public init(_ sources: [any RecordSource]) {
    self.sources = sources
  }

  /// Each source's name and count.
  public func sheets() async throws -> [SheetSummary] {
    var sheets: [SheetSummary] = []
    for source in sources {
      sheets.append(SheetSummary(name: source.name, count: try await source.count(in: .all)))
    }
    return sheets
  }

  /// The first source called `name`.
  public func source(named name: String) async throws -> any RecordSource {
    guard let source = sources.first(where: { $0.name == name }) else {
      throw RecordSourceError.failed("no sheet called \(name)")
    }
    return source
  }
}
