import TermElements
import TermElementsRecords

/// A records browser over a fixture's source, driven headless: keys pressed, frames drawn into
/// an in-memory `Screen`, and what it shows read back as the fixture's records.
///
/// After each key the session draws, waits for the work and the pages the key started, and
/// draws again, until nothing is under way: what a user sees once the screen is still. The
/// checks of a case (``expect(_:_:found:)``) collect ``BrowsingFailure``s, with the screen, in
/// ``failures``, rather than stop at the first.
///
/// ```swift
/// let session = try await BrowsingSession.open(fixture, case: "End")
/// await session.press(.end)
/// let last = session.selectedRecord  // the index of the last record, in key order
/// let failures = session.failures
/// ```
@MainActor
public final class BrowsingSession {
  /// The source, its records and the sizes.
  public let fixture: BrowsingFixture
  /// The browser, on the records screen of the fixture's source.
  public let browser: Browser
  /// The name of the case, which names its failures.
  public let caseName: String
  /// The terminal, as last drawn.
  public private(set) var screen: Screen
  /// What did not go as expected so far.
  public private(set) var failures: [BrowsingFailure] = []
  /// The index in the fixture's records of each record's row id.
  private let indexByRowID: [RowID: Int]

  /// A browser of `fixture`'s source, its first frame drawn.
  init(fixture: BrowsingFixture, browser: Browser, caseName: String) {
    self.fixture = fixture
    self.browser = browser
    self.caseName = caseName
    screen = Screen(width: fixture.width, height: fixture.height)
    var ids: [RowID: Int] = [:]
    for (index, record) in fixture.records.enumerated() where ids[Self.rowID(of: record.key)] == nil
    {
      ids[Self.rowID(of: record.key)] = index
    }
    indexByRowID = ids
  }

  /// Opens a browser on the records of `fixture`'s source, with its pages, and draws it at its
  /// size once the first pages are in.
  ///
  /// - Throws: what the source throws for the first page.
  public static func open(_ fixture: BrowsingFixture, case name: String) async throws
    -> BrowsingSession
  {
    let browser = try await Browser.open(fixture.source, pageSize: fixture.pageSize)
    let session = BrowsingSession(fixture: fixture, browser: browser, caseName: name)
    await session.settle()
    return session
  }

  // MARK: - Driving

  /// Presses `keys` one by one, the screen drawn and still after each.
  public func press(_ keys: Key...) async {
    await press(keys)
  }

  /// Presses `keys` one by one, the screen drawn and still after each.
  public func press(_ keys: [Key]) async {
    for key in keys {
      browser.stack.handle(.key(key))
      await settle()
    }
  }

  /// Presses `keys` in one read of the terminal, with no frame between them (key repeat over
  /// ssh, a paste), then lets the screen settle.
  public func pressTogether(_ keys: [Key]) async {
    for key in keys { browser.stack.handle(.key(key)) }
    await settle()
  }

  /// Types `text` on the line of a prompt, and Enter.
  public func type(_ text: String) async {
    await press(text.map { Key.character($0) } + [.enter])
  }

  /// Makes the terminal `width` by `height` and draws it.
  public func resize(width: Int, height: Int) async {
    screen = Screen(width: width, height: height)
    browser.stack.handle(.resize(screen.size))
    await settle()
  }

  /// Draws frames, waiting for what each starts, until nothing is under way. As in the
  /// terminal, a frame follows the work only when something asked for one.
  public func settle() async {
    for _ in 0..<500 {
      browser.stack.render(into: &screen)
      let top = browser.stack.top
      if let records = top as? RecordsScreen { await records.waitUntilIdle() }
      if let detail = top as? DetailScreen { await detail.waitUntilRead() }
      if let summary = top as? SummaryScreen { await summary.waitUntilSummed() }
      await top.waitForLoads()
      if browser.stack.needsDisplay { browser.stack.render(into: &screen) }
      guard browser.stack.top.isFetchingPage else { return }
    }
  }

  // MARK: - Reading the screen

  /// The terminal's lines.
  public var lines: [String] { screen.lines }

  /// The status line: the last.
  public var statusLine: String { screen.lines.last ?? "" }

  /// The records screen, on top or under the screen on top.
  public var records: RecordsScreen? { browser.records }

  /// The index in the fixture's records of the selected record, or `nil` when no record is
  /// selected.
  public var selectedRecord: Int? {
    guard let records, let selection = records.selection,
      selection.section < records.table.sections.count,
      selection.row < records.table.sections[selection.section].rows.count,
      let id = records.row(at: selection).id
    else { return nil }
    return indexByRowID[id]
  }

