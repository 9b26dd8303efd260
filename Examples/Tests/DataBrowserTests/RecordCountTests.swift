import DataBrowserCore
import TermElements
import TermElementsRecords
import Testing

/// A table opened without its row count is counted after the first frame, which says `?`
/// until the count arrives.
@MainActor
@Suite("Record count")
struct RecordCountTests {
  /// The first frame shows the first records and `?` for their total; the count follows.
  @Test("The records are counted after the first frame")
  func countedAfterFirstFrame() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 1_000))
    let browser = try await Browser.open(
      SQLiteCatalog(database: database), table: "items", pageSize: 50)
    let records = try #require(browser.records)
    var screen = Screen(width: 80, height: 24)
    browser.stack.render(into: &screen)
    #expect(records.total == nil)
    #expect(screen.lines.last?.hasSuffix(" 1/? ") == true, "\(screen.lines)")
    await settle(browser)
    browser.stack.render(into: &screen)
    #expect(records.total == 1_000)
    #expect(screen.lines.last?.hasSuffix(" 1/1,000 ") == true, "\(screen.lines)")
  }

  /// A filter set before the count arrives keeps its own count: the count of every record
  /// does not replace it.
  @Test("A filter set before the count keeps its own")
  func filterBeforeCount() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 1_000))
    let browser = try await Browser.open(
      SQLiteCatalog(database: database), table: "items", pageSize: 50)
    let records = try #require(browser.records)
    records.filter("id > 990")
    await settle(browser)
    #expect(records.total == 10)
    var screen = Screen(width: 80, height: 24)
    browser.stack.render(into: &screen)
    #expect(screen.lines.last?.hasSuffix(" 1/10 ") == true, "\(screen.lines)")
  }

  /// Told the row count, as from the list of tables, the screen shows it at once.
  @Test("A known count is shown at once")
  func knownCount() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let database = try BrowserDatabase.open(path: fixture.standard(count: 1_000))
    let items = try SQLiteRecordSource(database: database, table: "items")
    let records = try await RecordsScreen.open(items, count: .exact(1_000), pageSize: 50)
    #expect(records.total == 1_000)
  }
}
