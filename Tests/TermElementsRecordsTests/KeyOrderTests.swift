import Testing

@testable import TermElementsRecords

/// A source whose key is no column says what its records come in order of, in the status
/// line, until the user sorts by a column.
@MainActor
@Suite("The order of records with no key column")
struct KeyOrderTests {
  @Test("The status line says what records with no key column are in order of")
  func statusLineSaysTheOrder() async throws {
    let records = (1...3).map { [CellValue.text("line \($0)")] }
    let source = AddressedSource(
      base: MemoryRecordSource(name: "events", columns: ["text"], records: records))
    let screen = try await RecordsScreen.open(source, pageSize: 5)
    await screen.waitUntilIdle()
    #expect(screen.statusText() == "events · 3 loaded · by row address (no key)")
    screen.sortByCursorColumn()
    await screen.waitUntilIdle()
    #expect(screen.statusText() == "events · 3 loaded · by text ▲")
  }
}

/// Records in memory that say they come in the order of their addresses.
struct AddressedSource: FullWrappingSource, RecordPresenting {
  let base: MemoryRecordSource

  var keyOrder: String? { "row address (no key)" }
}
