import Testing

@testable import TermElements

/// A section with `rows` rows and, if asked, a header and a footer.
private func structureTestSection(header: Bool, rows: Int, footer: Bool) -> Section {
  Section(
    header: header ? SectionHeader(ElementOfLabel(props: "Header")) : nil,
    footer: footer ? SectionFooter(ElementOfLabel(props: "Footer")) : nil,
    rows: (0..<rows).map { Row(ElementOfLabel(props: "Row \($0)")) })
}

/// A table of sections of the given shapes, with a table header view if asked.
private func structureTestTable(
  tableHeader: Bool, _ shapes: [(header: Bool, rows: Int, footer: Bool)]
) -> Table {
  var table = Table(
    sections: shapes.map {
      structureTestSection(header: $0.header, rows: $0.rows, footer: $0.footer)
    }
  )
  if tableHeader {
    table.tableHeaderView = TableHeaderView(ElementOfLabel(props: "Top"))
  }
  return table
}

/// A table header, then sections with and without headers and footers, and an empty section.
private let structureTestMixedTable = structureTestTable(
  tableHeader: true,
  [
    (header: true, rows: 2, footer: true),
    (header: false, rows: 2, footer: true),
    (header: false, rows: 0, footer: false),
    (header: true, rows: 0, footer: false),
    (header: true, rows: 1, footer: false),
    (header: false, rows: 1, footer: false),
    (header: true, rows: 0, footer: true),
  ])

/// Table shapes for the brute-force checks, including empty sections at either end.
private let structureTestTables: [Table] = [
  structureTestMixedTable,
  structureTestTable(
    tableHeader: false,
    [
      (header: false, rows: 0, footer: false),
      (header: true, rows: 3, footer: true),
      (header: false, rows: 0, footer: false),
      (header: false, rows: 0, footer: true),
      (header: true, rows: 2, footer: false),
      (header: false, rows: 0, footer: false),
    ]),
  structureTestTable(tableHeader: true, []),
  structureTestTable(tableHeader: false, [(header: false, rows: 4, footer: false)]),
  structureTestTable(
    tableHeader: true,
    [
      (header: true, rows: 1, footer: true),
      (header: true, rows: 1, footer: true),
      (header: true, rows: 1, footer: true),
    ]),
]

/// Headers and footers in `range`, counted item by item.
private func structureTestCount(
  _ structure: TableStructure, in range: Range<Int>
) -> (headers: Int, footers: Int) {
  var headers = 0
  var footers = 0
  for position in range {
    switch structure.item(at: position) {
    case .sectionHeader: headers += 1
    case .sectionFooter: footers += 1
    case .tableHeader, .row: break
    }
  }
  return (headers, footers)
}

@Suite("Table structure")
struct TableStructureTests {
  @Test("Items are laid out as table header, then each section's header, rows and footer")
  func itemOrder() {
    let structure = TableStructure(structureTestMixedTable)
    let expected: [TableItem] = [
      .tableHeader,
      .sectionHeader(0),
      .row(IndexPath(row: 0, section: 0)),
      .row(IndexPath(row: 1, section: 0)),
      .sectionFooter(0),
      .row(IndexPath(row: 0, section: 1)),
      .row(IndexPath(row: 1, section: 1)),
      .sectionFooter(1),
      .sectionHeader(3),
      .sectionHeader(4),
      .row(IndexPath(row: 0, section: 4)),
      .row(IndexPath(row: 0, section: 5)),
      .sectionHeader(6),
      .sectionFooter(6),
    ]
    #expect(structure.count == expected.count)
    #expect((0..<structure.count).map(structure.item(at:)) == expected)
  }

  @Test("Every item's position leads back to the item")
  func positionRoundTrip() {
    for table in structureTestTables {
      let structure = TableStructure(table)
      for position in 0..<structure.count {
        let item = structure.item(at: position)
        #expect(structure.position(of: item) == position, "\(item)")
      }
    }
  }

