/// How `e` writes records, chosen by the file name's extension: CSV (`.csv`), tab-separated
/// values (`.tsv`) or JSON lines (`.jsonl`, `.ndjson`).
///
/// - CSV follows RFC 4180: a header line of the column names, then a line a record, fields
///   separated by commas and lines ended by CR LF; a field holding a comma, a quote, a CR or a
///   line feed is quoted, its quotes doubled. A CSV file has no NULL: NULL is an empty field
///   and empty text a quoted empty field (`""`), as PostgreSQL's `COPY … CSV` reads them.
/// - TSV is a header line, then a line a record escaped as PostgreSQL's `COPY` text format, as
///   `Y` copies a record (``ClipboardText``): a backslash `\\`, a tab `\t`, a line feed `\n`, a
///   carriage return `\r`, NULL `\N`; a BLOB's `\x` is escaped too (`\\x01ab`), so that `COPY`
///   reads it back as a `bytea`.
/// - JSON lines are one object a record, the column names as keys (a repeated name keeps its
///   last value, as JSON readers do): numbers as numbers, truth values as `true` and `false`,
///   NULL as `null`, a JSON value as itself, the rest as strings.
///
/// In all three a BLOB is `\x` and its bytes in lowercase hex, as PostgreSQL writes a `bytea`.
/// Text is written as it is, a NUL character included (escaped in JSON): a CSV file holding one
/// is refused by ``CSVRecordSource``, as any file with NUL bytes is.
///
/// ```swift
/// let format = RecordExportFormat(path: "people.CSV")  // .csv
/// let none = RecordExportFormat(path: "people.xlsx")  // nil
/// ```
public enum RecordExportFormat: String, CaseIterable, Sendable {
  /// Comma-separated values, RFC 4180.
  case csv
  /// Tab-separated values, escaped as PostgreSQL's `COPY` text format.
  case tsv
  /// JSON lines: one object a record.
  case jsonLines

  /// The extensions each format is chosen by, as a message lists them.
  public static let extensionsText = ".csv, .tsv, .jsonl or .ndjson"

  /// The format the extension of `path` names, ignoring case, or `nil` for another one.
  public init?(path: String) {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    switch name[name.index(after: dot)...].lowercased() {
    case "csv": self = .csv
    case "tsv": self = .tsv
    case "jsonl", "ndjson": self = .jsonLines
    default: return nil
    }
  }

  /// The format's name, for the status line.
  public var name: String {
    switch self {
    case .csv: "CSV"
    case .tsv: "TSV"
    case .jsonLines: "JSON lines"
    }
  }
}
