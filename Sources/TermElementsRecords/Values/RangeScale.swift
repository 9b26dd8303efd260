import Foundation

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

  /// About how many ranges a scale has: the histogram of the frequency screen.
  static let rangeCount = 20

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
    guard count > 0, count <= 10 * Self.rangeCount else { return nil }
    return RangeScale(kind: kind, lower: lower, width: width, count: count)
  }

  /// A round width (1, 2 or 5 times a power of ten) that cuts the span of `points` into
  /// about ``rangeCount`` ranges, and its power of ten.
  static func roundWidth(_ points: [Double]) -> (width: Double, exponent: Int)? {
    guard let low = points.min(), let high = points.max(), high > low, (high - low).isFinite
    else { return nil }
    let raw = (high - low) / Double(rangeCount)
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
