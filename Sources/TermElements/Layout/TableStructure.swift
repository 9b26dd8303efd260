internal import FoundationEssentials

/// A table's items laid end to end: the table header, then each section's header, rows and
/// footer. It maps between an item and its position in O(log sections).
struct TableStructure: Equatable, Sendable {
  /// The shape of one section.
  struct SectionShape: Equatable, Sendable {
    var hasHeader: Bool
    var rowCount: Int
    var hasFooter: Bool

    /// Items the section contributes.
    var itemCount: Int { rowCount + (hasHeader ? 1 : 0) + (hasFooter ? 1 : 0) }
  }

  /// Whether the table has a table header view, item 0.
  let hasTableHeader: Bool
  /// Each section's shape.
  let sections: [SectionShape]
  /// The position of each section's first item, and the total count at the end.
  let sectionStarts: [Int]
  /// Headers in sections before each section, and the total at the end.
  let headersBefore: [Int]
  /// Footers in sections before each section, and the total at the end.
  let footersBefore: [Int]
  /// Rows in sections before each section, and the total at the end.
  let rowsBefore: [Int]

  /// The structure of `table`, in O(sections).
  init(_ table: Table) {
    hasTableHeader = table.tableHeaderView != nil
    sections = table.sections.map {
      SectionShape(
        hasHeader: $0.header != nil, rowCount: $0.rows.count, hasFooter: $0.footer != nil)
    }
    var starts = [hasTableHeader ? 1 : 0]
    var headers = [0]
    var footers = [0]
    var rows = [0]
    for shape in sections {
      rows.append(rows.last! + shape.rowCount)
      starts.append(starts.last! + shape.itemCount)
      headers.append(headers.last! + (shape.hasHeader ? 1 : 0))
      footers.append(footers.last! + (shape.hasFooter ? 1 : 0))
    }
    sectionStarts = starts
    headersBefore = headers
    footersBefore = footers
    rowsBefore = rows
  }

  /// The number of items.
  var count: Int { sectionStarts.last! }

  /// The item at `position`.
  func item(at position: Int) -> TableItem {
    if hasTableHeader && position == 0 { return .tableHeader }
    let section = section(containing: position)
    let shape = sections[section]
    var offset = position - sectionStarts[section]
    if shape.hasHeader {
      if offset == 0 { return .sectionHeader(section) }
      offset -= 1
    }
    if offset < shape.rowCount { return .row(IndexPath(row: offset, section: section)) }
    return .sectionFooter(section)
  }

  /// The position of `item`.
  func position(of item: TableItem) -> Int {
    switch item {
    case .tableHeader:
      return 0
    case .sectionHeader(let section):
      return sectionStarts[section]
    case .row(let indexPath):
      return sectionStarts[indexPath.section] + (sections[indexPath.section].hasHeader ? 1 : 0)
        + indexPath.row
    case .sectionFooter(let section):
      return sectionStarts[section + 1] - 1
    }
  }

  /// The section whose items include `position`.
  func section(containing position: Int) -> Int {
    // The last section that starts at or before `position`; the first when none does.
    (1..<max(1, sections.count)).partitionPoint { sectionStarts[$0] > position } - 1
  }

  /// The position of the table's last row, if it has any rows.
  var lastRowPosition: Int? {
    guard let section = sections.lastIndex(where: { $0.rowCount > 0 }) else { return nil }
    return position(of: .row(IndexPath(row: sections[section].rowCount - 1, section: section)))
  }

  /// How many section headers and footers lie in `range`.
  func headersAndFooters(in range: Range<Int>) -> (headers: Int, footers: Int) {
    guard !range.isEmpty, !sections.isEmpty else { return (0, 0) }
    // Sections whose header position lies in the range.
    let firstHeader = firstSection(startingAtOrAfter: range.lowerBound)
    let lastHeader = firstSection(startingAtOrAfter: range.upperBound)
    let headers = headersBefore[lastHeader] - headersBefore[firstHeader]
    // Sections whose footer position (the section's end - 1) lies in the range.
    let firstFooter = firstSection(endingAfter: range.lowerBound)
    let lastFooter = firstSection(endingAfter: range.upperBound)
    let footers = footersBefore[lastFooter] - footersBefore[firstFooter]
    return (headers, footers)
  }

  /// The first section whose start is at or after `position`, or the section count.
  private func firstSection(startingAtOrAfter position: Int) -> Int {
    (0..<sections.count).partitionPoint { sectionStarts[$0] >= position }
  }

  /// The first section whose last item is at or after `position`, or the section count.
  private func firstSection(endingAfter position: Int) -> Int {
    (0..<sections.count).partitionPoint { sectionStarts[$0 + 1] - 1 >= position }
  }
}

/// The heights a table layout assumes for items it has not measured: one for rows, one for
/// section headers and one for footers, and the table header's measured height.
struct ItemEstimates: HeightEstimating, Equatable, Sendable {
  /// The table's shape.
  let structure: TableStructure
  /// Lines assumed for a row.
  let row: Int
  /// Lines assumed for a section header.
  let header: Int
  /// Lines assumed for a section footer.
  let footer: Int
  /// Lines of the table header view.
  let tableHeader: Int

  /// The assumed height of the item at `index`.
  func estimatedHeight(of index: Int) -> Int {
    switch structure.item(at: index) {
    case .tableHeader: tableHeader
    case .sectionHeader: header
    case .sectionFooter: footer
    case .row: row
    }
  }

  /// The row estimate, when every item is assumed that tall: rows alone, or headers and
  /// footers estimated like rows.
  var uniformHeight: Int? {
    guard row > 0, !structure.hasTableHeader || tableHeader == row,
      structure.headersBefore.last! == 0 || header == row,
      structure.footersBefore.last! == 0 || footer == row
    else { return nil }
    return row
  }

  /// The assumed heights of the items in `range`, added up.
  func estimatedHeight(in range: Range<Int>) -> Int {
    guard !range.isEmpty else { return 0 }
    if let uniform = uniformHeight { return range.count * uniform }
    var range = range
    var total = 0
    if structure.hasTableHeader && range.lowerBound == 0 {
      total += tableHeader
      range = 1..<range.upperBound
    }
    let (headers, footers) = structure.headersAndFooters(in: range)
    return total + headers * header + footers * footer + (range.count - headers - footers) * row
  }
}
