import TermElements

/// `e`: the records shown, written to a file.
extension RecordsScreen {
  /// Writes the records shown (their filter and order, the columns not hidden with `-`, in
  /// order) to the file at `path` (relative to the current folder), as CSV, TSV or JSON lines
  /// by its extension (``RecordExportFormat``), page by page with every value whole; the status
  /// line says how many are written, and Esc stops and leaves no file.
  ///
  /// A file of that name is kept, and the status line says so: exporting again to the same
  /// name, next, overwrites it. A file the browser holds open (the database browsed) is never
  /// written. A leading `~/` is the home folder.
  public func export(to path: String) {
    let path = ExportPaths.expanded(path.trimmingCharacters(in: .newlines))
    let overwrite = exportAskedToOverwrite == path
    exportAskedToOverwrite = nil
    guard !path.isEmpty else {
      message = "No file named: nothing exported"
      return
    }
    guard let format = RecordExportFormat(path: path) else {
      message = RecordExportError.unknownExtension(path).description
      return
    }
    let said = "exporting to \(path) as \(format.name)"
    perform(said) { [weak self] in
      // The view and the columns are read as the export starts: one that waited for a sort or
      // filter writes the records that brought.
      guard
        let (source, view, shown, count) = self.map({
          ($0.source, $0.view, $0.shownColumns, $0.count)
        })
      else { return }
      let of = count.exactValue.map { " of \(CellValue.grouped($0))" } ?? ""
      let progress: @Sendable (Int) -> Void = { [weak self] written in
        Task { @MainActor in
          // Only while this export is the work under way.
          guard let work = self?.work, work.current?.description.hasPrefix(said) == true
          else { return }
          work.describe(
            "\(said): \(CellValue.grouped(written))\(of) written")
        }
      }
      let written: Int
      do {
        written = try await RecordExport.write(
          source, view: view, columns: shown, to: path, overwrite: overwrite, progress: progress)
      } catch let error as RecordExportError {
        guard let self else { return }
        if case .exists = error { self.exportAskedToOverwrite = path }
        self.message = error.description
        return
      }
      guard let self else { return }
      let columns =
        shown.count == source.columns.count
        ? "\(shown.count) columns" : "\(shown.count) of \(source.columns.count) columns"
      self.message =
        "Exported \(CellValue.grouped(written)) records (\(columns)) to \(path) as \(format.name)"
    }
  }

  /// Binds `e`, listed by the help screen.
  func bindExportKey() {
    keyMap.bind(
      .character("e"),
      to: KeyCommand(
        "Export the records shown to a file: .csv, .tsv or .jsonl", on: RecordsScreen.self
      ) { $0.startPrompt(.export) })
  }
}
