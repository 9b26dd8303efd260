import TermElements
import TermElementsRecords

/// The cases of moving through the records: the first screen, the keys that move, End, `:N`,
/// resizing, and paging through everything either way.
extension BrowsingCases {
  /// The first records from the top, the first selected, the position `1/N`; with no records,
  /// the line that says so.
  public static let firstScreen = BrowsingCase(
    "first screen", "the first records from the top, the first selected, at 1/N"
  ) { session in
    let order = session.fixture.order(in: .all)
    guard !order.isEmpty else {
      let name = session.fixture.source.name
      session.expect(
        session.lines.contains { $0.contains("No records in \(name)") },
        "opening: the line “No records in \(name)”")
      session.expect(
        session.statusLine.hasSuffix(" 0 records "),
        "opening: the status line to end with “ 0 records ”", found: "“\(session.statusLine)”")
      return
    }
    session.expectSelected(number: 1, of: order, after: "opening")
    session.expectShown(order, from: 0, after: "opening")
  }

  /// ↓, PgDn, End, Home, G, g and PgUp each select the record whose number the position shows.
  public static let moving = BrowsingCase(
    "moving", "↓ PgDn End Home G g PgUp select the record whose number the position shows"
  ) { session in
    let order = session.fixture.order(in: .all)
    guard !order.isEmpty else { return }
    let count = order.count
    await session.press(.down)
    session.expectSelected(number: min(2, count), of: order, after: "↓")
    await session.press(.pageDown)
    let paged = session.selectedNumber ?? 0
    session.expect(
      paged >= min(3, count) || paged == count, "PgDn: a record further down than 2",
      found: "record \(paged)")
    session.expectSelected(number: paged, of: order, after: "↓ PgDn")
    await session.press(.end)
    session.expectSelected(number: count, of: order, after: "End")
    await session.press(.pageUp)
    let up = session.selectedNumber ?? 0
    session.expect(
      up < count || count == 1, "End PgUp: a record further up than the last",
      found: "record \(up)")
    session.expectSelected(number: up, of: order, after: "End PgUp")
    await session.press(.home)
    session.expectSelected(number: 1, of: order, after: "Home")
    await session.press(.pageUp)
    session.expectSelected(number: 1, of: order, after: "Home PgUp")
    await session.press(.character("G"))
    session.expectSelected(number: count, of: order, after: "G")
    await session.press(.down)
    session.expectSelected(number: count, of: order, after: "G ↓")
    await session.press(.character("g"))
    session.expectSelected(number: 1, of: order, after: "g")
    session.expectShown(order, from: 0, after: "G g")
  }

  /// Keys that come in one read of the terminal, past the records held while pages are on
  /// their way, move as far as the same keys typed one by one: ↓ and ↑, End then ↑, PgDn and
  /// PgUp.
  public static let bursts = BrowsingCase(
    "bursts", "↓ ↑ PgDn PgUp and End ↑ in one read move as far as typed one by one"
  ) { session in
    let order = session.fixture.order(in: .all)
    let count = order.count
    guard count > 1 else { return }
    let downs = min(count - 1, 3 * session.fixture.pageSize + 7)
    await session.pressTogether(Array(repeating: .down, count: downs))
    session.expectSelected(number: 1 + downs, of: order, after: "\(downs) ↓ in one read")
    let ups = min(downs, 5)
    await session.pressTogether(
      Array(repeating: .down, count: 2) + Array(repeating: .up, count: ups + 2))
    // The two ↓ stop at the last record, where there is one.
    session.expectSelected(
      number: max(1, min(count, 3 + downs) - ups - 2), of: order,
      after: "\(downs) ↓, then 2 ↓ and \(ups + 2) ↑ in one read")
    // How far one PgDn from the first record goes, typed alone.
    await session.press(.home, .pageDown)
    let page = (session.selectedNumber ?? 1) - 1
    guard page > 0 else { return }
    await session.press(.home)
    await session.pressTogether(Array(repeating: .pageDown, count: 7))
    let down = min(count, 1 + 7 * page)
    session.expectSelected(number: down, of: order, after: "Home, then 7 PgDn in one read")
    await session.pressTogether(Array(repeating: .pageUp, count: 3))
    session.expectSelected(
      number: max(1, down - 3 * page), of: order, after: "7 PgDn, then 3 PgUp in one read")
  }

  /// End shows the last record, selected on the last line, at `N/N`; ↑ then selects the one
  /// before.
  public static let end = BrowsingCase(
    "End", "the last record on the last line, selected, at N/N"
  ) { session in
    let order = session.fixture.order(in: .all)
    guard let last = order.last else { return }
    await session.press(.end)
    session.expectSelected(number: order.count, of: order, after: "End")
    session.expect(
      session.shownRecords.last { !$0.isEmpty }?.contains(last) == true,
      "End: \(session.describe(last)) on the last line of records",
      found: "records \(session.shownRecordList.map { $0 + 1 }) by key")
    let shown = session.shownRecordList
    session.expectShown(order, from: order.count - shown.count, after: "End")
    guard order.count > 1 else { return }
    await session.press(.up)
    session.expectSelected(number: order.count - 1, of: order, after: "End ↑")
  }

