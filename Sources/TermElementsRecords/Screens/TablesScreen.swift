import TermElements

/// The list of a catalog's tables or sheets with their record counts; Enter opens one, and `c`
/// counts one exactly where the catalog only estimates (`~1,200,000`). The list is read again
/// each time it comes back into view, since the records may change.
final class TablesScreen: TableModelController {
  /// The catalog listed.
  private let catalog: any RecordCatalog
  /// Records in a page of a table opened from the list.
  private let pageSize: Int
  /// Whether the list has been shown: it is read afresh when shown again.
  private var hasAppeared = false
  /// Opening or counting a table, which the status line says meanwhile, and reading the list
  /// again, until it is shown.
  private lazy var work = WorkQueue(for: self, spins: false)
  /// Why the last table could not be opened or counted, until the next key.
  private var workFailure: String?
  /// The sheets listed, with the counts made on request in place of the catalog's.
  private var sheets: [SheetSummary] = []

  /// Makes the list of `sheets` of `catalog`, whose records open with pages of `pageSize`.
  init(catalog: any RecordCatalog, sheets: [SheetSummary], pageSize: Int) {
    self.catalog = catalog
    self.pageSize = pageSize
    super.init(title: catalog.title)
    show(sheets)
    keyMap.bind(
      .character("c"),
      to: KeyCommand("Count the selected table's records exactly", on: TablesScreen.self) {
        $0.countSelected()
      })
  }

  /// Shows `sheets`, keeping the selection on the same one.
  private func show(_ sheets: [SheetSummary]) {
    self.sheets = sheets
    let headers = ["table", "rows"]
    let counts = sheets.map(\.count.text)
    let widths = ColumnWidths.measure(
      headers: headers,
      records: zip(sheets, counts).map { [.text($0.name), .text($1)] },
      maximum: ColumnWidths.naturalMaximum)
    let rows = zip(sheets, counts).map { sheet, count in
      Row(
        ElementOf<RecordLine>(
          props: RecordLine.Props(
            cells: [RecordLine.Cell(sheet.name), RecordLine.Cell(count, kind: .number)],
            widths: widths)),
        id: RowID(sheet.name), separatorStyle: .none,
        didSelect: Action { [weak self] in
          self?.open(sheet)
        })
    }
    var table = Table(sections: [
      Section(header: RecordsScreen.header(headers, widths: widths), rows: rows)
    ])
    table.estimatedRowHeight = 1
    self.table = table
    let count = sheets.count
    let keys =
      "Enter opens, "
      + (sheets.contains { $0.count.exactValue == nil } ? "c counts exactly, " : "")
      + "? keys, q quits"
    status = { [weak self] in
      if let work = self?.work.current { return "\(work.description)… — Esc cancels" }
      if let failure = self?.workFailure { return failure }
      return "\(count) table\(count == 1 ? "" : "s") — \(keys)"
    }
  }

  /// Reads the list again when it comes back into view.
  override func didAppear() {
    super.didAppear()
    defer { hasAppeared = true }
    guard hasAppeared else { return }
    let catalog = catalog
    work.runBeside { [weak self] in
      if let sheets = try? await catalog.sheets() { self?.show(sheets) }
    }
  }

  /// Clears the last failure on a key; Esc stops a table being opened or counted.
  override func keyPressed(_ key: Key) -> Bool {
    workFailure = nil
    if key == .escape, work.isBusy {
      work.cancel()
      setNeedsDisplay()
      return true
    }
    return super.keyPressed(key)
  }

  /// Opens the records of `sheet`: reads its first page, then shows it.
  private func open(_ sheet: SheetSummary) {
    let (catalog, pageSize) = (catalog, pageSize)
    perform("opening \(sheet.name)", failing: "Could not open \(sheet.name)") { [weak self] in
      let source = try await catalog.source(named: sheet.name)
      let screen = try await RecordsScreen.open(source, count: sheet.count, pageSize: pageSize)
      try Task.checkCancellation()
      self?.navigator?.push(screen)
    }
  }

  /// Counts the records of the selected sheet exactly, and shows the count in place of the
  /// catalog's.
  func countSelected() {
    guard let selection, let id = row(at: selection).id,
      let sheet = sheets.first(where: { RowID($0.name) == id })
    else { return }
    let (name, catalog) = (sheet.name, catalog)
    perform("counting \(name)", failing: "Could not count \(name)") { [weak self] in
      let count = try await catalog.source(named: name).count(in: .all)
      try Task.checkCancellation()
      guard let self else { return }
      self.show(self.sheets.map { $0.name == name ? SheetSummary(name: name, count: count) : $0 })
    }
  }

  /// Runs `body` in place of the work under way, saying `description` in the status line
  /// until it ends; an error it throws shows after `failing`.
  private func perform(
    _ description: String, failing: String,
    _ body: @escaping @MainActor () async throws -> Void
  ) {
    work.start(.init(description: description), body) { [weak self] error in
      guard let error, !(error is CancellationError) else { return }
      self?.workFailure = "⚠ \(failing): \(error)"
    }
  }

  /// Waits until the list read again, if it is, is shown, and the table being opened, if
  /// any, is shown or failed, for tests and scripts.
  func waitUntilIdle() async {
    await work.waitUntilIdle()
  }
}
