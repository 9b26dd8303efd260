import TermElements

/// The records of a ``RecordSource`` under a sticky header of column names, loaded a page at a
/// time in both directions around wherever the user goes: the first record, the last (End),
/// record N (`:`), a match of a search (`/`), in any column's order (`s`), through a filter
/// (`f`).
///
/// Pages go on from the position of the records at either end, so a page deep in the records
/// costs what the source makes it cost: what the first one does, for a source that seeks. At
/// most ``loadedRecordLimit`` records are held; the rest are read again when the user comes
/// back. Enter shows a record, ← and → move between columns. What the source cannot do, its
/// keys say why.
///
/// ```swift
/// let source = MemoryRecordSource(
///   name: "people", columns: ["id", "name"], records: [[.integer(1), .text("Ada")]],
///   keyColumns: [0])
/// let screen = try await RecordsScreen.open(source)
/// ```
public final class RecordsScreen: TableModelController {
  /// One record the table holds, and its number in the order when known.
  struct HeldRecord: Equatable {
    /// The record.
    let record: PageRecord
    /// Its number among the records shown, from 1, when known.
    var number: Int?
    /// The columns whose cells its line holds (see ``cellColumns(around:)``).
    var cells: Range<Int>
  }

  /// Where the records come from.
  public let source: any RecordSource
  /// Records in a page.
  let pageSize: Int
  /// The order and filter of the records shown, and the sort or filter being applied.
  var views = RecordViews()
  /// How many records there are, with the filter and without.
  var counts: RecordCounts
  /// The widths of the columns, measured on the first page.
  var measures = ColumnMeasures()
  /// What the header and the record lines read as they are drawn: ``columns`` and
  /// ``searchText``.
  let lineContext = RecordLineContext()
  /// The records the table holds, by the id of their rows.
  var held = HeldRecords()
  /// The line being typed at the bottom, if any.
  package internal(set) var prompt: PromptLine?
  /// What the status line says until the next key: a search not found, a bad filter.
  public internal(set) var message: String?
  /// The file name an export found taken, which `e` with the same name next overwrites.
  var exportAskedToOverwrite: String?
  /// The most distinct values `F` counts one by one (``ValueCounts/screenLimit``); a column
  /// of numbers with more is shown in the source's ranges
  /// (``RecordValueCounting/histogram(ofColumn:in:)``).
  public var frequencyLimit = ValueCounts.screenLimit
  /// What the title says before the count of hidden columns: the source's name and the
  /// filter (`people where city = 'Oslo'`), or what the screen that opened this one calls it.
  var heading: String {
    didSet { showTitle() }
  }
  /// The jumps, searches, sorts and filters: the one under way, those typed ahead, the count
  /// of the records and the watch of what the source does beside them, and the spinner of the
  /// status line.
  private(set) lazy var work = WorkQueue(for: self)
  /// What Enter does with a record instead of showing it, when set: the frequency screen's
  /// going back with the value chosen.
  var chooseRecord: (@MainActor (PageRecord) -> Void)?
  /// The last jump, search, sort or filter, when it failed: what `r` does again when no page
  /// failed.
  var failedWork:
    (description: String, view: RecordView?, body: @MainActor () async throws -> Void)?

  /// The records shown: their order and filter.
  public internal(set) var view: RecordView {
    get { views.shown }
    set { views.shown = newValue }
  }
  /// How many records are shown, through the filter, as far as the source knows: counted when
  /// the screen opens or the filter changes, and again at the end of the records or when a
  /// jump needs it.
  public internal(set) var count: RecordCount {
    get { counts.shown }
    set { counts.shown = newValue }
  }
  /// Whether the records were counted again and found more than before: something is adding
  /// to them. The position marks the total with `+`.
  public internal(set) var countGrew: Bool {
    get { counts.grew }
    set { counts.grew = newValue }
  }
  /// The key columns, where the columns are scrolled and the column under the cursor.
  ///
  /// The header and the record lines read it as they are drawn: changing it draws the lines on
  /// screen again, and changes no row of the table; the title says how many are hidden.
  public internal(set) var columns: ColumnState {
    get { lineContext.columns }
    set {
      guard newValue != lineContext.columns else { return }
      let hidden = lineContext.columns.hidden
      lineContext.columns = newValue
      if newValue.hidden != hidden { showTitle() }
      redrawRows()
    }
  }
  /// The text searched for last, highlighted in the cells.
  ///
  /// The record lines read it as they are drawn: changing it draws the lines on screen again,
  /// and changes no row of the table.
  public internal(set) var searchText: String? {
    get { lineContext.highlight }
    set {
      guard newValue != lineContext.highlight else { return }
      lineContext.highlight = newValue
      redrawRows()
    }
  }

  /// The most records held at once: pages far from the screen are dropped beyond it.
  public var loadedRecordLimit: Int { max(10 * pageSize, 1_000) }

