import Foundation

/// The decimals each column of numbers shows, so that the decimal points of a column line up:
/// `453.80` above `4689.74`, and an integer such as `12` padded as if it had them.
///
/// ```swift
/// let decimals = DecimalColumns.measure([[.real(453.8)], [.real(4689.74)], [.integer(12)]])
/// let text = CellValue.real(453.8).cellText(decimals: decimals[0])  // "453.80"
/// ```
package enum DecimalColumns {
  /// The most decimals a column shows.
  package static let maximum = 6

  /// For each column, the decimals its real and exact decimal values need (the most any of
  /// them has, at most ``maximum``), or `nil` for a column with neither.
  package static func measure(_ records: [[CellValue]]) -> [Int?] {
    let columns = records.map(\.count).max() ?? 0
    return (0..<columns).map { column in
      var decimals: Int?
      for record in records where column < record.count {
        switch record[column] {
        case .real(let number): decimals = max(decimals ?? 0, fractionDigits(of: number))
        case .decimal(let digits): decimals = max(decimals ?? 0, fractionDigits(of: digits))
        default: continue
        }
      }
      return decimals
    }
  }

  /// The digits after the point of an exact decimal's text, at most ``maximum``.
  static func fractionDigits(of digits: String) -> Int {
    // Characters after the point counted up to the maximum only: every value of a page's
    // columns of numbers is measured.
    guard let point = digits.utf8.firstIndex(of: UInt8(ascii: ".")) else { return 0 }
    return digits[point...].dropFirst().prefix(maximum).count
  }

  /// Finite `number` with `decimals` digits after the point, exactly as C's `printf("%.*f")`
  /// writes it in the C locale: the exact binary value rounded, a tie to even, and a minus
  /// sign on anything negative, even when it rounds to zero.
  ///
  /// It works in integers on the number's significand and exponent, a hundred times faster
  /// than `String(format:)`; numbers from 2^63 / 10^decimals up, or with more than
  /// ``maximum`` decimals, go to `String(format:)`.
  package static func fixed(_ number: Double, decimals: Int) -> String {
    let scale = (0..<decimals).reduce(UInt64(1)) { product, _ in product * 10 }
    let magnitude = number.magnitude
    guard number.isFinite, (0...maximum).contains(decimals),
      magnitude < Double(UInt64(1) << 63) / Double(scale)
    else { return String(format: "%.\(decimals)f", number) }
    // magnitude = significand × 2^exponent exactly.
    let subnormal = magnitude.exponentBitPattern == 0
    let significand =
      subnormal
      ? magnitude.significandBitPattern : magnitude.significandBitPattern | (1 << 52)
    let exponent = (subnormal ? 1 : Int(magnitude.exponentBitPattern)) - 1075
    let scaled = UInt128(significand) * UInt128(scale)
    var units: UInt128
    if exponent >= 0 {
      units = scaled << exponent
    } else if -exponent >= 128 {
      units = 0  // below 2^73 / 2^128: less than half a unit
    } else {
      let shift = -exponent
      units = scaled >> shift
      let rest = scaled & ((UInt128(1) << shift) - 1)
      let half = UInt128(1) << (shift - 1)
      if rest > half || (rest == half && units & 1 == 1) { units += 1 }
    }
    var text = number.sign == .minus ? "-" : ""
    text += String(units / UInt128(scale))
    if decimals > 0 {
      let fraction = String(units % UInt128(scale))
      text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return text
  }

  /// The digits after the decimal point of the shortest text of `number`, at most ``maximum``.
  static func fractionDigits(of number: Double) -> Int {
    // The text is ASCII: its bytes are its characters.
    let text = String(number).utf8
    guard number.isFinite, !text.contains(UInt8(ascii: "e")),
      let point = text.firstIndex(of: UInt8(ascii: "."))
    else { return 0 }
    let fraction = text[text.index(after: point)...]
    return fraction.elementsEqual("0".utf8) ? 0 : min(maximum, fraction.count)
  }
}

extension CellValue {
  /// The cell's text with `decimals` digits after the point for numbers, so that a column's
  /// points line up; other values are as ``cellText`` shows them.
  package func cellText(decimals: Int?) -> String {
    guard let decimals else { return cellText }
    switch self {
    case .real(let number) where number.isFinite:
      return DecimalColumns.fixed(number, decimals: decimals)
    case .integer(let number):
      return String(number) + String(repeating: " ", count: decimals > 0 ? decimals + 1 : 0)
    case .decimal(let digits):
      // Exact digits are never rounded or padded with zeros: blanks line their point up.
      let fraction = Self.fractionLength(of: digits)
      let missing = fraction == 0 && decimals > 0 ? decimals + 1 : max(0, decimals - fraction)
      return digits + String(repeating: " ", count: missing)
    default:
      return cellText
    }
  }

  /// The digits after the point of an exact decimal's text, counted up to one more than
  /// ``DecimalColumns/maximum``: no more changes the blanks that line the point up.
  static func fractionLength(of digits: String) -> Int {
    guard let point = digits.utf8.firstIndex(of: UInt8(ascii: ".")) else { return 0 }
    return digits[point...].dropFirst().prefix(DecimalColumns.maximum + 1).count
  }
}
