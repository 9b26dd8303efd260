/// The one sheet of a CSV or TSV file, for the browser's list.
///
/// ```swift
/// let catalog = try CSVCatalog(path: "/tmp/people.csv")
/// let people = try await catalog.source(named: "people.csv")
/// ```
public struct CSVCatalog: RecordCatalog {
  /// The file's source, opened once.
  public let source: CSVRecordSource

  /// Opens the file at `path` (see ``CSVRecordSource/init(path:delimiter:)``).
  public init(path: String, delimiter: UInt8? = nil) throws(RecordSourceError) {
    source = try CSVRecordSource(path: path, delimiter: delimiter)
  }

  /// `Sheets`.
  public var title: String { "Sheets" }

  /// The file's one sheet, named after the file, with its count so far.
  public func sheets() async throws -> [SheetSummary] {
    [SheetSummary(name: source.name, count: try await source.count(in: .all))]
  }

  /// The file's source, when `name` is the file's name.
  public func source(named name: String) async throws -> any RecordSource {
    guard name == source.name else {
      throw RecordSourceError.failed("There is no sheet \(name) in \(source.name)")
    }
    return source
  }
}
