import Foundation
import TermElementsRecords

/// What `data-browser` opens for the file it is given: a `.csv` or `.tsv` file as one sheet,
/// anything else as a SQLite database, read-only either way. (The app sends a PostgreSQL URL
/// to `PostgresCatalog` before it comes here.)
public enum BrowsedFile {
  /// The catalog of the file at `path`: a ``TermElementsRecords/CSVCatalog`` for a name ending
  /// in `.csv` or `.tsv` (whatever its case), else a ``SQLiteCatalog``.
  ///
  /// - Throws: one clear error for a missing, unreadable or wrong file, or a file that is no
  ///   SQLite database.
  public static func catalog(path: String) throws -> any RecordCatalog {
    let lowered = path.lowercased()
    if lowered.hasSuffix(".csv") || lowered.hasSuffix(".tsv") {
      return try CSVCatalog(path: path)
    }
    return SQLiteCatalog(database: try BrowserDatabase.open(path: path))
  }
}
