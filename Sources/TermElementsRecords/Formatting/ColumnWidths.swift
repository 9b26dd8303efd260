import TermElements

/// Column widths for aligned cells, measured on the first page.
///
/// Widths are worked out in two steps. When a table opens, each column's natural width is
/// measured from its header and the values loaded, up to ``naturalMaximum``. When a line is
/// drawn, and so when the terminal's width is known, each column is fitted: it gets its natural
/// width, but no more than ``fittedMaximum(forWidth:)``, which grows with the screen. An email
/// address of 38 columns is cut to 32 on a 100-column terminal and shown whole on a
/// 140-column one.
package enum ColumnWidths {
  /// The widest a column gets on a narrow screen, and the default limit of
  /// ``measure(headers:records:minimums:maximum:decimals:)``;
  /// longer values are cut with `…`.
  package static let maximum = 24

  /// The widest a column's natural width is measured: the most any screen shows of a value.
  package static let naturalMaximum = 64

  /// Columns kept for numbers, which later pages may make wider.
  package static let numberWidth = 10

  /// The width of each column: its widest header or value, or its entry in `minimums`, at
  /// least 1 and at most `maximum`, measured in terminal columns (wide characters count two).
  /// A column of numbers with no minimum gets at least ``numberWidth``, since later pages may
  /// hold larger ones; numbers are measured with the `decimals` of their column.
  package static func measure(
    headers: [String], records: [[CellValue]], minimums: [Int] = [],
    maximum: Int = ColumnWidths.maximum, decimals: [Int?] = []
  ) -> [Int] {
    // Values repeat (cities, names): each text not all printable ASCII is measured once.
    var measured: [String: Int] = [:]
    func width(of text: String) -> Int {
      if let width = asciiWidth(of: text) { return width }
      if let width = measured[text] { return width }
      let width = text.terminalWidth
      measured[text] = width
      return width
    }
    return headers.indices.map { column in
      var widest = width(of: headers[column])
      let minimum = column < minimums.count ? minimums[column] : 0
      widest = max(widest, minimum)
      if minimum == 0, records.contains(where: { column < $0.count && $0[column].isNumber }) {
        widest = max(widest, numberWidth)
      }
      let places = column < decimals.count ? decimals[column] : nil
      for record in records where column < record.count {
        guard widest < maximum else { break }
        widest = max(widest, width(of: record[column].cellText(decimals: places)))
      }
      return min(max(1, widest), max(1, maximum))
    }
  }

  /// The terminal columns `text` takes when every byte of it is printable ASCII, one each, as
  /// `terminalWidth` says, without going through its characters; `nil` for other text.
  static func asciiWidth(of text: String) -> Int? {
    var text = text
    let printable = text.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    return printable ? text.utf8.count : nil
  }

  /// The widest a column is drawn on a line `width` columns wide: a third of the line, and never
  /// less than ``maximum``, so that one long column cannot crowd out the others.
  ///
  /// For example, 32 at a width of 98 and 46 at a width of 138.
  package static func fittedMaximum(forWidth width: Int) -> Int {
    max(maximum, width / 3)
  }

  /// The natural widths `natural` fitted to a line `width` columns wide: each at most
  /// ``fittedMaximum(forWidth:)`` and at least 1.
  package static func fitted(_ natural: [Int], toWidth width: Int) -> [Int] {
    let limit = fittedMaximum(forWidth: width)
    return natural.map { min(max(1, $0), limit) }
  }
}
