internal import FoundationEssentials

/// Where everything in a table goes at one width: item heights, item positions and the total
/// content height, kept outside the table value itself.
///
/// Items are measured when they are first needed, usually when they come into view; until then
/// they count at an estimated height. Within one version of the table, an item measured is
/// known by its position (``VerifiedItems``): asking again for its height or its row costs an
/// array read, with no key made or hashed. When the table changes, those measurements are
/// carried over by row identity (see ``RowKey``) together with the row measured, so a row that
/// moved is not measured again and a row whose value changed is. Changing the width drops
/// every measurement.
///
/// ```swift
/// let layout = TableLayout(table: table, width: 80)
/// let line = layout.offset(of: .row(IndexPath(row: 500, section: 0)))
/// let item = layout.item(atLine: 1_000)
/// ```
struct TableLayout: Sendable {
  /// Counts of the work done, for tests that check that cost follows what is visible.
  struct Statistics: Equatable, Sendable {
    /// Rows read from the table, made by a ``RowSource`` or not.
    var rowsBuilt = 0
    /// Items whose element was measured.
    var itemsMeasured = 0
  }

  /// How many times the table was updated, to tell measurements of the current table.
  private(set) var version = 0
  /// Rows painted lately, for frames that show them again.
  var painted = PaintedRows()
  /// Heights, and rows measured, known to hold for this version of the table at this width,
  /// by position.
  private var verified = VerifiedItems()

  /// The table laid out.
  private(set) var table: Table
  /// The width laid out at, in columns.
  private(set) var width: Int
  /// The lines the table's stretchy header takes at this width, if it has one.
  private(set) var headerSpan: HeaderSpan?
  /// The work done so far.
  var statistics = Statistics()

  /// The table's shape.
  private var structure: TableStructure
  /// Item positions and heights.
  private var index: HeightIndex<ItemEstimates>
  /// The rows measured in earlier versions of the table, by identity, to skip measuring a row
  /// that did not change.
  private var recent: [RowKey: MeasuredRow] = [:]
  /// The rows measured before `recent` filled up.
  private var older: [RowKey: MeasuredRow] = [:]
  /// How many rows `recent` holds before it becomes `older`.
  private static var recentLimit: Int { 4096 }

  /// Lays out `table` at `width` columns.
  init(table: Table, width: Int) {
    self.table = table
    self.width = max(0, width)
    headerSpan = table.stretchyHeader.map { HeaderSpan($0, width: max(0, width)) }
    structure = TableStructure(table)
    var statistics = Statistics()
    let estimates = Self.estimates(
      for: table, structure: structure, width: self.width, statistics: &statistics)
    index = HeightIndex(count: structure.count, estimates: estimates)
    self.statistics = statistics
  }

  /// Lays out a new version of the table at the same width and returns how its rows
  /// correspond to the old ones. Heights measured for rows still in the table move with them,
  /// by identity, and rows that did not change are not measured again.
  @discardableResult
  mutating func update(table newTable: Table) -> TableDiff {
    let diff = TableDiff(from: table, to: newTable)
    rememberVerifiedRows()
    forgetRowsGone(diff)
    version += 1
    let old = structure
    let oldIndex = index
    let oldEstimates = index.estimates
    table = newTable
    headerSpan = newTable.stretchyHeader.map { HeaderSpan($0, width: width) }
    structure = TableStructure(newTable)
    let estimates: ItemEstimates
    if old.hasTableHeader == structure.hasTableHeader && newTable.estimatedRowHeight == nil
      && old.rowsBefore.last! > 0
    {
      estimates = ItemEstimates(
        structure: structure, row: oldEstimates.row, header: oldEstimates.header,
        footer: oldEstimates.footer,
        tableHeader: newTable.tableHeaderView?.height(atWidth: width) ?? 0)
    } else {
      estimates = Self.estimates(
        for: newTable, structure: structure, width: width, statistics: &statistics)
    }
    index = HeightIndex(count: structure.count, estimates: estimates)
    // Only heights measured off their estimates are kept; the rest take the new estimates.
    oldIndex.forEachMeasured { position, height in
      if let moved = Self.newPosition(of: position, from: old, to: structure, diff: diff) {
        index.setHeight(height, of: moved)
      }
    }
    return diff
  }

  /// Carries the rows measured in this version, which are known by position, over to the
  /// caches by key, so that a row that stays in the next version is not measured again.
  private mutating func rememberVerifiedRows() {
    var measured: [(Int, MeasuredRow)] = []
    verified.takeRows(version: version, width: width) { measured.append(($0, $1)) }
    for (position, row) in measured {
      guard case .row(let indexPath) = structure.item(at: position) else { continue }
      remember(row, as: table.key(at: indexPath))
    }
  }

