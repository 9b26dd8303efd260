import Foundation

/// The file names Tab completes the name typed after `e` to.
enum ExportPaths {
  /// The paths of the entries of the folder of `typed` (the current folder for a bare name)
  /// whose names start with its last part, each written as `typed` writes its folder, a folder
  /// ending in `/`; hidden entries only when the last part starts with a dot.
  static func completions(of typed: String) -> [String] {
    let slash = typed.lastIndex(of: "/")
    let stem = slash.map { String(typed[...$0]) } ?? ""
    let start = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
    let folder = stem.isEmpty ? "." : expanded(stem)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return []
    }
    return names.filter { $0.hasPrefix(start) && (start.hasPrefix(".") || !$0.hasPrefix(".")) }
      .sorted()
      .prefix(1_000)
      .map { name in
        var isFolder: ObjCBool = false
        let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        return stem + name + (isFolder.boolValue ? "/" : "")
      }
  }

  /// `path` with a leading `~/` read as the home folder.
  static func expanded(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/"),
      let home = ProcessInfo.processInfo.environment["HOME"]
    else { return path }
    return home + path.dropFirst()
  }
}