  /// The number of records shown, when it is exact: what numbers records counted from the end.
  public var total: Int? { count.exactValue }

  /// Opens the records of `source`: reads its first page, to measure the columns, its last
  /// record, to fit the key column to the largest key (unless it has no key columns, as a CSV
  /// file has none, whose last record may be far to find), then shows them; the records are
  /// counted after the first frame, unless `count` is known exactly.
  ///
  /// - Throws: what the source throws for the first page; the others are left to the screen.
  public static func open(
    _ source: any RecordSource, count known: RecordCount? = nil, pageSize: Int = 200
  ) async throws -> RecordsScreen {
    let pageSize = max(1, pageSize)
    // The last record is asked for while the first page is read.
    let hasKeys = !source.keyColumns.isEmpty
    async let lastPage = hasKeys ? try? source.page(before: nil, in: .all, limit: 1) : []
    let first = try await source.page(after: nil, in: .all, limit: pageSize)
    let isShort = first.count < pageSize
    let last = await lastPage ?? []
    // The count waits for the first frame, unless the first page holds every record.
    let count = isShort ? .exact(first.count) : known ?? .unknown
    return RecordsScreen(
      source: source, firstPage: first, lastRecord: last.last, count: count, pageSize: pageSize)
  }

  /// Shows the records of `source` from `firstPage`, its first records, with the key column
  /// as wide as that of `lastRecord` needs; the other pages load as the user moves.
  public init(
    source: any RecordSource, firstPage first: [PageRecord], lastRecord: PageRecord? = nil,
    count: RecordCount, pageSize: Int = 200
  ) {
    self.source = source
    self.counts = RecordCounts(count)
    self.pageSize = max(1, pageSize)
    self.heading = source.name
    super.init(title: source.name)
    measureColumns(first + [lastRecord].compactMap { $0 })
    columns = Self.initialColumns(of: source)
    var table = Table(sections: [section()])
    table.estimatedRowHeight = 1
    self.table = table
    // The first page starts the table: nothing comes before it. With no records, the line
    // that says so.
    if first.isEmpty {
      reset(
        section: 0, rows: [noRecordsRow()], selecting: nil, at: .top, reachesStart: true,
        reachesEnd: true)
    } else {
      reset(
        section: 0, rows: hold(first, firstNumber: 1), selecting: 0, at: .top,
        reachesStart: true, reachesEnd: first.count < self.pageSize)
    }
    positionText = { [weak self] _, _ in self?.recordPosition() ?? "" }
    bindKeys()
    watchActivity()
    // Not told exactly how many records there are, the screen counts them after its first
    // frame (a scan of the smallest index is a few milliseconds for a million rows); the
    // position says what is known meanwhile. A filter set since counts its own records.
    if count.exactValue == nil {
      work.runBeside { [weak self] in
        guard let counted = try? await source.count(in: .all), let self, self.view.filter == nil
        else { return }
        self.count = counted
        self.setNeedsDisplay()
      }
    }
  }

  /// While the source works in the background, draws the status line again every quarter of
  /// a second; once it is done, counts the records again, unless a filter counts its own.
  func watchActivity() {
    guard source.capabilities.activity != nil else { return }
    let source = source
    work.watch { [weak self] in
      while source.capabilities.activity != nil {
        try? await Task.sleep(for: .milliseconds(250))
        guard let self, !Task.isCancelled else { return }
        self.setNeedsDisplay()
      }
      guard let self, self.view.filter == nil, self.total == nil,
        let counted = try? await source.count(in: self.view)
      else { return }
      self.count = counted
      // Records read from the end meanwhile (End) have no number yet: now they can have one.
      await self.numberUnnumberedRecords()
      self.setNeedsDisplay()
    }
  }

  /// Keys go to the line being typed first; any key clears the last message. A key that
  /// moves or chooses the selected record, typed while a jump, search, sort or filter is under
  /// way, waits for the records it brings, as if typed after it.
  public override func keyPressed(_ key: Key) -> Bool {
    if prompt != nil {
      handlePromptKey(key)
      return true
    }
    if work.isBusy, keyMap[key]?.actsOnSelection == true {
      work.later { [weak self] in self?.handle(.key(key)) }
      return true
    }
    if message != nil {
      message = nil
      setNeedsDisplay()
    }
    return super.keyPressed(key)
  }

  /// Measures the columns on `records`.
  func measureColumns(_ records: [PageRecord]) {
    let decimals = DecimalColumns.measure(records.map(\.values))
    var minimums = Array(repeating: 0, count: source.columns.count)
    // Keys grow along the records: the key columns are as wide as the widest key measured.
    for column in source.keyColumns where column < minimums.count {
      minimums[column] =
        records.map { record in
          let text = record.values[column].cellText(decimals: decimals[column])
          return ColumnWidths.asciiWidth(of: text) ?? text.terminalWidth
        }.max() ?? 0
    }
    let widths = ColumnWidths.measure(
      headers: source.columns.map(\.name), records: records.map(\.values),
      minimums: minimums, maximum: ColumnWidths.naturalMaximum, decimals: decimals)
    measures = ColumnMeasures(widths: widths, decimals: decimals)
  }

