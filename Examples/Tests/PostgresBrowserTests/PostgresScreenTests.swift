import DataBrowserPostgres
import TermElements
import TermElementsRecords
import Testing

/// The browser's screens on PostgreSQL, headless: what the user sees.
@MainActor
@Suite("PostgreSQL screens")
struct PostgresScreenTests {
  /// The lines of `browser`'s screen, `width` by `height`, once idle.
  static func lines(_ browser: Browser, width: Int = 60, height: Int = 8) async -> [String] {
    await browser.waitUntilIdle()
    var screen = Screen(width: width, height: height)
    browser.stack.render(into: &screen)
    return screen.lines
  }

  @Test("The list shows estimates; c counts the selected table exactly")
  func exactCountOnRequest() async throws {
    let settings = try await Database.kinds.settings()
    let link = PostgresLink(settings: settings)
    defer { Task { await link.close() } }
    let browser = try await Browser.open(PostgresCatalog(link: link))
    let before = await Self.lines(browser, height: 24)
    let numbers = try #require(before.first { $0.contains("public.numbers") })
    #expect(numbers.contains("~200,000"))
    #expect(before.last?.contains("c counts exactly") == true)
    // Down to public.numbers, then c.
    let row = try #require(before.firstIndex(of: numbers))
    for _ in 0..<(row - 2) { browser.stack.handle(.key(.down)) }
    browser.stack.handle(.key(.character("c")))
    let after = await Self.lines(browser, height: 24)
    #expect(after[row].contains("public.numbers"))
    #expect(after[row].contains(" 200,000"))
    #expect(!after[row].contains("~"))
  }

  @Test("A table with no key says what it is in order of; a view can't be sorted, and says why")
  func noKey() async throws {
    let settings = try await Database.kinds.settings()
    let link = PostgresLink(settings: settings)
    defer { Task { await link.close() } }
    let catalog = PostgresCatalog(link: link)
    let totals = try await Browser.open(catalog, table: "shop.totals", pageSize: 20)
    let lines = await Self.lines(totals, width: 70)
    #expect(lines.last?.contains("shop.totals · 13 loaded · by row address (no key)") == true)
    let view = try await Browser.open(catalog, table: "shop.big_orders", pageSize: 20)
    view.stack.handle(.key(.character("s")))
    let sorted = await Self.lines(view, width: 90)
    #expect(
      sorted.last?.contains(
        "No sorting here: a view with no key pages by its place in the order of whole rows")
        == true, "\(sorted.last ?? "")")
  }

  @Test("A view with no key still counts its values (F needs no key), every record once")
  func viewCounts() async throws {
    let settings = try await Database.kinds.settings()
    let link = PostgresLink(settings: settings)
    defer { Task { await link.close() } }
    let source = try await PostgresCatalog(link: link).source(named: "shop.big_orders")
    #expect(source.support(for: .valueCounts).isAvailable)
    let counting = try #require(source as? any RecordValueCounting)
    let records = try #require(try await source.count(in: .all).exactValue)
    for column in source.columns.indices {
      let counts = try await counting.valueCounts(ofColumn: column, in: .all, limit: 1_000)
      #expect(counts.records == records && counts.isComplete)
      #expect(counts.entries.map(\.count).reduce(0, +) == records)
    }
  }
}
