import DataBrowserCore
import Foundation
import TermElements
import TermElementsRecords
import Testing

/// Keys that arrive while a sort or a filter is still being applied (issue 18, item 2): each
/// one either waits for it or replaces it with what the user asked for on top of it, and the
/// position is counted once the filter's result is known.
@MainActor
@Suite("Keys during a query")
struct QueryChangeTests {
  /// The screen's lines without their trailing spaces.
  static func text(_ screen: Screen) -> [String] {
    screen.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  /// Hands `keys` to the browser one after the other, without letting any work run between
  /// them, as keys typed ahead arrive.
  static func typeAhead(_ keys: [Key], _ browser: Browser) {
    for key in keys { browser.stack.handle(.key(key)) }
  }

  /// The keys that type `text` after `f` and take it with Enter.
  static func filterKeys(_ text: String) -> [Key] {
    [.character("f")] + text.map { Key.character($0) } + [.enter]
  }

  /// `s` twice, typed before the filter has read anything: the filter stays, and the records
  /// come back filtered in descending order.
  @Test("s typed ahead of a filter sorts the filtered records")
  func sortTypedAheadOfFilter() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen, _) = try await RecordFindingTests.browser(fixture, count: 100)
    Self.typeAhead(Self.filterKeys("id % 3 = 0") + [.character("s"), .character("s")], browser)
    await RecordFindingTests.frame(browser, &screen)
    #expect(
      Self.text(screen) == [
        " items where id % 3 = 0",
        " id ▼ │ label   │ price      │ data",
        "   99 │ item 99 │      24.75 │ NULL",
        "   96 │ item 96 │      24.00 │ NULL",
        "   93 │ item 93 │      23.25 │ NULL",
        "   90 │ NULL    │      22.50 │ NULL",
        "   87 │ item 87 │      21.75 │ NULL",
        "   84 │ item 84 │      21.00 │ <blob 1.3 KiB>",
        "   81 │ item 81 │      20.25 │ NULL",
        "   78 │ item 78 │      19.50 │ NULL",
        "   75 │ item 75 │      18.75 │ NULL",
        " items · 33 loaded · by id ▼                           1/33",
      ], "\(screen.lines)")
  }

  /// A jump typed ahead of a filter waits for it and goes to the record of that number among
  /// the filtered records.
  @Test(":N typed ahead of a filter goes to record N of the filtered records")
  func jumpTypedAheadOfFilter() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen, _) = try await RecordFindingTests.browser(fixture, count: 100)
    Self.typeAhead(
      Self.filterKeys("id % 3 = 0") + [.character(":"), .character("5"), .enter], browser)
    await RecordFindingTests.frame(browser, &screen)
    #expect(Self.text(screen)[0] == " items where id % 3 = 0")
    #expect(RecordFindingTests.selectedID(browser) == 15)
    #expect(Self.text(screen).last?.hasSuffix(" 5/33") == true, "\(screen.lines)")
  }

  /// `s` pressed once the filter's first page is shown but while its records are still being
  /// counted: the sort keeps the filter, and the records are counted all the same.
  @Test("s while a filter's records are counted still counts them")
  func sortWhileCounting() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var (browser, screen, _) = try await RecordFindingTests.browser(fixture, count: 6_000)
    let records = try #require(browser.records)
    // The count reads every record, each making and rewriting 50,000 characters: it takes a
    // while after the first page, which needs only a few.
    let filter =
      "id % 2 = 0 AND length(replace(printf('%.*c', 50000, 'x'), 'x', 'xy')) > 0"
    Self.typeAhead(Self.filterKeys(filter), browser)
    while records.view.filter == nil, records.message == nil { await Task.yield() }
    #expect(records.message == nil)
    // Before the count is known, s; (were the count done already, the sort keeps it.)
    Self.typeAhead([.character("s"), .character("s")], browser)
    await RecordFindingTests.frame(browser, &screen)
    #expect(records.view.filter == filter)
    #expect(records.view.order == TermElementsRecords.RecordOrder(column: 0, descending: true))
    #expect(RecordFindingTests.selectedID(browser) == 6_000)
    #expect(Self.text(screen).last?.hasSuffix(" 1/3,000") == true, "\(screen.lines)")
  }
}