  /// The section of records, empty, with the header and loaders of the current view.
  func section() -> Section {
    held.generation += 1
    let generation = held.generation
    var section = Section(header: makeHeader(), rows: [])
    section.headLoader = HeadLoader(id: "before-\(generation)") { @MainActor [weak self] first in
      try await self?.page(before: first, generation: generation)
    }
    section.tailLoader = TailLoader(id: "after-\(generation)") { @MainActor [weak self] last in
      try await self?.page(after: last, generation: generation)
    }
    section.loadedRowLimit = loadedRecordLimit
    return section
  }

  /// The id of the row of `record`: its key, one id for each key, so that two records never
  /// share a row's id (a key of text `NULL` and one of NULL, two BLOBs of a size).
  func rowID(of record: PageRecord) -> RowID {
    record.key.rowID
  }

  /// The row of a record, holding the cells of the columns `shown` (see
  /// ``cellColumns(around:)``), so that a record of 100,000 columns costs a line of 1,024
  /// cells. The line reads where the columns are scrolled and what to highlight from
  /// ``lineContext`` as it is drawn.
  func makeRow(_ record: PageRecord, cells shown: Range<Int>) -> TermElements.Row {
    let decimals = measures.decimals
    let cells = shown.clamped(to: 0..<record.values.count).map { column in
      RecordLine.Cell(
        record.values[column], decimals: column < decimals.count ? decimals[column] : nil)
    }
    var props = RecordLine.Props(cells: cells, widths: measures.widths)
    props.firstCellColumn = shown.lowerBound
    props.context = lineContext
    return Row(
      ElementOf<RecordLine>(props: props),
      id: rowID(of: record), separatorStyle: .none,
      didSelect: Action { [weak self] in self?.showDetail(of: record) })
  }

  /// The sticky header of the records, the column of the order marked ▲ or ▼.
  func makeHeader() -> SectionHeader {
    let mark = view.order.descending ? " ▼" : " ▲"
    let names = source.columns.enumerated().map { index, column in
      index == view.order.column ? column.name + mark : column.name
    }
    return Self.header(names, widths: measures.widths, context: lineContext)
  }

  /// The sticky header of column names, its columns placed as `context` says when drawn, or
  /// unscrolled with no cursor without one.
  static func header(
    _ names: [String], widths: [Int], context: RecordLineContext? = nil
  ) -> SectionHeader {
    var props = RecordLine.Props(
      cells: names.map { RecordLine.Cell($0, kind: .header) }, widths: widths, isHeader: true)
    props.context = context
    return SectionHeader(
      ElementOf<RecordLine>(props: props),
      style: Style(foreground: .black, background: .cyan, attributes: .bold, monochrome: .reverse))
  }

  /// The record of the selected row, if it is one.
  var selectedRecord: HeldRecord? {
    guard let selection, let id = row(at: selection).id else { return nil }
    return held[id]
  }

  /// Shows every column of `record` on a screen of its own.
  func showDetail(of record: PageRecord) {
    if let chooseRecord { return chooseRecord(record) }
    navigator?.push(DetailScreen(source: source, key: record.key))
  }

  /// The line typed, a search under way, a message, or the records, what is loaded and how
  /// they are ordered.
  public override func statusText() -> String {
    if let prompt { return prompt.statusText(width: frameSize.width) }
    if let current = work.current {
      let read = current.read > 0 ? " · \(CellValue.grouped(current.read)) read" : ""
      let activity = source.capabilities.activity.map { " · \($0)" } ?? ""
      return "\(work.spinner.text)\(current.description)…\(read)\(activity) — Esc cancels"
    }
    if let message { return message }
    // With no records, the one row is the line saying so.
    let loaded = held.isEmpty ? 0 : position.count
    var text = "\(source.name) · \(CellValue.grouped(loaded)) loaded"
    if let column = view.order.column, column < source.columns.count {
      text += " · by \(source.columns[column].name) \(view.order.descending ? "▼" : "▲")"
    } else if let order = source.capabilities.keyOrder {
      text += " · by \(order)"
    }
    if isFetchingPage { text += " · \(work.spinner.text)loading…" }
    if let activity = source.capabilities.activity { text += " · \(activity)" }
    return text
  }

  /// The selected record's number among those shown, and how many there are: `797/1,000,000`,
  /// `12/~1,200`; `?` for what is not known yet, such as the number of a record a search found,
  /// until it is counted; `1,200/1,200+` once a count found the records grown.
  func recordPosition() -> String {
    let total = count.text + (countGrew ? "+" : "")
    guard let record = selectedRecord else { return "\(total) records" }
    return "\(record.number.map { CellValue.grouped($0) } ?? "?")/\(total)"
  }
}
