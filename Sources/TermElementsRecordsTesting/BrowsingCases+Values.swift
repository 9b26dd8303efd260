import TermElements
import TermElementsRecords

/// The cases of the keys that act on the value under the cursor: `=` and `!`, `y` and `Y`.
extension BrowsingCases {
  /// `=` on a value keeps exactly the records whose column holds that value (numbers equal by
  /// value, NULL by `IS NULL`), and `!` exactly the others but NULLs, for values of every
  /// column: the hostile ones first (quotes, backslashes, line breaks, empty text, the text
  /// `NULL`, NULL); Esc clears the filter. A value the source's filter cannot write (a BLOB,
  /// or text with a quote joined to a combining mark) leaves the filter as it was and the
  /// status line says why.
  public static let filterByValue = BrowsingCase(
    "filter by value", "= keeps the records with the value under the cursor, ! the others"
  ) { session in
    guard session.fixture.source.support(for: .filter).isAvailable else { return }
    for sample in session.valueSamples() {
      for negated in [false, true] {
        guard await session.select(sample.record, column: sample.column) else { return }
        let key = negated ? "!" : "="
        let step = "\(key) on \(session.describeValue(sample))"
        await session.press(.character(negated ? "!" : "="))
        let value = session.fixture.value(sample.record, sample.column)
        if session.records?.view.filter == nil {
          session.expect(
            (isBlob(value) || hasJoinedQuote(value))
              && session.statusLineSays("Can't filter by this value"),
            "\(step): the records filtered", found: "no filter; “\(session.statusLine)”")
          continue
        }
        let expected = session.fixture.order(in: .all).filter { index in
          let other = session.fixture.value(index, sample.column)
          return negated
            ? !other.isNull && !sameValue(other, value) : sameValue(other, value)
        }
        let shown = await session.everyRecordShown()
        session.expect(
          shown == expected,
          "\(step): records \(expected.map { $0 + 1 }) by key, with filter "
            + "“\(session.records?.view.filter ?? "")”",
          found: "\(shown.map { $0 + 1 })")
        await session.press(.escape)
      }
    }
  }

  /// Whether `a` and `b` are the same value as `=` finds it: numbers by value, others alike.
  static func sameValue(_ a: CellValue, _ b: CellValue) -> Bool {
    if a.isNumber && b.isNumber, let x = number(a), let y = number(b) { return x == y }
    return a == b
  }

  /// The value of a number.
  static func number(_ value: CellValue) -> Double? {
    switch value {
    case .integer(let number): Double(number)
    case .decimal(let digits): Double(digits)
    case .real(let number): number
    default: nil
    }
  }

  /// Whether the text of `value`, in quotes, has a quote that a mark beside it joins into one
  /// character, which the filter languages, reading characters, cannot tell from another.
  static func hasJoinedQuote(_ value: CellValue) -> Bool {
    ("'" + value.cellText + "'").contains { character in
      character.unicodeScalars.count > 1
        && character.unicodeScalars.contains { $0 == "'" || $0 == "\"" }
    }
  }

  /// Whether `value` is a BLOB.
  static func isBlob(_ value: CellValue) -> Bool {
    if case .blob = value { return true }
    return false
  }
}

extension BrowsingSession {
  /// A value of a record in a column, which the value cases act on.
  struct ValueSample {
    /// The index of the record in the fixture's records.
    let record: Int
    /// The column.
    let column: Int
  }

  /// For each column, records whose values there differ: every hostile value (one with a
  /// quote, a backslash, a line break or a tab, empty text, the text `NULL`, NULL, a BLOB),
  /// then others, up to eight values a column.
  func valueSamples() -> [ValueSample] {
    var samples: [ValueSample] = []
    let records = fixture.order(in: .all)
    for column in fixture.source.columns.indices {
      var seen: [CellValue] = []
      var hostile: [ValueSample] = []
      var plain: [ValueSample] = []
      for index in records {
        let value = fixture.value(index, column)
        guard !seen.contains(value) else { continue }
        seen.append(value)
        if Self.isHostile(value) {
          hostile.append(ValueSample(record: index, column: column))
        } else {
          plain.append(ValueSample(record: index, column: column))
        }
      }
      samples += (hostile + plain).prefix(8)
    }
    return samples
  }

  /// Whether `value` is one that a filter must quote with care.
  static func isHostile(_ value: CellValue) -> Bool {
    switch value {
    case .null, .blob: return true
    case .text(let text):
      return text.isEmpty || text == "NULL"
        || text.unicodeScalars.contains { "'\"\\\n\r\t".unicodeScalars.contains($0) }
    default: return false
    }
  }

  /// A sample, for a failure: the value's column and record.
  func describeValue(_ sample: ValueSample) -> String {
    let name = fixture.source.columns[sample.column].name
    let value = fixture.value(sample.record, sample.column)
    return "\(name) of \(describe(sample.record)), \(String(reflecting: value))"
  }

  /// Goes to the first record, then down to `record` (an index in the fixture's records) and
  /// moves the column cursor to `column`; whether it got there.
  func select(_ record: Int, column: Int) async -> Bool {
    await press(.home)
    let order = fixture.order(in: .all)
    guard let number = order.firstIndex(of: record) else { return false }
    if number > 0 { await pressTogether(Array(repeating: .down, count: number)) }
    let cursorOrder = ColumnViewport.order(
      columns: fixture.source.columns.count, keys: fixture.source.keyColumns)
    guard let wanted = cursorOrder.firstIndex(of: column) else { return false }
    let current = records?.columns.cursor.flatMap { cursorOrder.firstIndex(of: $0) } ?? 0
    let steps = wanted - current
    if steps != 0 {
      await pressTogether(Array(repeating: steps > 0 ? .right : .left, count: abs(steps)))
    }
    let there = selectedRecord == record && records?.columns.cursor == column
    expect(
      there, "\(describe(record)) selected, the cursor on column \(column + 1)",
      found: "\(describe(selectedRecord)), column \((records?.columns.cursor ?? -1) + 1)")
    return there
  }

  /// The records shown from the first to the last, paging down: indexes in the fixture's
  /// records, in the order shown.
  func everyRecordShown() async -> [Int] {
    await press(.home)
    var shown: [Int] = []
    var last: [Int] = []
    for _ in 0..<(fixture.records.count + 2) {
      let now = shownRecordList
      for index in now where !shown.contains(index) { shown.append(index) }
      if now == last { break }
      last = now
      await press(.pageDown)
    }
    return shown
  }
}