  /// `:N` shows record N selected, for the first, one in the middle and the last; past the end
  /// it goes to the last, and text that is not a number is refused with a message.
  public static let jump = BrowsingCase(
    "jump", ":N selects record N; past the end the last; not a number says so"
  ) { session in
    let order = session.fixture.order(in: .all)
    guard !order.isEmpty, session.fixture.source.support(for: .jump).isAvailable else { return }
    let count = order.count
    for number in [count / 2 + 1, count, 1, max(1, count - 1), count + 7] {
      await session.press(.character(":"))
      await session.type(String(number))
      session.expectSelected(number: min(number, count), of: order, after: ":\(number)")
    }
    let selected = session.selectedRecord
    await session.press(.character(":"))
    await session.type("abc")
    session.expect(
      session.statusLineSays("Not a record number: abc"),
      ":abc: the status line to say “Not a record number: abc”",
      found: "“\(session.statusLine)”")
    session.expect(
      session.selectedRecord == selected,
      ":abc: the selection to stay on \(session.describe(selected))",
      found: session.describe(session.selectedRecord))
  }

  /// Resizing to no room at all, one cell, a few, and back keeps the same record selected; the
  /// screen at its size again shows it with its position.
  public static let resizing = BrowsingCase(
    "resizing", "0×0, 1×1, 5×3 and back keep the same record selected"
  ) { session in
    let order = session.fixture.order(in: .all)
    let (width, height) = (session.fixture.width, session.fixture.height)
    let number = min(order.count, 4)
    for _ in 0..<max(0, number - 1) { await session.press(.down) }
    let selected = session.selectedRecord
    let sizes = [(0, 0), (1, 1), (5, 3), (3, 5), (width, 1), (1, height), (2, 2), (width, height)]
    for (newWidth, newHeight) in sizes {
      await session.resize(width: newWidth, height: newHeight)
      session.expect(
        session.selectedRecord == selected,
        "at \(newWidth)×\(newHeight): \(session.describe(selected)) still selected",
        found: session.describe(session.selectedRecord))
    }
    guard number > 0 else { return }
    session.expectSelected(number: number, of: order, after: "resizing and back")
    await session.resize(width: 5, height: 3)
    await session.press(.down)
    await session.resize(width: width, height: height)
    session.expectSelected(number: min(number + 1, order.count), of: order, after: "↓ at 5×3")
  }

  /// ↓ from the first record to the last selects each in turn, numbered; PgDn from the top
  /// shows every record once, in order, with no gap between screens.
  public static let pagingForward = BrowsingCase(
    "paging forward", "↓ and PgDn from the top reach every record once, in order"
  ) { session in
    let order = session.fixture.order(in: .all)
    guard !order.isEmpty else { return }
    let failures = session.failures.count
    for number in 2...max(2, order.count) where number <= order.count {
      await session.press(.down)
      session.expectSelected(number: number, of: order, after: "↓ × \(number - 1)")
      // One failure says what is wrong; the rest would repeat it.
      guard session.failures.count == failures else { break }
    }
    await session.press(.character("g"))
    await session.expectPages(of: order, key: .pageDown, from: "g")
  }

  /// ↑ from the last record to the first selects each in turn, numbered; PgUp from End shows
  /// every record once, in order, with no gap between screens.
  public static let pagingBackward = BrowsingCase(
    "paging backward", "↑ and PgUp from End reach every record once, in order"
  ) { session in
    let order = session.fixture.order(in: .all)
    guard !order.isEmpty else { return }
    await session.press(.end)
    let failures = session.failures.count
    for number in stride(from: order.count - 1, through: 1, by: -1) {
      await session.press(.up)
      session.expectSelected(number: number, of: order, after: "End ↑ × \(order.count - number)")
      guard session.failures.count == failures else { break }
    }
    await session.press(.end)
    await session.expectPages(of: order, key: .pageUp, from: "End")
  }
}

extension BrowsingSession {
  /// The number of the selected record, as the status line's position says.
  public var selectedNumber: Int? {
    guard let position = statusLine.split(separator: " ").last,
      let slash = position.firstIndex(of: "/")
    else { return nil }
    return Int(position[..<slash].filter { $0 != "," })
  }

  /// Presses `key` (PgDn or PgUp) until the screen stops moving, and checks that the screens
  /// show runs of `order` with no gap between them, and together every record once.
  func expectPages(of order: [Int], key: Key, from start: String) async {
    let forward = key == .pageDown
    // The rank of each record in the order.
    var rank: [Int: Int] = [:]
    for (offset, index) in order.enumerated() { rank[index] = offset }
    var seen = Set<Int>()
    var previous: ClosedRange<Int>?
    for presses in 0...(order.count + 2) {
      let step = "\(start) then \(key.name) × \(presses)"
      let ranks = shownRecordList.compactMap { rank[$0] }
      guard let low = ranks.first, let high = ranks.last else {
        fail("\(step): records on screen", found: "none")
        return
      }
      let run = Array(low...max(low, high))
      guard ranks == run else {
        fail("\(step): records one after another in the order", found: "ranks \(ranks)")
        return
      }
      if let previous {
        let joins = forward ? low <= previous.upperBound + 1 : high >= previous.lowerBound - 1
        guard joins else {
          fail("\(step): no record skipped since \(previous)", found: "\(low)...\(high)")
          return
        }
      }
      previous = low...max(low, high)
      seen.formUnion(ranks)
      if forward ? high == order.count - 1 : low == 0 { break }
      await press(key)
    }
    expect(
      seen.count == order.count, "\(start) then \(key.name): every record on some screen",
      found: "\(seen.count) of \(order.count)")
  }
}
