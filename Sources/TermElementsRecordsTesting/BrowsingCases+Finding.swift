import TermElements
import TermElementsRecords

/// The cases of finding and looking: search, sort, the column cursor, the detail and help
/// screens, and the keys of what a source cannot do.
extension BrowsingCases {
  /// `/text` selects the next record containing the text by `SearchText`'s rule, `n` and `N`
  /// the next and previous ones, and the status line says when there is none.
  public static let search = BrowsingCase(
    "search", "/text, n and N select the next and previous matches; none says not found"
  ) { session in
    let source = session.fixture.source
    let order = session.fixture.order(in: .all)
    guard !order.isEmpty, source.support(for: .search).isAvailable else { return }
    let numbered = source.support(for: .jump).isAvailable
    for needle in session.fixture.searchNeedles {
      let text = SearchText(needle)
      let matches = order.indices.filter {
        text.matches(any: session.fixture.records[order[$0]].values)
      }
      await session.press(.character("g"))
      var rank = 0
      var step = "g /\(needle)"
      await session.press(.character("/"))
      await session.type(needle)
      for key in ["", "n", "n", "N", "N", "N", "n"] {
        if let key = key.first {
          step += " \(key)"
          await session.press(.character(key))
        }
        let forward = key != "N"
        let next = forward ? matches.first { $0 > rank } : matches.last { $0 < rank }
        if let next {
          session.expectSelected(number: next + 1, of: order, after: step, numbered: numbered)
          rank = next
        } else {
          session.expectNotFound(needle, forward: forward, staying: order[rank], after: step)
        }
      }
    }
    // Text that no record holds.
    let nothing = "zq☃xj"
    guard
      !session.fixture.records.contains(where: { SearchText(nothing).matches(any: $0.values) })
    else { return }
    await session.press(.character("g"), .character("/"))
    await session.type(nothing)
    session.expect(
      session.statusLineSays("“\(nothing)” not found"),
      "g /\(nothing): the status line to say “\(nothing)” not found",
      found: "“\(session.statusLine)”")
    session.expectSelected(number: 1, of: order, after: "g /\(nothing)")
  }

  /// With a column hidden by `-`, `/text` and `n` go through every record, first to last,
  /// that holds the text in a column shown, and `N` back from the last: a record that holds it
  /// only in the hidden column is passed over, and the status line says when there is no
  /// other match.
  public static let searchShownColumns = BrowsingCase(
    "search shown columns",
    "with a column hidden by -, /text, n and N find matches in the columns shown only"
  ) { session in
    let source = session.fixture.source
    let order = session.fixture.order(in: .all)
    guard !order.isEmpty, source.support(for: .search).isAvailable else { return }
    // The first column in the cursor's way, not a key's, with a text that a record holds in it
    // alone and another record in another column; else one with a text held in it alone.
    let columns = ColumnViewport.order(columns: source.columns.count, keys: source.keyColumns)
    guard columns.count > 1 else { return }
    let candidates = columns.indices.filter { !source.keyColumns.contains(columns[$0]) }
      .compactMap { offset in session.fixture.needle(onlyIn: columns[offset]).map { (offset, $0) } }
    guard
      let (offset, (needle, _)) = candidates.first(where: { $0.1.isElsewhere })
        ?? candidates.first
    else { return }
    let hidden = columns[offset]
    let shown = Set(source.columns.indices).subtracting([hidden])
    for _ in 0..<offset { await session.press(.right) }
    await session.press(.character("-"))
    let hiding = "→ × \(offset) -"
    session.expect(
      session.records?.columns.hidden == [hidden],
      "\(hiding): column \(hidden + 1) hidden",
      found: "\(session.records?.columns.hidden.sorted().map { $0 + 1 } ?? [])")
    let text = SearchText(needle)
    let matches = order.indices.filter {
      text.matches(any: session.fixture.records[order[$0]].values, in: shown)
    }
    let numbered = source.support(for: .jump).isAvailable
    for forward in [true, false] {
      await session.press(.character(forward ? "g" : "G"))
      var rank = forward ? 0 : order.count - 1
      var step = "\(hiding) \(forward ? "g" : "G")"
      for hop in 0...matches.count {
        let failures = session.failures.count
        if forward && hop == 0 {
          step += " /\(needle)"
          await session.press(.character("/"))
          await session.type(needle)
        } else {
          step += forward ? " n" : " N"
          await session.press(.character(forward ? "n" : "N"))
        }
        guard
          let next = forward
            ? matches.first(where: { $0 > rank }) : matches.last(where: { $0 < rank })
        else {
          session.expectNotFound(needle, forward: forward, staying: order[rank], after: step)
          break
        }
        session.expectSelected(number: next + 1, of: order, after: step, numbered: numbered)
        rank = next
        // One wrong hop puts every later one off: the first failure says enough.
        guard session.failures.count == failures else { return }
      }
    }
  }

