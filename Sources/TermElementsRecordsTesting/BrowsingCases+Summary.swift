import Foundation
import TermElements
import TermElementsRecords

/// The case of `I`: the summary of the columns, checked against counts made from the fixture's
/// records.
extension BrowsingCases {
  /// `I` shows one line per column shown, and each column's summary agrees with the
  /// fixture's records: values, NULLs (a NULL, never the text `NULL`), distinct values where
  /// the source says the count is exact, the kinds of values, and for a column of numbers the
  /// least, the greatest and the mean; then the same through a filter `=` made, and with a
  /// column hidden, which the summary leaves out. Esc goes back to the records.
  public static let summary = BrowsingCase(
    "summary", "I sums up each column shown, through the filter"
  ) { session in
    let source = session.fixture.source
    guard source.support(for: .summary).isAvailable else {
      await session.press(.character("I"))
      session.expect(
        session.statusLineSays("No summary of the columns here"),
        "I: the status line to say why there is no summary", found: session.statusLine)
      return
    }
    let all = session.fixture.order(in: .all)
    await session.checkSummary(
      of: all, columns: Array(source.columns.indices), step: "I on every record")
    // Through a filter: `=` on the first plain value of a column that is not the key's.
    let keys = Set(source.keyColumns)
    let sample = session.valueSamples().first { sample in
      let value = session.fixture.value(sample.record, sample.column)
      return !keys.contains(sample.column) && !BrowsingSession.isHostile(value) && !value.isNull
    }
    if let sample, source.support(for: .filter).isAvailable,
      await session.select(sample.record, column: sample.column)
    {
      await session.press(.character("="))
      let value = session.fixture.value(sample.record, sample.column)
      let kept = all.filter { sameValue(session.fixture.value($0, sample.column), value) }
      await session.checkSummary(
        of: kept, columns: Array(source.columns.indices),
        step: "I through the filter “\(session.records?.view.filter ?? "")”")
      await session.press(.escape)
    }
    // With a column hidden: the first that is not a key column.
    let cursorOrder = ColumnViewport.order(columns: source.columns.count, keys: source.keyColumns)
    if let hidden = cursorOrder.first(where: { !keys.contains($0) }), source.columns.count > 1,
      let first = all.first, await session.select(first, column: hidden)
    {
      await session.press(.character("-"))
      await session.checkSummary(
        of: all, columns: source.columns.indices.filter { $0 != hidden },
        step: "I with \(source.columns[hidden].name) hidden")
      await session.press(.character("+"))
    }
  }
}

extension BrowsingSession {
  /// Presses `I`, checks the summary of `columns` over the fixture's records `indexes`, then
  /// presses Esc and checks the records are back.
  func checkSummary(of indexes: [Int], columns: [Int], step: String) async {
    await press(.character("I"))
    guard let screen = browser.stack.top as? SummaryScreen else {
      fail("\(step): the summary screen", found: statusLine)
      return
    }
    expect(
      screen.columns == columns, "\(step): lines of columns \(columns.map { $0 + 1 })",
      found: "\(screen.columns.map { $0 + 1 })")
    let names = fixture.source.columns
    for (line, column) in screen.columns.enumerated() {
      // The lines the screen shows, between the header and the status line.
      let shown = line + 3 < lines.count ? lines[line + 2] : nil
      let name = String(names[column].name.prefix(6))
      let start = String((shown ?? "").dropFirst().prefix(name.count))
      // A name with what a terminal cannot show is drawn otherwise; others show as they are.
      if let shown, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " }) {
        expect(start == name, "\(step): line \(line + 1) names \(name)", found: shown)
      }
      guard line < screen.summaries.count, let found = screen.summaries[line] else {
        fail("\(step): the summary of \(names[column].name)", found: statusLine)
        continue
      }
      let values = indexes.map { fixture.value($0, column) }
      checkSummary(found, of: values, step: "\(step), \(names[column].name)")
    }
    await press(.escape)
    expect(
      browser.stack.top is RecordsScreen, "\(step): Esc goes back to the records",
      found: "\(Swift.type(of: browser.stack.top))")
  }

  /// Checks `found` against `values`, counted here.
  func checkSummary(_ found: ColumnSummary, of values: [CellValue], step: String) {
    let present = values.filter { !$0.isNull }
    expect(
      found.values == present.count && found.nulls == values.count - present.count,
      "\(step): \(present.count) values and \(values.count - present.count) NULLs",
      found: "\(found.values) values and \(found.nulls) NULLs")
    if case .exact(let distinct) = found.distinct {
      // Numbers equal by value count once, as SQL counts them.
      var seen: [CellValue] = []
      for value in present where !seen.contains(where: { BrowsingCases.sameValue($0, value) }) {
        seen.append(value)
      }
      expect(
        distinct == seen.count, "\(step): \(seen.count) distinct values", found: "\(distinct)")
    }
    let kinds = Set(present.map { ColumnSummary.kind(of: $0) ?? "null" })
    expect(
      Set(found.kinds) == kinds, "\(step): kinds \(kinds.sorted())",
      found: "\(found.kinds)")
    let numbers = present.compactMap(BrowsingCases.number)
    guard !numbers.isEmpty, numbers.count == present.count else { return }
    let least = found.minimum.flatMap(BrowsingCases.number)
    let greatest = found.maximum.flatMap(BrowsingCases.number)
    expect(
      least == numbers.min() && greatest == numbers.max(),
      "\(step): from \(numbers.min() ?? 0) to \(numbers.max() ?? 0)",
      found: "\(String(describing: found.minimum)) to \(String(describing: found.maximum))")
    let mean = numbers.reduce(0, +) / Double(numbers.count)
    expect(
      found.mean.map { abs($0 - mean) <= 1e-9 * max(1, abs(mean)) } ?? false,
      "\(step): mean \(mean)", found: "\(String(describing: found.mean))")
  }
}
