import TermElements

/// The summary of the columns of a records screen's view (`I`): one line per column shown,
/// under the view's filter, saying its type, how many values and NULLs it holds, a bar of the
/// share of NULLs, how many distinct values (`~` where estimated), the least and greatest, and
/// the mean of its numbers.
///
/// The source sums up each column where its records are (``RecordSummarizing``), one column
/// after the other in the background: each line shows `…` until its column is done. Esc stops
/// the work and goes back; Enter opens the frequency of the line's column's values
/// (``openFrequency(ofColumn:)``), as `F` on that column of the records does.
///
/// ```swift
/// let people = MemoryRecordSource(
///   name: "people", columns: ["id", "city"],
///   records: [[.integer(1), .text("Oslo")], [.integer(2), .null]], keyColumns: [0])
/// let summary = SummaryScreen(source: people, view: .all, columns: [0, 1])
/// await summary.waitUntilSummed()
/// ```
public final class SummaryScreen: TableModelController {
  /// Where the records come from.
  public let source: any RecordSource
  /// The view summed up: its filter.
  public let view: RecordView
  /// The columns summed up, in the order of the lines.
  public let columns: [Int]
  /// What each line says, by line.
  private(set) var states: [SummaryLines.State]
  /// How many lines are summed up or failed: the columns are summed up in order, so the
  /// first this many.
  private var linesDone = 0
  /// The summary of each line's column, once it is done: `nil` while it is being made or when
  /// it failed.
  public var summaries: [ColumnSummary?] {
    states.map { state in
      guard case .done(let summary) = state else { return nil }
      return summary
    }
  }
  /// The records screen to go back to, for Enter.
  weak var records: RecordsScreen?
  /// The work of summing up.
  private lazy var work = WorkQueue(for: self)
  /// The summary's columns as the lines show them: the column name frozen at the left, the
  /// others scrolled sideways by ← and → to keep the cursor in view.
  private var shownColumns = ColumnState(keys: [0], cursor: 0)
  /// What the lines read as they are drawn: ``shownColumns``.
  private let lineContext = RecordLineContext()
  /// The widths of the summary's columns, as last measured.
  private var widths: [Int] = []

  /// Sums up `columns` of `source` through `view`'s filter, one line each; a column the source
  /// has not is left out.
  public init(source: any RecordSource, view: RecordView, columns: [Int]) {
    self.source = source
    self.view = view
    self.columns = columns.filter { source.columns.indices.contains($0) }
    states = Array(repeating: .waiting, count: self.columns.count)
    super.init(title: "\(source.name) summary")
    showLines()
    positionText = { [weak self] row, _ in
      guard let self else { return "" }
      let total = self.columns.count
      guard let row, row > 0 else { return "\(total) column\(total == 1 ? "" : "s")" }
      return "column \(row)/\(total)"
    }
    bindKeys()
    start()
  }

  /// The status line: what is being summed up, or what the lines say and what the keys do.
  public override func statusText() -> String {
    let done = linesDone
    if let current = work.current {
      return
        "\(work.spinner.text)\(current.description) (\(done + 1) of \(columns.count))… — Esc stops"
    }
    var text = "\(source.name) · \(CellValue.grouped(done)) of \(columns.count) columns summed up"
    if let filter = view.filter { text += " · filter: \(filter)" }
    if done < columns.count { text += " · stopped" }
    return text + " · Enter: the column's values"
  }

  /// Sums up the columns one after the other, each line shown as its column is done.
  private func start() {
    let summarizing: any RecordSummarizing
    do {
      summarizing = try source.capabilities.summarizing()
    } catch {
      for index in states.indices { states[index] = .failed("\(error)") }
      linesDone = states.count
      showLines()
      return
    }
    let (columns, view, names) = (columns, view, source.columns.map(\.name))
    work.start(.init(description: "summing up")) { [weak self] in
      for (line, column) in columns.enumerated() {
        try Task.checkCancellation()
        self?.work.describe("summing up \(names[column])")
        let state: SummaryLines.State
        do {
          let summary = try await summarizing.summary(ofColumn: column, in: view)
          state = .done(summary)
        } catch let error as RecordSourceError {
          state = .failed("\(error)")
        }
        guard let self else { return }
        self.states[line] = state
        self.linesDone = line + 1
        self.showLines()
      }
    }
  }

  /// Shows the lines as they stand, the selection kept on its line.
  private func showLines() {
    let names = source.columns.map(\.name)
    let lines = zip(columns, states).map { column, state in
      SummaryLines.cells(name: names[column], state: state)
    }
    widths = SummaryLines.widths(lines)
    let rows = zip(columns, lines).map { column, cells in
      var props = RecordLine.Props(cells: cells, widths: widths)
      props.context = lineContext
      return Row(
        ElementOf<RecordLine>(props: props),
        id: RowID("column-\(column)"), separatorStyle: .none,
        didSelect: Action { [weak self] in self?.openFrequency(ofColumn: column) })
    }
    lineContext.columns = shownColumns
    let header = RecordsScreen.header(SummaryLines.header, widths: widths, context: lineContext)
    var table = Table(sections: [Section(header: header, rows: rows)])
    table.estimatedRowHeight = 1
    self.table = table
    setNeedsDisplay()
  }

  /// Enter on a line: goes back to the records with the column cursor on `column` and opens
  /// the frequency of its values there (`F`), so that Esc on the frequency comes back to the
  /// records.
  public func openFrequency(ofColumn column: Int) {
    work.cancel()
    guard let records else {
      navigator?.pop()
      return
    }
    navigator?.pop()
    records.goToColumn(named: source.columns[column].name)
    records.showFrequency(ofColumn: column)
  }

  /// Esc: stops the work, if any, and goes back.
  func stopAndGoBack() {
    work.cancel()
    navigator?.pop()
  }

  /// Stops the work when the screen leaves the stack.
  public override func didDisappear() {
    super.didDisappear()
    if navigator?.screens.contains(where: { $0 === self }) != true { work.cancel() }
  }

  /// Moves the cursor among the summary's columns `steps` to the right (left when negative),
  /// scrolling them sideways as little as shows it.
  func moveColumnCursor(by steps: Int) {
    var moved = shownColumns
    moved.moveCursor(
      by: steps, widths: widths, width: max(0, frameSize.width - LayoutMargins.default.horizontal))
    guard moved != shownColumns else { return }
    shownColumns = moved
    showLines()
  }

  /// Binds Esc to stop and go back, ← and → to scroll the summary's columns.
  private func bindKeys() {
    let right = KeyCommand("Show the summary's columns to the right", on: SummaryScreen.self) {
      $0.moveColumnCursor(by: 1)
    }
    let left = KeyCommand("Show the summary's columns to the left", on: SummaryScreen.self) {
      $0.moveColumnCursor(by: -1)
    }
    keyMap = keyMap.bindingSideways(right: right, left: left)
    keyMap.bind(
      .escape,
      to: KeyCommand("Stop summing up and go back", on: SummaryScreen.self) {
        $0.stopAndGoBack()
      })
  }

  /// Waits until every column is summed up or the work stopped, for tests and scripts.
  public func waitUntilSummed() async {
    await work.waitUntilIdle()
  }
}