  @Test("Every row's position leads back to its index path")
  func rowRoundTrip() {
    for table in structureTestTables {
      let structure = TableStructure(table)
      var rowsSeen = 0
      for (section, contents) in table.sections.enumerated() {
        for row in 0..<contents.rows.count {
          let item = TableItem.row(IndexPath(row: row, section: section))
          #expect(structure.item(at: structure.position(of: item)) == item)
          rowsSeen += 1
        }
      }
      #expect(rowsSeen == table.rowCount)
    }
  }

  @Test("Items are counted from the table header and every section")
  func itemCounts() {
    let counts = structureTestTables.map { TableStructure($0).count }
    #expect(counts == [14, 9, 1, 4, 10])
  }

  @Test("A stretchy header is not an item")
  func stretchyHeaderIsNotAnItem() {
    var table = structureTestTable(tableHeader: false, [(header: false, rows: 2, footer: false)])
    table.stretchyHeader = StretchyHeader(
      behavior: .scrollsUpWithContent, element: ElementOfLabel(props: "Banner"))
    let structure = TableStructure(table)
    #expect(!structure.hasTableHeader)
    #expect(structure.count == 2)
    #expect(structure.item(at: 0) == .row(IndexPath(row: 0, section: 0)))
  }

  @Test("The last row's position skips trailing sections without rows")
  func lastRowPosition() {
    #expect(TableStructure(structureTestMixedTable).lastRowPosition == 11)
    #expect(TableStructure(structureTestTables[1]).lastRowPosition == 8)
    #expect(TableStructure(structureTestTables[2]).lastRowPosition == nil)
  }

  @Test("Headers and footers in a range match counting them one by one, for every range")
  func headersAndFootersMatchBruteForce() {
    for table in structureTestTables {
      let structure = TableStructure(table)
      for lower in 0...structure.count {
        for upper in lower...structure.count {
          let counted = structureTestCount(structure, in: lower..<upper)
          let found = structure.headersAndFooters(in: lower..<upper)
          #expect(
            found.headers == counted.headers && found.footers == counted.footers,
            "\(lower)..<\(upper): \(found) instead of \(counted)")
        }
      }
    }
  }

  @Test("Estimated heights of a range add up the estimate of every item in it")
  func estimatedHeightInRangeMatchesSum() {
    for table in structureTestTables {
      let structure = TableStructure(table)
      let estimates = ItemEstimates(
        structure: structure, row: 1, header: 3, footer: 7, tableHeader: 20)
      for lower in 0...structure.count {
        for upper in lower...structure.count {
          let summed = (lower..<upper).reduce(0) { $0 + estimates.estimatedHeight(of: $1) }
          #expect(
            estimates.estimatedHeight(in: lower..<upper) == summed, "\(lower)..<\(upper)")
        }
      }
    }
  }

  @Test("Estimates give each kind of item its own height")
  func estimatesByKind() {
    let structure = TableStructure(structureTestMixedTable)
    let estimates = ItemEstimates(
      structure: structure, row: 1, header: 3, footer: 7, tableHeader: 20)
    let heights = (0..<structure.count).map(estimates.estimatedHeight(of:))
    #expect(heights == [20, 3, 1, 1, 7, 1, 1, 7, 3, 3, 1, 1, 3, 7])
    #expect(estimates.estimatedHeight(in: 0..<structure.count) == heights.reduce(0, +))
  }

  @Test("A height index over item estimates starts each item after the ones before it")
  func heightIndexOverEstimates() {
    let structure = TableStructure(structureTestMixedTable)
    let estimates = ItemEstimates(
      structure: structure, row: 1, header: 3, footer: 7, tableHeader: 20)
    let index = HeightIndex(count: structure.count, estimates: estimates)
    var line = 0
    for position in 0..<structure.count {
      #expect(index.offset(of: position) == line)
      line += estimates.estimatedHeight(of: position)
    }
    #expect(index.totalHeight == line)
  }
}
