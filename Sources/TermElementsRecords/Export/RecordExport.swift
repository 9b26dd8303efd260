/// Writes the records of a view to a file, page by page: what `e` does on the records screen,
/// callable without a screen.
///
/// The format follows the file name's extension (``RecordExportFormat``). Records are read a
/// page at a time with every value whole (``RecordWholePageReading``, or the page and then each
/// record holding a long value read whole) and written as they come, a long value a slice at a
/// time, so memory follows a page and a buffer of 256 KiB, not the file. The file is written
/// under a temporary name in the same folder and renamed at the end: cancelling the task, or a
/// failure, leaves no file behind. A file of that name is kept unless `overwrite`.
///
/// ```swift
/// let people = MemoryRecordSource(
///   name: "people", columns: ["id", "name"],
///   records: [[.integer(1), .text("Ada")], [.integer(2), .text("Grace")]], keyColumns: [0])
/// let path = FileManager.default.temporaryDirectory.appendingPathComponent("people.csv").path
/// let written = try await RecordExport.write(people, view: .all, to: path, overwrite: true)
/// // 2 records: "id,name\r\n1,Ada\r\n2,Grace\r\n"
/// ```
public enum RecordExport {
  /// Records read in one page.
  public static let pageSize = 1_000
  /// Bytes gathered before they are written.
  static let bufferSize = 256 << 10

  /// Writes the records of `view` of `source` to the file at `path`, the columns `columns` in
  /// the order given (every column when `nil`), and returns how many records it wrote;
  /// `progress` gets the count written after each page.
  ///
  /// - Throws: ``RecordExportError`` for a name, a folder or a write that fails, and what the
  ///   source throws, `CancellationError` when the task is cancelled; no file is left then.
  public static func write(
    _ source: any RecordSource, view: RecordView, columns: [Int]? = nil, to path: String,
    overwrite: Bool = false, pageSize: Int = pageSize,
    progress: @escaping @Sendable (Int) -> Void = { _ in }
  ) async throws -> Int {
    guard let format = RecordExportFormat(path: path) else {
      throw RecordExportError.unknownExtension(path)
    }
    let shown = (columns ?? Array(source.columns.indices)).filter {
      $0 >= 0 && $0 < source.columns.count
    }
    let writer = RecordLineWriter(format: format, names: shown.map { source.columns[$0].name })
    let file = try ExportFile(path: path, overwrite: overwrite)
    do {
      let all = shown == Array(source.columns.indices)
      let limit = max(1, pageSize)
      var out = ExportBuffer(file: file)
      try writer.appendHeader(to: &out)
      var written = 0
      var position: RecordPosition?
      while true {
        try Task.checkCancellation()
        let page = try await source.capabilities.wholePage(after: position, in: view, limit: limit)
        for record in page {
          if all {
            try writer.append(record.values, to: &out)
          } else {
            let values = record.values
            try writer.append(shown.map { $0 < values.count ? values[$0] : .null }, to: &out)
          }
          try out.writeIfFull()
        }
        written += page.count
        progress(written)
        guard page.count == limit, let last = page.last else { break }
        position = last.position
      }
      try out.writeAll()
      try Task.checkCancellation()
      try file.finish(overwrite: overwrite)
      return written
    } catch {
      file.remove()
      throw error
    }
  }
}
