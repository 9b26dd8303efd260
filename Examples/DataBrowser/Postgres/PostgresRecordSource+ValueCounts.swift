import TermElementsRecords
import TermElementsRecordsSQL

extension PostgresRecordSource: RecordValueCounting {
  /// How many records of `view` hold each value of `column`: one `GROUP BY` of the shared
  /// planner's (``TermElementsRecordsSQL/SQLKeysetPlanner/valueCounts(of:limit:)``) in a
  /// read-only transaction under the link's statement timeout, cancelled on the server when
  /// the task is. A `json` column, whose type has no `=`, is grouped by its text, as `=`
  /// compares it.
  public func valueCounts(ofColumn column: Int, in view: RecordView, limit: Int) async throws
    -> ValueCounts
  {
    guard table.columns.indices.contains(column) else {
      throw RecordSourceError.failed("there is no column \(column + 1)")
    }
    let query = try viewQuery(RecordView(filter: view.filter))
    let described = table.columns[column]
    var expression = query.planner.sql(of: described.name)
    if described.baseType == "json" { expression = "CAST(\(expression) AS text)" }
    let statement = PostgresStatement(query.planner.valueCounts(of: expression, limit: limit))
    let kind = described.kind
    let rows = try await link.read { session in
      try await session.rows(statement) { row -> (CellValue, Int, Int, Int) in
        let value = row.text(0).map { Self.value(ofText: $0, kind: kind) } ?? .null
        let numbers = (1...3).map { row.text($0).flatMap { Int($0) } ?? 0 }
        return (value, numbers[0], numbers[1], numbers[2])
      }
    }
    let entries = rows.map { ValueCounts.Entry(value: $0.0, count: $0.1) }
    let kept = entries.reduce(0) { $0 + $1.count }
    let (values, records) =
      if let first = rows.first { (first.2, first.3) } else {
        (0, try await count(in: RecordView(filter: view.filter)).exactValue ?? 0)
      }
    return ValueCounts(
      entries: entries, records: records, otherRecords: records - kept,
      otherValues: values - entries.count)
  }

  /// The value of a text the server wrote for a value of `kind`: a `bytea`'s `\x` hex as its
  /// bytes.
  static func value(ofText text: String, kind: PostgresValueKind) -> CellValue {
    guard kind == .bytes else { return kind.value(fromText: text) }
    let digits = Array(text.utf8.dropFirst(2))
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index + 1 < digits.count {
      guard let high = hexDigit(digits[index]), let low = hexDigit(digits[index + 1]) else {
        return .text(text)
      }
      bytes.append(high << 4 | low)
      index += 2
    }
    return .blob(bytes)
  }

  /// The value of a hex digit, or `nil`.
  static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
