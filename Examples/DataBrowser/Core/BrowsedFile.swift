import Foundation
import TermElementsRecords

/// What `data-browser` opens for the file it is given: a `.csv` or `.tsv` file as one sheet,
/// anything else as a SQLite database, read-only either way.
public enum BrowsedFile {
  /// The catalog of the file at `path`: a ``TermElementsRecords/CSVCatalog`` for a name ending
  /// in `.csv` or `.tsv` (whatever its case), else a ``SQLiteCatalog``.
  ///
  /// - Throws: one clear error for a URL of a server (not supported yet), a missing, unreadable
  ///   or wrong file, or a file that is no SQLite database.
  public static func catalog(path: String) throws -> any RecordCatalog {
    let lowered = path.lowercased()
    if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
      throw RecordSourceError.failed("PostgreSQL servers cannot be browsed yet: \(redacted(path))")
    }
    if lowered.hasSuffix(".csv") || lowered.hasSuffix(".tsv") {
      return try CSVCatalog(path: path)
    }
    return SQLiteCatalog(database: try BrowserDatabase.open(path: path))
  }

  /// `url` with any password in it replaced by `***`, so that it never shows.
  static func redacted(_ url: String) -> String {
    guard let scheme = url.range(of: "://"), let at = url.range(of: "@"),
      scheme.upperBound < at.lowerBound,
      let colon = url[scheme.upperBound..<at.lowerBound].firstIndex(of: ":")
    else { return url }
    return url[..<url.index(after: colon)] + "***" + url[at.lowerBound...]
  }
}