  /// Forgets the measurements of rows the new table no longer holds, so that the caches keep
  /// nothing alive that the table let go: a screen that drops the rows it scrolled past (see
  /// ``Section/loadedRowLimit``) holds only its rows. Sections where more rows changed than
  /// the caches can hold are left to the caches' turnover.
  private mutating func forgetRowsGone(_ diff: TableDiff) {
    guard !recent.isEmpty || !older.isEmpty else { return }
    diff.forEachGoneKey(limit: 2 * Self.recentLimit) { key in
      recent.removeValue(forKey: key)
      older.removeValue(forKey: key)
    }
  }

  /// Keeps a measurement by key: in `recent`, which becomes `older` when it is full.
  private mutating func remember(_ measured: MeasuredRow, as key: RowKey) {
    if recent.count >= Self.recentLimit {
      older = recent
      recent = [:]
    }
    recent[key] = measured
  }

  /// Lays the same table out at a new width, dropping every measurement.
  mutating func setWidth(_ newWidth: Int) {
    guard newWidth != width else { return }
    let table = self.table
    let statistics = self.statistics
    self = TableLayout(table: table, width: newWidth)
    self.statistics.rowsBuilt += statistics.rowsBuilt
    self.statistics.itemsMeasured += statistics.itemsMeasured
  }

  /// The number of items: rows, section headers and footers, and the table header.
  var itemCount: Int { structure.count }

  /// Lines of all items together, as far as they are known.
  var contentHeight: Int { index.totalHeight }

  /// The item at position `position` in the content, from 0 to ``itemCount`` - 1.
  func item(at position: Int) -> TableItem { structure.item(at: position) }

  /// The position of `item` in the content.
  func position(of item: TableItem) -> Int { structure.position(of: item) }

  /// The line at which `item` starts.
  func offset(of item: TableItem) -> Int { index.offset(of: structure.position(of: item)) }

  /// The line at which the item at `position` starts; ``itemCount`` gives the content height.
  func offset(ofPosition position: Int) -> Int { index.offset(of: position) }

  /// The position of the item holding line `line`, or ``itemCount`` past the end.
  func position(atLine line: Int) -> Int { index.index(atLine: line) }

  /// The item holding line `line`, or `nil` past the end.
  func item(atLine line: Int) -> TableItem? {
    let position = index.index(atLine: line)
    return position < structure.count ? structure.item(at: position) : nil
  }

  /// Blocks of items whose measured heights the layout keeps because they differ from the
  /// estimates, for tests that check that memory follows those rather than the rows visited.
  var storedHeightBlocks: Int { index.storedBlockCount }

  /// The height the layout has for the item at `position`, measured or estimated.
  func knownHeight(ofPosition position: Int) -> Int { index.height(of: position) }

  /// The last item, if there is any.
  var lastItem: TableItem? {
    structure.count > 0 ? structure.item(at: structure.count - 1) : nil
  }

  /// The height of the item at `position`, measuring it only when it was not measured lately;
  /// for scrolling, which must not rebuild rows it has just seen.
  mutating func height(ofPosition position: Int) -> Int {
    if let known = verified.item(at: position, version: version, width: width) {
      return known.height
    }
    return record(position: position).height
  }

  /// The measurement remembered for the row at `indexPath`, if any.
  private func cached(_ indexPath: IndexPath) -> MeasuredRow? {
    guard !recent.isEmpty || !older.isEmpty else { return nil }
    let key = table.key(at: indexPath)
    return recent[key] ?? older[key]
  }

  /// The number of rows in the table.
  var rowCount: Int { structure.rowsBefore.last! }

  /// The row's number counting from 0 across all sections.
  func rowNumber(of indexPath: IndexPath) -> Int {
    structure.rowsBefore[indexPath.section] + indexPath.row
  }

  /// The position of the first item of section `section`.
  func sectionStart(_ section: Int) -> Int { structure.sectionStarts[section] }

  /// Builds the row at `indexPath`, counting it.
  mutating func row(at indexPath: IndexPath) -> Row {
    statistics.rowsBuilt += 1
    return table.sections[indexPath.section].rows[indexPath.row]
  }

  /// The row at `indexPath`: the one measured for this version of the table when it is at
  /// hand, else built.
  mutating func shownRow(at indexPath: IndexPath) -> Row {
    let position = structure.position(of: .row(indexPath))
    if let measured = verified.item(at: position, version: version, width: width)?.row {
      return measured.row
    }
    return row(at: indexPath)
  }

  /// Measures the item at `position` and records its height; returns the row for a row item.
  ///
  /// An item measured in this version of the table at this width is neither built nor
  /// measured again: its height and row are read back by position.
  @discardableResult
  mutating func measure(position: Int) -> (height: Int, row: Row?) {
    if let known = measured(position: position) { return known }
    let (height, measured) = record(position: position)
    return (height, measured?.row)
  }

  /// Measures the item at `position`, not measured in this version at this width, and records
  /// its height and measurement: what ``measure(position:)`` and ``height(ofPosition:)`` do
  /// without copying the row out.
  private mutating func record(position: Int) -> (height: Int, measured: MeasuredRow?) {
    if case .row = structure.item(at: position) { statistics.rowsBuilt += 1 }
    let (height, measured, fresh) = measurement(at: position)
    if fresh { statistics.itemsMeasured += 1 }
    index.setHeight(height, of: position)
    verified.set(height: height, row: measured, of: position, version: version, width: width)
    return (height, measured)
  }

