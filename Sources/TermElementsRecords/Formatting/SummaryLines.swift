import Foundation

/// The cells of the summary screen's lines: a column's name, then what its
/// ``ColumnSummary`` says, each as text a ``RecordLine`` cell shows.
enum SummaryLines {
  /// The names of the summary's columns, for its header.
  static let header = [
    "column", "type", "values", "NULLs", "NULL share", "distinct", "min", "max", "mean",
  ]

  /// How many block characters the bar of the NULL share is wide.
  static let barWidth = 8

  /// The widest a least or greatest value is shown.
  static let valueWidth = 24

  /// What a column's line says while its summary is being made, or once it failed.
  enum State: Equatable, Sendable {
    /// Not summed up yet: the line says so.
    case waiting
    /// Summed up.
    case done(ColumnSummary)
    /// The source could not sum it up: why.
    case failed(String)
  }

  /// The cells of the line of the column named `name`, in `state`.
  static func cells(name: String, state: State) -> [RecordLine.Cell] {
    let named = RecordLine.Cell(name)
    switch state {
    case .waiting:
      return [named, RecordLine.Cell("…", kind: .null)]
    case .failed(let reason):
      return [named, RecordLine.Cell("⚠ " + reason, kind: .null)]
    case .done(let summary):
      return [
        named,
        RecordLine.Cell(type(of: summary), kind: summary.values == 0 ? .null : .text),
        RecordLine.Cell(CellValue.grouped(summary.values), kind: .number),
        RecordLine.Cell(CellValue.grouped(summary.nulls), kind: .number),
        RecordLine.Cell(bar(summary), kind: .text),
        RecordLine.Cell(summary.distinct.text, kind: .number),
        extreme(summary.minimum),
        extreme(summary.maximum),
        summary.mean.map { RecordLine.Cell(number($0), kind: .number) } ?? RecordLine.Cell(""),
      ]
    }
  }

  /// The column's type: the kinds of its values joined by `+` (`integer+text`); `—` when
  /// every value is NULL.
  static func type(of summary: ColumnSummary) -> String {
    summary.kinds.isEmpty ? "—" : summary.kinds.joined(separator: "+")
  }

  /// The bar of the share of NULLs, in eighths of a block, then the share in percent:
  /// `██▌       31%`, the share right-aligned in four columns.
  static func bar(_ summary: ColumnSummary) -> String {
    let share = summary.nullShare
    let eighths = Int((share * Double(barWidth * 8)).rounded())
    let blocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    var bar = String(repeating: "█", count: eighths / 8) + blocks[eighths % 8]
    bar += String(repeating: " ", count: barWidth - bar.count)
    let percent = percent(summary)
    return bar + String(repeating: " ", count: max(1, 5 - percent.count)) + percent
  }

  /// The share of NULLs in whole percent, never 0% when there is one nor 100% when there is a
  /// value: `<1%`, `>99%`.
  static func percent(_ summary: ColumnSummary) -> String {
    let percent = Int((summary.nullShare * 100).rounded())
    if percent == 0 && summary.nulls > 0 { return "<1%" }
    if percent == 100 && summary.values > 0 { return ">99%" }
    return "\(percent)%"
  }

  /// The cell of a least or greatest value, cut to ``valueWidth``: a BLOB by its first
  /// bytes in hex, `x'00FF…'`, which is what orders BLOBs (the source may have read only
  /// their start).
  static func extreme(_ value: CellValue?) -> RecordLine.Cell {
    guard let value else { return RecordLine.Cell("") }
    if case .blob(let size, let prefix) = value {
      let shown = prefix.prefix(8).map { byte in
        (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }.joined()
      return RecordLine.Cell("x'\(shown)\(size > 8 ? "…" : "")'", kind: .blob)
    }
    var cell = RecordLine.Cell(value)
    if cell.text.count > valueWidth { cell.text = String(cell.text.prefix(valueWidth - 1)) + "…" }
    cell.isSearched = false
    return cell
  }

  /// A mean as people read it: two decimals at most, trailing zeros dropped; in scientific
  /// notation when huge.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return String(value) }
    guard abs(value) < 1e15 else { return String(format: "%.6g", value) }
    var text = String(format: "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// The widths of the summary's columns: each as wide as its widest cell, at least its
  /// header's, at most ``valueWidth``.
  static func widths(_ lines: [[RecordLine.Cell]]) -> [Int] {
    header.indices.map { column in
      let widest = lines.reduce(header[column].terminalWidth) { widest, cells in
        guard column < cells.count else { return widest }
        return max(widest, RecordLine.shownText(cells[column].text, glyphs: .unicode).terminalWidth)
      }
      return min(widest, valueWidth)
    }
  }
}