  /// `s` sorts by the column under the cursor, ascending, then descending, for every column:
  /// the first records, the last at End, and the mark in the header agree with the records
  /// sorted by `CellValue.precedes(_:)`, ties in the key's order.
  public static let sort = BrowsingCase(
    "sort", "s sorts by the column under the cursor both ways; End reaches the last"
  ) { session in
    let source = session.fixture.source
    guard !session.fixture.records.isEmpty, source.support(for: .sort).isAvailable else { return }
    let columns = ColumnViewport.order(columns: source.columns.count, keys: source.keyColumns)
    for (offset, column) in columns.enumerated() {
      if offset > 0 { await session.press(.right) }
      let name = source.columns[column].name
      for descending in [false, true] {
        let order = session.fixture.order(
          in: RecordView(order: RecordOrder(column: column, descending: descending)))
        let mark = descending ? "▼" : "▲"
        let step = "→ × \(offset) s\(descending ? " s" : "") (\(String(reflecting: name)) \(mark))"
        await session.press(.character("s"))
        session.expectSelected(number: 1, of: order, after: step)
        session.expectShown(order, from: 0, after: step)
        session.expect(
          session.lines.count > 1 && session.lines[1].contains(mark),
          "\(step): \(mark) in the header")
        // The status line says the order when it has room for it.
        if BrowsingSession.isPlain(name), name.count <= 16, session.screen.width >= 60 {
          session.expect(
            session.statusLine.contains("by \(name) \(mark)"),
            "\(step): the status line to say “by \(name) \(mark)”",
            found: "“\(session.statusLine)”")
        }
        await session.press(.end)
        session.expectSelected(number: order.count, of: order, after: "\(step) End")
      }
    }
  }

  /// ← and → move the column cursor through the key columns, then the others, stopping at
  /// either end; the header shows the cursor's column underlined; ← on the first column stays
  /// on the records.
  public static let columnCursor = BrowsingCase(
    "column cursor", "← → move the column cursor, which the header shows"
  ) { session in
    let source = session.fixture.source
    let columns = ColumnViewport.order(columns: source.columns.count, keys: source.keyColumns)
    guard !columns.isEmpty else { return }
    session.expectCursor(on: columns[0], after: "opening")
    for steps in 1...columns.count {
      await session.press(.right)
      session.expectCursor(on: columns[min(steps, columns.count - 1)], after: "→ × \(steps)")
    }
    for steps in 1...columns.count {
      await session.press(.left)
      session.expectCursor(
        on: columns[max(0, columns.count - 1 - steps)],
        after: "→ × \(columns.count) ← × \(steps)")
    }
    session.expect(
      session.browser.mode == .records, "← on the first column: still the records",
      found: "\(session.browser.mode)")
  }

  /// Enter on a record opens its detail, which shows every column's name and the record's
  /// values; Esc goes back to the records as they were, the same record selected.
  public static let detail = BrowsingCase(
    "detail", "Enter shows every column of the record; Esc goes back to it"
  ) { session in
    let order = session.fixture.order(in: .all)
    guard !order.isEmpty else { return }
    let number = min(order.count, 3)
    for _ in 1..<number { await session.press(.down) }
    let before = session.lines
    let selected = order[number - 1]
    await session.press(.enter)
    session.expect(
      session.browser.mode == .detail, "Enter: the detail screen",
      found: "\(session.browser.mode)")
    // Every line of the record, paging down until the screen stops moving.
    var seen = session.lines
    var last: [String] = []
    for _ in 0..<200 where session.lines != last {
      last = session.lines
      await session.press(.pageDown)
      seen += session.lines
    }
    let source = session.fixture.source
    for column in source.columns where BrowsingSession.isPlain(column.name) {
      let name = String(column.name.prefix(12))
      session.expect(
        seen.contains { $0.hasPrefix(" " + name) },
        "Enter: the column name \(String(reflecting: name)) at the start of a line")
    }
    for value in session.fixture.records[selected].values {
      guard case .text(let text) = value, BrowsingSession.isPlain(text), text.count <= 20
      else { continue }
      session.expect(
        seen.contains { $0.contains(text) }, "Enter: the value \(String(reflecting: text))")
    }
    await session.press(.escape)
    session.expect(
      session.browser.mode == .records, "Enter Esc: the records",
      found: "\(session.browser.mode)")
    session.expect(
      session.selectedRecord == selected, "Enter Esc: \(session.describe(selected)) selected",
      found: session.describe(session.selectedRecord))
    session.expect(
      session.lines == before, "Enter Esc: the screen as it was before Enter",
      found: "another screen")
  }

