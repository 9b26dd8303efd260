import Foundation
import TermElementsRecords
import Testing

// The examples of the doc comments of TermElementsRecords, compiled and run here line for
// line; `DocExampleCoverageTests`, in TermElementsTests, keeps the two in step.

@Suite("Doc comment examples of TermElementsRecords")
struct RecordsDocExampleTests {
  @Test("Values: cells, their order, counts, keys and search")
  func values() {
    // Doc: CellValue (CellValue.swift)
    let row: [CellValue] = [.integer(17), .text("Ada"), .decimal("1204.50"), .null]
    let cells = row.map(\.cellText)  // ["17", "Ada", "1204.50", "NULL"]
    // END
    #expect(cells == ["17", "Ada", "1204.50", "NULL"])
    // Doc: CellValue.precedes(_:) (CellValue+Order.swift)
    let nullFirst = CellValue.null.precedes(.integer(0))  // true
    let byValue = CellValue.decimal("2.5").precedes(.integer(3))  // true
    // END
    #expect(nullFirst && byValue)
    // Doc: RecordCount (RecordCount.swift)
    let about = RecordCount.estimated(1_200_000).text  // "~1,200,000"
    // END
    #expect(about == "~1,200,000")
    // Doc: SearchText (SearchText.swift)
    let search = SearchText("müller")
    let found = search.matches(.text("Jürgen MÜLLER"))  // true
    let number = search.matches(.integer(42))  // false
    // END
    #expect(found && !number)
    // Doc: RecordColumn, RecordKey, RecordOrder, RecordView, PageRecord, FeatureSupport
    let columns = [RecordColumn("id"), RecordColumn("name")]
    let key = RecordKey([.integer(17)])
    let byCity = RecordOrder(column: 3, descending: true)
    let view = RecordView(order: RecordOrder(column: 1), filter: "city = 'Lagos'")
    let record = PageRecord(values: [.integer(1), .text("Ada")], key: RecordKey([.integer(1)]))
    let support = FeatureSupport.unavailable("a log has no columns to sort by")
    // END
    #expect(columns.count == 2 && key.values.count == 1 && byCity.descending)
    #expect(view.filter != nil && record.position.sortValue == nil && !support.isAvailable)
  }

  @Test("A source and a catalog of records in memory")
  func sources() async throws {
    // Doc: RecordSource (RecordSource.swift)
    let people = MemoryRecordSource(
      name: "people", columns: ["id", "name"],
      records: [[.integer(1), .text("Ada")], [.integer(2), .text("Grace")]], keyColumns: [0])
    let first = try await people.page(after: nil, in: .all, limit: 50)
    // END
    #expect(first.count == 2)
    let cities = MemoryRecordSource(name: "cities", columns: ["name"], records: [])
    // Doc: RecordCatalog (RecordCatalog.swift), MemoryCatalog (MemoryCatalog.swift)
    let catalog = MemoryCatalog([people, cities])
    let names = try await catalog.sheets().map(\.name)
    // END
    #expect(names == ["people", "cities"])
    #expect(try await byCityExample() == [.text("London"), .null].reversed())
    #expect(try encodableExample().columns.map(\.name) == ["id", "name"])
  }

  /// The `MemoryRecordSource` example: records by city.
  func byCityExample() async throws -> [CellValue] {
    // Doc: MemoryRecordSource (MemoryRecordSource.swift)
    let people = MemoryRecordSource(
      name: "people", columns: ["id", "name", "city"],
      records: [
        [.integer(1), .text("Ada"), .text("London")],
        [.integer(2), .text("Grace"), .null],
      ],
      keyColumns: [0])
    let byCity = RecordView(order: RecordOrder(column: 2))
    let first = try await people.page(after: nil, in: byCity, limit: 10)
    // END
    return first.map { $0.values[2] }
  }

  /// The `MemoryRecordSource(name:items:key:)` example.
  func encodableExample() throws -> MemoryRecordSource {
    // Doc: MemoryRecordSource.init(name:items:key:) (MemoryRecordSource+Encodable.swift)
    struct Person: Encodable {
      let id: Int
      let name: String
    }
    let people = try MemoryRecordSource(
      name: "people", items: [Person(id: 1, name: "Ada")], key: "id")
    // END
    return people
  }
}
