import TermElements
import TermElementsRecords

/// The case of `F`: the frequency screen of a column, and Enter on one of its lines.
extension BrowsingCases {
  /// `F` on each column shows every distinct value once with the number of records that hold
  /// it (NULL apart from the text `NULL`), as counted here from the fixture's records, most
  /// frequent first (or ranges of a column of many numbers, each counting the records in it);
  /// Enter on the line of a sample value (hostile ones first) shows exactly the records that
  /// hold it, and `F` again then counts only those.
  public static let frequency = BrowsingCase(
    "frequency", "F counts the values of the column under the cursor, Enter filters by one"
  ) { session in
    guard session.fixture.source.support(for: .valueCounts).isAvailable else { return }
    var checkedColumns: Set<Int> = []
    for sample in session.valueSamples() {
      guard await session.select(sample.record, column: sample.column) else { return }
      let step = "F on \(session.describeValue(sample))"
      await session.press(.character("F"))
      guard let lines = await session.frequencyLines(step) else { return }
      if checkedColumns.insert(sample.column).inserted {
        session.checkCounts(lines, column: sample.column, step: step)
      }
      let value = session.fixture.value(sample.record, sample.column)
      guard let line = lines.firstIndex(where: { $0.holds(value) }) else {
        session.fail("\(step): a line for the value", found: "\(lines.map(\.text))")
        await session.press(.escape)
        continue
      }
      if line > 0 { await session.pressTogether(Array(repeating: .down, count: line)) }
      await session.press(.enter)
      if session.records?.source.name.hasSuffix(" values") == true {
        let filters = session.fixture.source.support(for: .filter).isAvailable
        session.expect(
          (!filters || isBlob(value) || hasJoinedQuote(value))
            && session.statusLineSays("Can't filter by this line"),
          "\(step): Enter to filter by \(lines[line].text)", found: "“\(session.statusLine)”")
        await session.press(.escape)
        continue
      }
      let expected = session.fixture.order(in: .all).filter { index in
        lines[line].holds(session.fixture.value(index, sample.column))
      }
      let shown = await session.everyRecordShown()
      session.expect(
        shown == expected,
        "\(step), Enter on \(lines[line].text): records \(expected.map { $0 + 1 }) by key, "
          + "with filter “\(session.records?.view.filter ?? "")”",
        found: "\(shown.map { $0 + 1 })")
      // Counted again through the filter, only the value (or the range) chosen is left.
      await session.press(.character("F"))
      if let again = await session.frequencyLines(step + ", F again") {
        let left = again.filter { $0.count > 0 }
        session.expect(
          again.map(\.count).reduce(0, +) == expected.count
            && (lines[line].upper == nil
              ? left.count == 1 : left.allSatisfy { lines[line].holds($0.value) }),
          "\(step), F again: \(expected.count) records of \(lines[line].text)",
          found: "\(again.map(\.text))")
        await session.press(.escape)
      }
      await session.press(.escape)
    }
  }
}

extension BrowsingSession {
  /// A line of the frequency screen: the value or the range it counts, and its count.
  struct FrequencyLine {
    /// The value, or the start of the range.
    let value: CellValue
    /// The end of the range (not in it), when the line is one.
    let upper: CellValue?
    /// The records counted.
    let count: Int

    /// The line, for a failure.
    var text: String {
      let what = upper.map { "\(value.cellText) – \($0.cellText)" } ?? String(reflecting: value)
      return "\(what): \(count)"
    }

    /// Whether the line counts a record holding `other`, as the fixture holds it: the same
    /// value (numbers by value), the start of a long one, or a number in the range.
    func holds(_ other: CellValue) -> Bool {
      guard let upper, !value.isNull else { return BrowsingSession.sameCounted(value, other) }
      guard !other.isNull else { return false }
      return !other.precedes(value) && other.precedes(upper)
    }
  }

  /// The lines of the frequency screen on top, in its order, read from its source; `nil`,
  /// with a failure, when the screen on top is not one.
  func frequencyLines(_ step: String) async -> [FrequencyLine]? {
    guard let screen = records, screen.source.name.hasSuffix(" values"),
      let page = try? await screen.source.page(after: nil, in: .all, limit: 1 << 20)
    else {
      fail("\(step): the frequency screen", found: "“\(statusLine)”")
      return nil
    }
    let histogram = screen.source.columns.count == 5
    return page.map { record in
      let values = record.values
      let count = values[histogram ? 2 : 1]
      guard case .integer(let number) = count else {
        return FrequencyLine(value: .null, upper: nil, count: -1)
      }
      let upper = histogram && !values[0].isNull ? values[1] : nil
      return FrequencyLine(value: values[0], upper: upper, count: Int(number))
    }
  }

  /// Checks `lines` against the counts of the fixture's records in `column`, worked out
  /// here: each value once with its count, most frequent first; ranges each with the records
  /// in it.
  func checkCounts(_ lines: [FrequencyLine], column: Int, step: String) {
    let values = fixture.order(in: .all).map { fixture.value($0, column) }
    let total = lines.map(\.count).reduce(0, +)
    expect(
      total == values.count, "\(step): the lines count \(values.count) records",
      found: "\(total) in \(lines.map(\.text))")
    for line in lines {
      let expected = values.filter { line.holds($0) }.count
      expect(
        line.count == expected, "\(step): \(line.text) counts \(expected) records",
        found: "\(line.count)")
    }
    if lines.allSatisfy({ $0.upper == nil }) {
      expect(
        zip(lines, lines.dropFirst()).allSatisfy { $0.count >= $1.count },
        "\(step): the most frequent first", found: "\(lines.map(\.text))")
      for value in values where !lines.contains(where: { $0.holds(value) }) {
        fail("\(step): a line for \(String(reflecting: value))", found: "\(lines.map(\.text))")
        break
      }
    }
  }

  /// Whether a value counted by the source, `counted`, is the value `held` as a page holds it:
  /// the same (numbers by value), or its start, when a page keeps only the start of a long
  /// text or BLOB.
  nonisolated static func sameCounted(_ counted: CellValue, _ held: CellValue) -> Bool {
    if BrowsingCases.sameValue(counted, held) { return true }
    switch (counted, held) {
    case (.blob(let size, let bytes), .blob(let heldSize, let prefix)):
      return size == heldSize && prefix.count < heldSize && bytes.starts(with: prefix)
    case (.text(let whole), .text(let start)):
      let (long, short) = whole.utf8.count >= start.utf8.count ? (whole, start) : (start, whole)
      return short.utf8.count >= 1_000 && long.hasPrefix(short)
    default:
      return false
    }
  }
}