  /// `?` lists the keys of the records screen; Esc goes back to the same record.
  public static let help = BrowsingCase(
    "help", "? lists the keys of the records screen; Esc goes back"
  ) { session in
    let selected = session.selectedRecord
    await session.resize(width: 100, height: 40)
    await session.press(.character("?"))
    session.expect(
      session.browser.stack.top.title == "Keys", "?: the screen of keys",
      found: "the screen “\(session.browser.stack.top.title)”")
    for words in [
      "Go to the first record", "Go to the last record", "Go to record number N",
      "Search the text columns", "Next match", "Previous match",
      "Sort by the column under the cursor", "Filter", "Move to the column on the right",
      "Move to the column on the left", "Back to the previous screen",
    ] {
      session.expect(session.lines.contains { $0.contains(words) }, "?: a line “\(words)”")
    }
    await session.press(.escape)
    await session.resize(width: session.fixture.width, height: session.fixture.height)
    session.expect(
      session.browser.mode == .records, "? Esc: the records", found: "\(session.browser.mode)")
    session.expect(
      session.selectedRecord == selected, "? Esc: \(session.describe(selected)) selected",
      found: session.describe(session.selectedRecord))
  }

  /// The key of each feature the source says is unavailable (s, f, /, :) says so, with the
  /// source's reason, and changes nothing.
  public static let unavailable = BrowsingCase(
    "unavailable features", "s f / : say why when the source cannot sort, filter, search, jump"
  ) { session in
    let source = session.fixture.source
    let keys: [(RecordFeature, Character)] = [
      (.sort, "s"), (.filter, "f"), (.search, "/"), (.jump, ":"),
    ]
    for (feature, key) in keys {
      guard case .unavailable(let reason) = source.support(for: feature) else { continue }
      let selected = session.selectedRecord
      let lines = session.lines
      await session.press(.character(key))
      let said = "No \(feature) here: \(reason)"
      session.expect(
        session.statusLineSays(said),
        "\(key): the status line to say “\(said)”", found: "“\(session.statusLine)”")
      session.expect(
        session.records?.prompt == nil, "\(key): no line to type on", found: "a prompt")
      session.expect(
        session.selectedRecord == selected && session.lines.dropLast() == lines.dropLast(),
        "\(key): the records as they were")
      // Whatever was started, Esc ends it.
      if session.records?.prompt != nil { await session.press(.escape) }
      await session.press(.character("n"))
    }
  }
}

extension BrowsingSession {
  /// Whether `text` is drawn as it is: printable ASCII only.
  static func isPlain(_ text: String) -> Bool {
    !text.isEmpty && text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
  }

  /// The text of the header under the cursor (the cells drawn underlined), without the
  /// blanks around it; `nil` when no cell is.
  var cursorHeaderText: String? {
    guard screen.height > 1 else { return nil }
    let underlined = (0..<screen.width).filter {
      screen.style(atX: $0, y: 1).attributes.contains(.underline)
    }
    guard let first = underlined.first, let last = underlined.last else { return nil }
    let line = Array(screen.line(1))
    // With wide characters, columns are not characters: the text is not read.
    guard line.count == screen.width else { return "" }
    return String(line[first...last]).trimmingBlanks
  }

  /// Checks that the status line says `needle` was not found going `forward` (or back), and
  /// that the selection stayed on `record` (its index in the fixture).
  func expectNotFound(
    _ needle: String, forward: Bool, staying record: Int, after step: String
  ) {
    let said = "“\(needle)” not found" + (forward ? " after this record" : " before it")
    expect(
      statusLineSays(said), "\(step): the status line to say \(said)",
      found: "“\(statusLine)”")
    expect(
      selectedRecord == record, "\(step): the selection to stay on \(describe(record))",
      found: describe(selectedRecord))
  }

  /// Checks that the cursor is on `column`, and that the header shows it so.
  func expectCursor(on column: Int, after step: String) {
    let cursor = records?.columns.cursor
    expect(
      cursor == column, "\(step): the cursor on column \(column + 1)",
      found: "\(cursor.map { "column \($0 + 1)" } ?? "none")")
    guard let shown = cursorHeaderText else {
      fail("\(step): the header of the cursor's column underlined", found: "none")
      return
    }
    let name = fixture.source.columns[column].name
    guard Self.isPlain(name), !shown.isEmpty else { return }
    var text = Substring(shown)
    for suffix in [" ▲", " ▼"] where text.hasSuffix(suffix) { text = text.dropLast(2) }
    if text.hasSuffix("…") { text = text.dropLast() }
    expect(
      !text.isEmpty && name.hasPrefix(text),
      "\(step): the header of \(String(reflecting: name)) underlined",
      found: String(reflecting: shown))
  }
}

extension String {
  /// The string without spaces at either end.
  var trimmingBlanks: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
