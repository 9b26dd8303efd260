import DataBrowserCore
import Foundation
import GRDB
import TermElements
import TermElementsRecords
import Testing

/// Values read from SQLite, as the records module types them.
@Suite("SQLite values")
struct SQLiteValueTests {
  /// NULL says NULL; a BLOB says its size; numbers and text are as stored.
  @Test("NULL, BLOB, numbers and text")
  func cells() {
    #expect(CellValue(DatabaseValue.null) == .null)
    #expect(CellValue(DatabaseValue.null).cellText == "NULL")
    #expect(CellValue(DatabaseValue.null).isNull)
    let blob = CellValue(Data(repeating: 0xAB, count: 1_234).databaseValue)
    #expect(blob.cellText == "<blob 1.2 KiB>")
    #expect(blob == .blob(Array(repeating: 0xAB, count: 1_234)))
    #expect(CellValue(42.databaseValue).cellText == "42")
    #expect(CellValue(2.5.databaseValue).cellText == "2.5")
    #expect(CellValue("NULL".databaseValue) == .text("NULL"))
    // Whole values go to the database and back unchanged.
    for value: CellValue in [
      .null, .integer(-7), .real(0.5), .text("é"), .blob([0, 255]), .blob([]),
    ] {
      #expect(CellValue(value.databaseValue) == value)
    }
  }
}
