/// Why an export (`e`) wrote nothing: the status line says it, and no file is left behind.
public enum RecordExportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The name's extension names no format.
  case unknownExtension(String)
  /// A file of that name exists, and overwriting it was not asked for.
  case exists(String)
  /// The file is one the browser holds open, such as the database or the CSV file browsed.
  case browsedFile(String)
  /// The folder to write in is not one, or cannot be written in.
  case badFolder(String, reason: String)
  /// Writing the file failed.
  case writeFailed(String, reason: String)

  /// The message of the status line.
  public var description: String {
    switch self {
    case .unknownExtension(let path):
      "Can't tell the format of \(path): name it \(RecordExportFormat.extensionsText)"
    case .exists(let path):
      "\(path) exists — e again with the same name to overwrite"
    case .browsedFile(let path):
      "\(path) is a file the browser has open (the records browsed?): choose another name"
    case .badFolder(let path, let reason):
      "Can't write in \(path): \(reason)"
    case .writeFailed(let path, let reason):
      "Writing \(path) failed: \(reason); nothing written"
    }
  }
}
