import Foundation

/// The lines of the frequency screen (`F`) of a column: each value, or each range of values,
/// with its count, its share of the records and a bar drawn in eighths of a cell, most
/// frequent first, as records of a ``MemoryRecordSource`` that the screen browses.
///
/// A column of numbers or dates with more than ``rangeThreshold`` distinct values, all of
/// them counted, is put into about ``RangeScale/rangeCount`` ranges of a round width instead (a
/// histogram, in the values' order), NULL on a line of its own; so is a column of more
/// numbers than were counted, from the source's ``ValueHistogram``.
struct FrequencyTable: Sendable {
  /// What a line counts.
  enum Line: Equatable, Sendable {
    /// The records holding a value.
    case value(CellValue)
    /// The records whose value is at least `lower` and less than `upper`.
    case range(lower: CellValue, upper: CellValue)
  }

  /// The column's name.
  let column: String
  /// The lines, in the order shown, and the records each counts.
  let lines: [(line: Line, count: Int)]
  /// The counts the lines come from (the most frequent values, for a histogram of the
  /// source's).
  let counts: ValueCounts
  /// The source's histogram the lines come from, if any.
  let histogram: ValueHistogram?

  /// The most distinct numbers or dates listed one by one: more are put into ranges.
  static let rangeThreshold = 50
  /// The widest bar, in cells.
  static let barWidth = 24

  /// The lines of `counts`, the counts of column `column`.
  init(_ counts: ValueCounts, column: String) {
    self.column = column
    self.counts = counts
    histogram = nil
    if counts.isComplete, let ranges = Self.ranges(of: counts.entries) {
      lines = ranges
    } else {
      lines = counts.entries.map { (Line.value($0.value), $0.count) }
    }
  }

  /// The lines of `histogram`, the source's ranges of column `column` whose most frequent
  /// values are `counts`: each range in order, then NULL.
  init(_ histogram: ValueHistogram, counts: ValueCounts, column: String) {
    self.column = column
    self.counts = counts
    self.histogram = histogram
    let ranges = histogram.ranges
    let lines = histogram.counts.enumerated().map { index, count in
      (Line.range(lower: ranges.bound(index), upper: ranges.bound(index + 1)), count)
    }
    self.lines = lines + (histogram.nulls > 0 ? [(Line.value(.null), histogram.nulls)] : [])
  }

  /// Whether the counts are worth a histogram of the source's: not every value was counted,
  /// and those that were, but NULL, are numbers.
  static func wantsHistogram(_ counts: ValueCounts) -> Bool {
    let values = counts.entries.filter { !$0.value.isNull }
    return !counts.isComplete && !values.isEmpty && values.allSatisfy { $0.value.isNumber }
  }

  /// The records the shares are of: every record of the view.
  var total: Int { histogram?.records ?? counts.records }

  /// Whether the lines are ranges.
  var isHistogram: Bool {
    lines.contains { if case .range = $0.line { true } else { false } }
  }

  /// The names of the columns of the records: the value (or the ends of the range), the
  /// count, the share and the bar.
  var columnNames: [String] {
    (isHistogram ? [column + " from", "to"] : [column]) + ["count", "%", "bar"]
  }

  /// One record a line: its value or the ends of its range, its count, its share of the
  /// records in percent to one decimal, and its bar, the longest for the largest count.
  var records: [[CellValue]] {
    let histogram = isHistogram
    let largest = lines.map(\.count).max() ?? 0
    return lines.map { line, count in
      let share = total > 0 ? Double(count) * 100 / Double(total) : 0
      let ends: [CellValue] =
        switch line {
        case .value(let value): histogram ? [value, value] : [value]
        case .range(let lower, let upper): [lower, upper]
        }
      return ends + [
        .integer(Int64(count)), .decimal(String(format: "%.1f", share)),
        .text(Self.bar(count, of: largest)),
      ]
    }
  }

  /// What the title adds to the column's name: how many values, and which are shown when
  /// the source kept only the most frequent.
  var note: String {
    let values = counts.entries.count
    var note = "\(CellValue.grouped(total)) records"
    if let histogram {
      if let others = counts.otherValues {
        // NULL, counted as a value, is on a line of its own.
        let numbers = values + others - (histogram.nulls > 0 ? 1 : 0)
        note += ", \(CellValue.grouped(numbers)) values in ranges"
      } else {
        note += ", more than \(CellValue.grouped(values)) values in ranges"
      }
      if histogram.others > 0 {
        note += ", \(CellValue.grouped(histogram.others)) not numbers left out"
      }
    } else if isHistogram {
      note += ", \(CellValue.grouped(values)) values in ranges"
    } else if let others = counts.otherValues, others > 0 {
      note +=
        ", the \(CellValue.grouped(values)) most frequent of "
        + "\(CellValue.grouped(values + others)) values"
    } else if counts.otherRecords > 0 {
      note += ", the \(CellValue.grouped(values)) most frequent of more values"
    } else {
      note += ", \(CellValue.grouped(values)) values"
    }
    return note
  }

  /// The bar of `count` when `largest` has the widest: whole cells `█` and the last in
  /// eighths (`▏▎▍▌▋▊▉`), at least an eighth for a count above 0.
  static func bar(_ count: Int, of largest: Int) -> String {
    guard count > 0, largest > 0 else { return "" }
    let eighths = max(1, Int((Double(count) / Double(largest) * Double(barWidth * 8)).rounded()))
    let parts: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    var bar = String(repeating: "█", count: eighths / 8)
    if eighths % 8 > 0 { bar.append(parts[eighths % 8 - 1]) }
    return bar
  }

  // MARK: - Ranges

  /// The lines of a histogram of `entries` in the values' order, NULL last, when every value
  /// but NULL is a number (or every one a date) and there are more than ``rangeThreshold``;
  /// else `nil`.
  static func ranges(of entries: [ValueCounts.Entry]) -> [(line: Line, count: Int)]? {
    let values = entries.filter { !$0.value.isNull }
    guard values.count > rangeThreshold else { return nil }
    let nulls = entries.first { $0.value.isNull }.map { [(Line.value(.null), $0.count)] } ?? []
    let scale: RangeScale?
    if values.allSatisfy({ $0.value.isNumber }) {
      scale = RangeScale.numbers(
        values.compactMap(\.value.numericValue),
        integers: values.allSatisfy {
          if case .integer = $0.value { true } else { false }
        })
    } else if values.allSatisfy({ if case .date = $0.value { true } else { false } }) {
      scale = RangeScale.dates(values.compactMap { RangeScale.day(of: $0.value) })
    } else {
      scale = nil
    }
    guard let scale else { return nil }
    var counts = Array(repeating: 0, count: scale.count)
    for entry in values {
      guard let point = scale.point(of: entry.value) else { return nil }
      counts[scale.bucket(of: point)] += entry.count
    }
    let ranges = counts.indices.map { index in
      (Line.range(lower: scale.bound(index), upper: scale.bound(index + 1)), counts[index])
    }
    return ranges + nulls
  }
}
