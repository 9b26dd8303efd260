import Foundation

/// The lines of the frequency screen (`F`) of a column: each value, or each range of values,
/// with its count, its share of the records and a bar drawn in eighths of a cell, most
/// frequent first, as records of a ``MemoryRecordSource`` that the screen browses.
///
/// A column of numbers or dates with more than ``rangeThreshold`` distinct values, all of
/// them counted, is put into about ``rangeCount`` ranges of a round width instead (a
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
  /// About how many ranges a histogram has.
  static let rangeCount = 20
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

/// Ranges of a round width over numbers or days: where each starts, as a value a filter can
/// write, and which one a value falls in.
struct RangeScale: Equatable, Sendable {
  /// What the values are.
  enum Kind: Equatable, Sendable {
    /// Whole numbers.
    case integers
    /// Numbers with `decimals` digits after the point at the ranges' ends.
    case decimals(Int)
    /// Dates, by their day from 1970-01-01.
    case dates
  }

  /// What the values are.
  let kind: Kind
  /// Where the first range starts.
  let lower: Double
  /// The width of a range.
  let width: Double
  /// How many ranges.
  let count: Int

  /// The scale of `numbers`, whole ones when `integers`; `nil` when they are all the same.
  static func numbers(_ numbers: [Double], integers: Bool) -> RangeScale? {
    guard let (width, exponent) = roundWidth(numbers) else { return nil }
    let kind: Kind = integers ? .integers : .decimals(max(0, -exponent))
    return scale(numbers, kind: kind, width: integers ? max(1, width) : width)
  }

  /// The scale of `days`, days from 1970-01-01; `nil` when they are all the same.
  static func dates(_ days: [Double]) -> RangeScale? {
    guard let (width, _) = roundWidth(days) else { return nil }
    return scale(days, kind: .dates, width: max(1, width))
  }

  /// The scale of `points` of `kind` in ranges `width` wide, the first starting at a
  /// multiple of `width`.
  private static func scale(_ points: [Double], kind: Kind, width: Double) -> RangeScale? {
    guard let low = points.min(), let high = points.max(), width > 0, width.isFinite else {
      return nil
    }
    let lower = (low / width).rounded(.down) * width
    let count = Int(((high - lower) / width).rounded(.down)) + 1
    guard count > 0, count <= 10 * FrequencyTable.rangeCount else { return nil }
    return RangeScale(kind: kind, lower: lower, width: width, count: count)
  }

  /// A round width (1, 2 or 5 times a power of ten) that cuts the span of `points` into
  /// about ``FrequencyTable/rangeCount`` ranges, and its power of ten.
  static func roundWidth(_ points: [Double]) -> (width: Double, exponent: Int)? {
    guard let low = points.min(), let high = points.max(), high > low, (high - low).isFinite
    else { return nil }
    let raw = (high - low) / Double(FrequencyTable.rangeCount)
    var exponent = Int(log10(raw).rounded(.down))
    let fraction = raw / pow(10, Double(exponent))
    let nice: Double
    switch fraction {
    case ...1: nice = 1
    case ...2: nice = 2
    case ...5: nice = 5
    default:
      nice = 1
      exponent += 1
    }
    return (nice * pow(10, Double(exponent)), exponent)
  }

  /// Where range `index` starts (the last one's end, for `count`), as the value a filter
  /// compares with.
  func bound(_ index: Int) -> CellValue {
    let point = lower + Double(index) * width
    switch kind {
    case .integers: return .integer(Int64(point.rounded()))
    case .decimals(let decimals): return .decimal(String(format: "%.\(decimals)f", point))
    case .dates: return .date(Self.date(ofDay: Int(point.rounded())))
    }
  }

  /// The point of `value` on the scale: a number's value, a date's day.
  func point(of value: CellValue) -> Double? {
    if case .dates = kind { return Self.day(of: value) }
    return value.numericValue
  }

  /// The range `point` falls in: at or after its start, before the next one's, as the
  /// filter compares with the ends written.
  func bucket(of point: Double) -> Int {
    var index = min(count - 1, max(0, Int(((point - lower) / width).rounded(.down))))
    while index > 0, point < boundPoint(index) { index -= 1 }
    while index < count - 1, point >= boundPoint(index + 1) { index += 1 }
    return index
  }

  /// The point where range `index` starts, as its written end reads back.
  private func boundPoint(_ index: Int) -> Double {
    let bound = bound(index)
    return point(of: bound) ?? lower + Double(index) * width
  }

  /// The day from 1970-01-01 of a date (`2024-02-29`), or `nil` when it is not one.
  static func day(of value: CellValue) -> Double? {
    guard case .date(let text) = value else { return nil }
    let parts = text.prefix(10).split(separator: "-")
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    // Howard Hinnant's days from civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return Double(era * 146_097 + dayOfEra - 719_468)
  }

  /// The ISO text of the date `day` days from 1970-01-01.
  static func date(ofDay days: Int) -> String {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return String(format: "%04d-%02d-%02d", year, month, day)
  }
}