  /// The height and row of the item at `position` as measured for this version of the table
  /// at this width, if it was: what a frame paints, from a layout it cannot change.
  func measured(position: Int) -> (height: Int, row: Row?)? {
    guard let known = verified.item(at: position, version: version, width: width) else {
      return nil
    }
    switch structure.item(at: position) {
    case .row: return known.row.map { (known.height, $0.row) }
    case .tableHeader, .sectionHeader, .sectionFooter: return (known.height, nil)
    }
  }

  /// The height and row of the item at `position`, measured as ``measure(position:)`` does but
  /// recorded nowhere: for an item a frame paints that was not measured before it.
  func unrecordedMeasurement(position: Int) -> (height: Int, row: Row?) {
    let (height, measured, _) = measurement(at: position)
    return (height, measured?.row)
  }

  /// Measures the item at `position`: its lines, its row's measurement for a row, and whether
  /// the row's content was measured afresh rather than known from an earlier version.
  private func measurement(at position: Int) -> (Int, MeasuredRow?, Bool) {
    switch structure.item(at: position) {
    case .tableHeader:
      return (table.tableHeaderView?.height(atWidth: width) ?? 0, nil, true)
    case .sectionHeader(let section):
      return (table.sections[section].header?.height(atWidth: width) ?? 0, nil, true)
    case .sectionFooter(let section):
      return (table.sections[section].footer?.height(atWidth: width) ?? 0, nil, true)
    case .row(let indexPath):
      let row = table.sections[indexPath.section].rows[indexPath.row]
      return rowHeight(row, at: indexPath, position: position)
    }
  }

  /// Whether the row at `position` draws its separator.
  func showsSeparator(_ row: Row, at position: Int) -> Bool {
    row.separatorStyle != .none
      && !(table.hidesTrailingSeparators && position == structure.lastRowPosition)
  }

  /// Lines a row takes at `position`, measured only when it changed since it was last
  /// measured, its measurement, and whether its content was measured afresh.
  private func rowHeight(
    _ row: Row, at indexPath: IndexPath, position: Int
  ) -> (Int, MeasuredRow, Bool) {
    let separator = separatorLines(row, at: position)
    if case .fixed(let lines) = row.rowHeight {
      let fixed = max(0, lines)
      return (fixed + separator, MeasuredRow(row: row, height: fixed), false)
    }
    // Measured in an earlier version under the same key: trusted only if it is the same row.
    if let known = cached(indexPath), known.row == row {
      return (known.height + separator, known, false)
    }
    let height = ContentBox.height(
      of: row.element, rowHeight: row.rowHeight, margins: row.contentMargins, width: width)
    // Kept by position until the table changes (see `rememberVerifiedRows`).
    return (height + separator, MeasuredRow(row: row, height: height), true)
  }

  /// 1 when the row at `position` draws its separator, else 0.
  private func separatorLines(_ row: Row, at position: Int) -> Int {
    showsSeparator(row, at: position) ? 1 : 0
  }

  /// The estimates for a table: its estimated row height or else its first row's height, and
  /// its first header's and first footer's heights.
  private static func estimates(
    for table: Table, structure: TableStructure, width: Int, statistics: inout Statistics
  ) -> ItemEstimates {
    var rowEstimate = table.estimatedRowHeight ?? 1
    if table.estimatedRowHeight == nil,
      let section = table.sections.firstIndex(where: { !$0.rows.isEmpty })
    {
      let row = table.sections[section].rows[0]
      statistics.rowsBuilt += 1
      statistics.itemsMeasured += 1
      rowEstimate = row.height(atWidth: width)
    }
    let header = table.sections.lazy.compactMap(\.header).first?.height(atWidth: width) ?? 1
    let footer = table.sections.lazy.compactMap(\.footer).first?.height(atWidth: width) ?? 1
    return ItemEstimates(
      structure: structure, row: rowEstimate, header: header, footer: footer,
      tableHeader: table.tableHeaderView?.height(atWidth: width) ?? 0)
  }

  /// Where the item at `position` of `old` is in `new`: a row where the diff puts it, a
  /// section's header or footer if the same section still has one.
  private static func newPosition(
    of position: Int, from old: TableStructure, to new: TableStructure, diff: TableDiff
  ) -> Int? {
    let item = old.item(at: position)
    guard let section = item.section else { return new.hasTableHeader ? 0 : nil }
    guard section < new.sections.count else { return nil }
    let shape = new.sections[section]
    switch item {
    case .sectionHeader where shape.hasHeader, .sectionFooter where shape.hasFooter:
      return new.position(of: item)
    case .row(let indexPath):
      guard let row = diff.newRow(ofOldRow: indexPath.row, section: section) else { return nil }
      return new.position(of: .row(IndexPath(row: row, section: section)))
    default:
      return nil
    }
  }
}
