import TermElements

/// Column widths for aligned cells, measured on the first page.
public enum ColumnWidths {
  /// The widest a column gets; longer values are cut with `…`.
  public static let maximum = 24

  /// Columns kept for numbers, which later pages may make wider.
  public static let numberWidth = 10

  /// The width of each column: its widest header or value, or its entry in `minimums`, at
  /// least 1 and at most `maximum`, measured in terminal columns (wide characters count two).
  /// A column of numbers with no minimum gets at least ``numberWidth``, since later pages may
  /// hold larger ones; numbers are measured with the `decimals` of their column.
  public static func measure(
    headers: [String], records: [[CellValue]], minimums: [Int] = [],
    maximum: Int = ColumnWidths.maximum, decimals: [Int?] = []
  ) -> [Int] {
    headers.indices.map { column in
      var widest = headers[column].terminalWidth
      let minimum = column < minimums.count ? minimums[column] : 0
      widest = max(widest, minimum)
      if minimum == 0, records.contains(where: { column < $0.count && $0[column].isNumber }) {
        widest = max(widest, numberWidth)
      }
      let places = column < decimals.count ? decimals[column] : nil
      for record in records where column < record.count {
        guard widest < maximum else { break }
        widest = max(widest, record[column].cellText(decimals: places).terminalWidth)
      }
      return min(max(1, widest), max(1, maximum))
    }
  }
}
