public import FoundationEssentials

/// Where everything in a table goes at one width: item heights, item positions and the total
/// content height, kept outside the table value itself.
///
/// Items are measured when they are first needed, usually when they come into view; until then
/// they count at an estimated height. Changing the width drops every measurement.
///
/// ```swift
/// var layout = TableLayout(table: table, width: 80)
/// let line = layout.offset(of: .row(IndexPath(row: 500, section: 0)))
/// let item = layout.item(atLine: 1_000)
/// ```
public struct TableLayout: Sendable {
  /// Counts of the work done, for tests that check that cost follows what is visible.
  public struct Statistics: Equatable, Sendable {
    /// Rows read from the table, made by a ``RowSource`` or not.
    public var rowsBuilt = 0
    /// Items whose element was measured.
    public var itemsMeasured = 0
  }

  /// A measured item, remembered so that an unchanged item is not measured again.
  private struct Measured: Sendable {
    var row: Row?
    var height: Int
  }

  /// The table laid out.
  public private(set) var table: Table
  /// The width laid out at, in columns.
  public private(set) var width: Int
  /// The work done so far.
  public var statistics = Statistics()

  /// The table's shape.
  private var structure: TableStructure
  /// Item positions and heights.
  private var index: HeightIndex<ItemEstimates>
  /// The rows measured lately, by position, to skip measuring a row that did not change.
  private var recent: [Int: Measured] = [:]
  /// The rows measured before `recent` filled up.
  private var older: [Int: Measured] = [:]
  /// How many rows `recent` holds before it becomes `older`.
  private static var recentLimit: Int { 4096 }

  /// Lays out `table` at `width` columns.
  public init(table: Table, width: Int) {
    self.table = table
    self.width = max(0, width)
    structure = TableStructure(table)
    var statistics = Statistics()
    let estimates = Self.estimates(
      for: table, structure: structure, width: self.width, statistics: &statistics)
    index = HeightIndex(count: structure.count, estimates: estimates)
    self.statistics = statistics
  }

  /// Lays out a new version of the table at the same width, keeping the heights measured for
  /// items still at the same section and row, as after appending a page of rows.
  public mutating func update(table newTable: Table) {
    guard newTable != table || TableStructure(newTable) != structure else { return }
    let old = structure
    let measured = index.measuredBlocks
    let oldEstimates = index.estimates
    table = newTable
    structure = TableStructure(newTable)
    let estimates: ItemEstimates
    if old.hasTableHeader == structure.hasTableHeader && newTable.estimatedRowHeight == nil {
      estimates = ItemEstimates(
        structure: structure, row: oldEstimates.row, header: oldEstimates.header,
        footer: oldEstimates.footer,
        tableHeader: newTable.tableHeaderView?.height(atWidth: width) ?? 0)
    } else {
      estimates = Self.estimates(
        for: newTable, structure: structure, width: width, statistics: &statistics)
    }
    index = HeightIndex(count: structure.count, estimates: estimates)
    for (range, heights) in measured {
      for (position, height) in zip(range, heights) {
        if let moved = Self.samePlace(position, from: old, to: structure) {
          index.setHeight(height, of: moved)
        }
      }
    }
    recent = [:]
    older = [:]
  }

  /// Lays the same table out at a new width, dropping every measurement.
  public mutating func setWidth(_ newWidth: Int) {
    guard newWidth != width else { return }
    let table = self.table
    let statistics = self.statistics
    self = TableLayout(table: table, width: newWidth)
    self.statistics.rowsBuilt += statistics.rowsBuilt
    self.statistics.itemsMeasured += statistics.itemsMeasured
  }

  /// The number of items: rows, section headers and footers, and the table header.
  public var itemCount: Int { structure.count }

  /// Lines of all items together, as far as they are known.
  public var contentHeight: Int { index.totalHeight }

  /// The item at position `position` in the content, from 0 to ``itemCount`` - 1.
  public func item(at position: Int) -> TableItem { structure.item(at: position) }

  /// The position of `item` in the content.
  public func position(of item: TableItem) -> Int { structure.position(of: item) }

  /// The line at which `item` starts.
  public func offset(of item: TableItem) -> Int { index.offset(of: structure.position(of: item)) }

