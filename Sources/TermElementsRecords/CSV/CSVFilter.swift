/// A filter in the CSV source's tiny language: one column compared with one value.
///
/// `name = value` keeps the records whose value in the column named `name` equals `value`;
/// `name != value` keeps the others. A column is named by its header name, or by its number
/// as `#3` (for an empty or repeated name); a value is written bare (to the end, spaces
/// trimmed) or in single or double quotes, doubled inside. Numbers compare by value (`1.0`
/// equals `1`), text equals only the same text, and a missing field (NULL) equals nothing.
///
/// ```swift
/// let filter = try CSVFilter("city = 'São Paulo'", columns: [RecordColumn("city")])
/// ```
struct CSVFilter: Sendable, Hashable {
  /// The column compared.
  let column: Int
  /// The value compared with.
  let value: CellValue
  /// Whether records that differ are kept, rather than those that are equal.
  let negated: Bool

  /// The filter `text` over `columns`; throws ``RecordSourceError/badFilter(_:)`` saying what
  /// is wrong.
  init(_ text: String, columns: [RecordColumn]) throws(RecordSourceError) {
    let operators = ["!=", "="]
    guard
      let (range, op) = operators.lazy.compactMap({ op in
        text.firstRange(of: op).map { ($0, op) }
      }).min(by: { $0.0.lowerBound < $1.0.lowerBound })
    else {
      throw .badFilter("A filter is column = value or column != value")
    }
    let name = text[..<range.lowerBound].trimmingSpaces
    let written = text[range.upperBound...].trimmingSpaces
    if let index = columns.firstIndex(where: { $0.name == name }) {
      column = index
    } else if name.hasPrefix("#"), let number = Int(name.dropFirst()),
      columns.indices.contains(number - 1)
    {
      column = number - 1
    } else {
      throw .badFilter("There is no column \(name.isEmpty ? "named ''" : name)")
    }
    value = CSVValue.value(Array(try Self.unquoted(written).utf8), cut: false)
    negated = op == "!="
  }

  /// `written` without its quotes, if it has them.
  private static func unquoted(_ written: String) throws(RecordSourceError) -> String {
    guard let quote = written.first, quote == "'" || quote == "\"" else { return written }
    guard written.count >= 2, written.last == quote else {
      throw .badFilter("The value's closing \(quote) is missing")
    }
    let inner = written.dropFirst().dropLast()
    return String(inner.replacing(String([quote, quote]), with: String(quote)))
  }

  /// Whether a record whose value in the column is `candidate` is kept.
  func keeps(_ candidate: CellValue) -> Bool {
    let equal: Bool
    if let a = candidate.numericValue, let b = value.numericValue {
      equal = a == b
    } else {
      equal = !candidate.isNull && candidate == value
    }
    return equal != negated
  }
}

extension StringProtocol {
  /// The text without spaces at either end.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }

}