  /// For each line of records on the terminal, top to bottom, the indexes in the fixture's
  /// records of the records its text is drawn from: none when the line is no record's (a
  /// spinner, a blank), else first the record of the row that follows the row of the line
  /// above, then any other that looks the same.
  ///
  /// A line is a record's when it is, character for character, the line of the record's row
  /// drawn on its own at the terminal's width. Records that look the same are told apart by
  /// their place: the lines show rows one after another. Only the rows the screen can show
  /// from the table's scroll offset are drawn to be compared (each row is one line), so that
  /// a check costs the same with 20 records held or 2,000.
  public var shownRecords: [[Int]] {
    guard let records, browser.stack.top === records, screen.height > 3 else { return [] }
    let top = records.scrollOffset
    let nearby = top...(top + screen.height)
    // The rows of records in the table's order, and where each line of text is drawn.
    var rowRecords: [Int] = []
    var rowsByText: [String: [Int]] = [:]
    var line = 0
    for section in records.table.sections {
      for row in section.rows {
        defer { line += 1 }
        guard nearby.contains(line), let id = row.id, let index = indexByRowID[id] else {
          continue
        }
        rowsByText[Self.drawn(row, width: screen.width), default: []].append(rowRecords.count)
        rowRecords.append(index)
      }
    }
    // The title line and the header above, the status line below.
    let candidates = screen.lines[2..<(screen.height - 1)].map { rowsByText[$0] ?? [] }
    var shown: [[Int]] = []
    var previousRow: Int?
    for (offset, rows) in candidates.enumerated() {
      // The row after the line above's; else the one from which most lines follow in order.
      let row =
        previousRow.flatMap { rows.contains($0 + 1) ? $0 + 1 : nil }
        ?? rows.max { a, b in
          Self.run(from: a, candidates[offset...]) < Self.run(from: b, candidates[offset...])
        }
      previousRow = row
      guard let row else {
        shown.append([])
        continue
      }
      let others = rows.filter { $0 != row }.map { rowRecords[$0] }
      shown.append([rowRecords[row]] + others.filter { $0 != rowRecords[row] })
    }
    return shown
  }

  /// How many lines of `lines` show rows one after another from row `row`.
  static func run(from row: Int, _ lines: ArraySlice<[Int]>) -> Int {
    var count = 0
    for rows in lines {
      guard rows.contains(row + count) else { break }
      count += 1
    }
    return count
  }

  /// The records shown on the terminal, top to bottom, each the first that its line could be.
  public var shownRecordList: [Int] {
    shownRecords.compactMap(\.first)
  }

  /// The line `row` is drawn as, alone, on a terminal `width` columns wide.
  static func drawn(_ row: Row, width: Int) -> String {
    var line = Screen(width: width, height: 1)
    let margins = row.layoutMargins
    line.draw(
      in: Rect(x: margins.left, y: 0, width: width - margins.horizontal, height: 1)
    ) { canvas in
      row.element.draw(in: &canvas)
    }
    return line.line(0)
  }

  /// The id the records screen gives the row of the record with `key`.
  public static func rowID(of key: RecordKey) -> RowID {
    key.rowID
  }

  /// Record `index` of the fixture for people: its key.
  public func describe(_ index: Int?) -> String {
    guard let index else { return "no record" }
    guard index >= 0, index < fixture.records.count else { return "record #\(index)" }
    let key = fixture.records[index].key.values.map(\.cellText).joined(separator: ", ")
    return "the record with key \(String(reflecting: key)) (#\(index + 1) by key)"
  }

  /// The position the status line ends with when record `number` of `total` is selected.
  public static func positionText(_ number: Int, of total: Int) -> String {
    " \(CellValue.grouped(number))/\(CellValue.grouped(total)) "
  }

  // MARK: - Checking

  /// Whether the status line says `message` at its start, as far as it shows: a message cut
  /// with `…` to make room for the position passes as far as it goes.
  public func statusLineSays(_ message: String) -> Bool {
    let text = statusLine.dropFirst()
    if text.hasPrefix(message) { return true }
    guard let cut = text.firstIndex(of: "…") else { return false }
    let shown = text[..<cut]
    return !shown.isEmpty && message.hasPrefix(shown)
  }

  /// Records a failure unless `condition` holds: `expected` says what should be, `found` what
  /// is; the screen is the terminal as it is now.
  public func expect(
    _ condition: Bool, _ expected: @autoclosure () -> String,
    found: @autoclosure () -> String = ""
  ) {
    guard !condition else { return }
    fail(expected(), found: found())
  }

  /// Records a failure: `expected` says what should be, `found` what is.
  public func fail(_ expected: String, found: String = "") {
    failures.append(
      BrowsingFailure(caseName: caseName, expected: expected, found: found, screen: screen.lines))
  }

  /// Checks that record `number` (from 1) of `order`, indexes of the fixture's records, is
  /// selected, that the status line ends with its position among `order.count`, and that its
  /// line is on the terminal; `step` says how the screen got there. With `numbered` false, the
  /// position is not checked: a source that cannot jump leaves found records unnumbered.
  public func expectSelected(
    number: Int, of order: [Int], after step: String, numbered: Bool = true
  ) {
    guard number >= 1, number <= order.count else {
      fail("\(step): record \(number) of \(order.count), which does not exist")
      return
    }
    let wanted = order[number - 1]
    let selected = selectedRecord
    expect(
      selected == wanted, "\(step): \(describe(wanted)) selected",
      found: describe(selected))
    let position = Self.positionText(number, of: order.count)
    expect(
      !numbered || statusLine.hasSuffix(position),
      "\(step): the status line to end with “\(position)”",
      found: "“\(statusLine)”")
    expect(
      shownRecords.contains { $0.contains(wanted) }, "\(step): \(describe(wanted)) on screen",
      found: "records \(shownRecordList.map { $0 + 1 }) by key")
  }

  /// Checks that the records on the terminal are those of `order` from the one at `offset`,
  /// one per line, as many as fit or there are.
  public func expectShown(_ order: [Int], from offset: Int, after step: String) {
    let shown = shownRecords
    let count = min(shown.count, max(0, order.count - offset))
    let expected = Array(order[offset..<(offset + count)])
    let matches =
      shown.count >= count
      && zip(shown.prefix(count), expected).allSatisfy { $0.contains($1) }
    expect(
      matches,
      "\(step): records \(expected.map { $0 + 1 }) by key, one a line from the top",
      found: "\(shown.map { $0.map { $0 + 1 } })")
  }
}
