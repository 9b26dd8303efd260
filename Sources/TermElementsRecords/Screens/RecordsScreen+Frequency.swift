import TermElements

/// `F`: the frequency screen of the column under the cursor, counted by the source where the
/// records are, and Enter there going back with the value (or range) chosen added to the
/// filter.
extension RecordsScreen {
  /// Counts the values of column `column` under the current filter
  /// (``RecordValueCounting``), then shows them on a records screen of their own: each value
  /// with its count, its share and a bar, most frequent first (a column of many numbers or
  /// dates in ranges instead; a column of more numbers than ``frequencyLimit`` values in the
  /// source's ranges, ``RecordValueCounting/histogram(ofColumn:in:)``), which scrolls, searches and sorts as any. Enter there comes
  /// back with `column = value` (or the range) ANDed to the filter; Esc comes back unchanged.
  /// The status line shows the count under way, and Esc stops it.
  ///
  /// What `F` does with the column under the cursor, and what another screen (a summary of
  /// the columns) opens for a column.
  package func showFrequency(ofColumn column: Int) {
    guard column >= 0, column < source.columns.count, available(.valueCounts) else { return }
    let name = source.columns[column].name
    let limit = frequencyLimit
    perform("counting the values of \(name)") { [weak self] in
      guard let (source, view) = self.map({ ($0.source, $0.view) }) else { return }
      let counting = try source.capabilities.valueCounting()
      let counts = try await counting.valueCounts(ofColumn: column, in: view, limit: limit)
      try Task.checkCancellation()
      var table = FrequencyTable(counts, column: name)
      if FrequencyTable.wantsHistogram(counts),
        let histogram = try await counting.histogram(ofColumn: column, in: view)
      {
        try Task.checkCancellation()
        table = FrequencyTable(histogram, counts: counts, column: name)
      }
      let values = MemoryRecordSource(
        name: "\(name) values", columns: table.columnNames, records: table.records)
      let screen = try await RecordsScreen.open(values, count: .exact(table.lines.count))
      guard let self else { return }
      // The title of the records under it, in the breadcrumb, says the filter.
      screen.heading = "\(name) values · \(table.note)"
      screen.chooseRecord = { [weak self, weak screen] record in
        guard let self, let screen else { return }
        self.choose(record, of: table, column: column, from: screen)
      }
      self.navigator?.push(screen)
    }
  }

  /// Enter on `record` of `screen`, a line of the frequency `table` of `column`: back to the
  /// records, the line's value or range added to the filter; when the source cannot write
  /// it, `screen` says why and stays.
  func choose(
    _ record: PageRecord, of table: FrequencyTable, column: Int, from screen: RecordsScreen
  ) {
    guard case .integer(let number)? = record.key.values.first,
      let index = Int(exactly: number), table.lines.indices.contains(index)
    else { return }
    let condition: String
    do {
      condition = try self.condition(for: table.lines[index].line, column: column)
    } catch {
      screen.message = "Can't filter by this line: \(error)"
      screen.setNeedsDisplay()
      return
    }
    if navigator?.screens.last === screen { navigator?.pop() }
    filter(CellCondition.and(views.asked.filter, condition))
  }

  /// The condition in the source's filter language that keeps the records `line` counts.
  func condition(for line: FrequencyTable.Line, column: Int) throws(RecordSourceError) -> String {
    let filtering = try source.capabilities.filtering()
    switch line {
    case .value(let value):
      return try filtering.condition(column: column, equals: value, negated: false)
    case .range(let lower, let upper):
      let name = try CellCondition.checkedName(source.columns[column].name)
      guard let low = try CellCondition.literal(lower), let high = try CellCondition.literal(upper)
      else { throw .badFilter("A range has no NULL end") }
      return "(\(name) >= \(low) AND \(name) < \(high))"
    }
  }

  /// Binds `F`, listed by the help screen.
  func bindFrequencyKey() {
    keyMap.bind(
      .character("F"),
      to: KeyCommand(
        "Frequency of the values of the column under the cursor (Enter filters by one)",
        on: RecordsScreen.self
      ) { screen in
        guard let column = screen.columns.cursor else { return }
        screen.showFrequency(ofColumn: column)
      })
  }
}
