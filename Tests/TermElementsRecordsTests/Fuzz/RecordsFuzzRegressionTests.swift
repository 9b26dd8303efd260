import Testing

@testable import TermElements
@testable import TermElementsRecords

/// What the records fuzz found, each kept as the smallest case that showed it.
@MainActor
@Suite("RecordsFuzz regressions")
struct RecordsFuzzRegressionTests {
  @Test("Keys that read the same (text NULL and NULL, BLOBs of a size) make rows of their own")
  func keysThatReadTheSame() async throws {
    let keys: [CellValue] = [
      .text("NULL"), .null, .blob([1, 2]), .blob([3, 4]), .text("1.5"), .decimal("1.5"),
      .real(1.5), .text("a\u{1F}b"),
    ]
    let source = MemoryRecordSource(
      name: "keys", columns: ["key", "n"],
      records: keys.enumerated().map { [$1, .integer(Int64($0))] }, keyColumns: [0])
    let screen = try await RecordsScreen.open(source)
    await screen.waitUntilIdle()
    var frame = Screen(width: 40, height: 12)
    screen.render(into: &frame)
    let ids = screen.table.sections[0].rows.compactMap(\.id)
    #expect(Set(ids).count == keys.count)
    #expect(screen.held.count == keys.count)
    #expect(!frame.lines.joined().contains("duplicate"))
    let pairs: [[CellValue]] = [
      [.text("a"), .text("b\u{1F}tc")], [.text("a\u{1F}tb"), .text("c")],
    ]
    let ids2 = pairs.map { screen.rowID(of: PageRecord(values: $0, key: RecordKey($0))) }
    #expect(ids2[0] != ids2[1])
  }
}

extension RecordsFuzzRegressionTests {
  @Test("A search typed while a filter is applied searches the filtered records")
  func searchAfterFilter() async throws {
    let source = MemoryRecordSource(
      name: "r", columns: ["id", "name"],
      records: (0..<20).map { [.integer(Int64($0)), .text("x\($0)")] }, keyColumns: [0])
    let screen = try await RecordsScreen.open(source)
    var frame = Screen(width: 40, height: 12)
    screen.render(into: &frame)
    screen.filter("id >= 10")
    screen.search("x1")
    await screen.waitUntilIdle()
    screen.render(into: &frame)
    #expect(screen.view.filter == "id >= 10")
    #expect(screen.count == .exact(10))
    #expect(screen.selectedRecord?.record.key == RecordKey([.integer(11)]))
    #expect(screen.recordPosition() == "2/10")
    #expect(screen.held.values.allSatisfy { $0.record.values[0] != .integer(1) })
  }
}

extension RecordsFuzzRegressionTests {
  @Test("Keys the order of values ties (0 and 0.0, 1.5 as text, decimal and real) page once each")
  func tiedKeys() async throws {
    let keys: [CellValue] = [
      .integer(0), .decimal("0"), .real(0), .decimal("1.5"), .real(1.5), .integer(2),
      .decimal("0.0"),
    ]
    let records = keys.enumerated().map { [$1, .integer(Int64($0))] }
    let source = MemoryRecordSource(
      name: "tied", columns: ["key", "n"], records: records, keyColumns: [0])
    let ordered = try await source.page(after: nil, in: .all, limit: 20)
    #expect(Set(ordered.map(\.key)).count == keys.count)
    for pageSize in [1, 2, 3] {
      try await SourceChecks.check(
        source, records: ordered.map { PageRecord(values: $0.values, key: $0.key) },
        pageSize: pageSize)
    }
  }
}