  /// The line at which the item at `position` starts; ``itemCount`` gives the content height.
  public func offset(ofPosition position: Int) -> Int { index.offset(of: position) }

  /// The position of the item holding line `line`, or ``itemCount`` past the end.
  public func position(atLine line: Int) -> Int { index.index(atLine: line) }

  /// The item holding line `line`, or `nil` past the end.
  public func item(atLine line: Int) -> TableItem? {
    let position = index.index(atLine: line)
    return position < structure.count ? structure.item(at: position) : nil
  }

  /// The height the layout has for the item at `position`, measured or estimated.
  public func knownHeight(ofPosition position: Int) -> Int { index.height(of: position) }

  /// The last item, if there is any.
  public var lastItem: TableItem? {
    structure.count > 0 ? structure.item(at: structure.count - 1) : nil
  }

  /// The height of the item at `position`, measuring it only when it was not measured lately;
  /// for scrolling, which must not rebuild rows it has just seen.
  public mutating func height(ofPosition position: Int) -> Int {
    if let known = recent[position] ?? older[position] { return known.height }
    return measure(position: position).height
  }

  /// The number of rows in the table.
  public var rowCount: Int { structure.rowsBefore.last! }

  /// The row's number counting from 0 across all sections.
  public func rowNumber(of indexPath: IndexPath) -> Int {
    structure.rowsBefore[indexPath.section] + indexPath.row
  }

  /// The position of the first item of section `section`.
  func sectionStart(_ section: Int) -> Int { structure.sectionStarts[section] }

  /// Builds the row at `indexPath`, counting it.
  public mutating func row(at indexPath: IndexPath) -> Row {
    statistics.rowsBuilt += 1
    return table.sections[indexPath.section].rows[indexPath.row]
  }

  /// Measures the item at `position` and records its height; returns the row for a row item.
  @discardableResult
  public mutating func measure(position: Int) -> (height: Int, row: Row?) {
    let item = structure.item(at: position)
    let height: Int
    var row: Row?
    switch item {
    case .tableHeader:
      height = table.tableHeaderView?.height(atWidth: width) ?? 0
    case .sectionHeader(let section):
      height = table.sections[section].header?.height(atWidth: width) ?? 0
    case .sectionFooter(let section):
      height = table.sections[section].footer?.height(atWidth: width) ?? 0
    case .row(let indexPath):
      let built = self.row(at: indexPath)
      row = built
      height = rowHeight(built, at: position)
    }
    if row == nil { statistics.itemsMeasured += 1 }
    index.setHeight(height, of: position)
    return (height, row)
  }

  /// Whether the row at `position` draws its separator.
  func showsSeparator(_ row: Row, at position: Int) -> Bool {
    row.separatorStyle != .none
      && !(table.hidesTrailingSeparators && position == structure.lastRowPosition)
  }

  /// Lines a row takes at `position`, measured only when it changed since it was last measured.
  private mutating func rowHeight(_ row: Row, at position: Int) -> Int {
    let separator = showsSeparator(row, at: position) ? 1 : 0
    if case .fixed(let lines) = row.rowHeight { return max(0, lines) + separator }
    if let known = recent[position] ?? older[position], known.row == row {
      return known.height
    }
    statistics.itemsMeasured += 1
    let height =
      ContentBox.height(
        of: row.element, rowHeight: row.rowHeight, margins: row.layoutMargins, width: width)
      + separator
    if recent.count >= Self.recentLimit {
      older = recent
      recent = [:]
    }
    recent[position] = Measured(row: row, height: height)
    return height
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

  /// Where the item at `position` of `old` is in `new`, if the same section still has it.
  private static func samePlace(_ position: Int, from old: TableStructure, to new: TableStructure)
    -> Int?
  {
    let item = old.item(at: position)
    guard let section = item.section else { return new.hasTableHeader ? 0 : nil }
    guard section < new.sections.count else { return nil }
    let shape = new.sections[section]
    switch item {
    case .sectionHeader where shape.hasHeader, .sectionFooter where shape.hasFooter:
      return new.position(of: item)
    case .row(let indexPath) where indexPath.row < shape.rowCount:
      return new.position(of: item)
    default:
      return nil
    }
  }
}
