/// Whether a record passes a filter, decided from the fields of the columns the filter reads,
/// found in a block's bytes by a ``CSVColumnScanner`` without parsing the record's other
/// fields: how a count by bytes checks its candidates.
///
/// It answers as ``CSVRecordSource/passes(_:_:start:)`` on the record's fields read by a
/// ``CSVReader`` does, or not at all (`nil`) when that answer needs more than the bytes at hand:
/// a value longer than ``CSVValue/compareByteLimit`` (`~` reads all of it), or a read of the
/// last column when the record has more fields, which fold into it.
struct CSVFilterCheck: Sendable {
  /// The filter.
  let filter: RecordFilter
  /// The file's columns.
  let columnCount: Int
  /// The columns the filter reads, in increasing order.
  let wanted: [Int]
  /// Finds the fields up to the last column wanted.
  let scanner: CSVColumnScanner

  /// The check of `filter` on the records of a file of `columnCount` columns delimited by
  /// `delimiter`; `nil` when the filter reads no column.
  init?(_ filter: RecordFilter, columnCount: Int, delimiter: UInt8) {
    let wanted = filter.columnsRead.filter { $0 < columnCount }
    guard let last = wanted.last else { return nil }
    self.filter = filter
    self.columnCount = columnCount
    self.wanted = wanted
    scanner = CSVColumnScanner(delimiter: delimiter, column: last, columnCount: columnCount)
  }

  /// Whether the record that starts at `start` of `bytes` passes, and where the next record
  /// starts; `nil` when the buffer ends first and more of the file follows (`atEnd` false), or
  /// the answer needs more than these bytes.
  func passes(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool)
    -> (passes: Bool, next: Int)?
  {
    var values = [CellValue](repeating: .null, count: columnCount)
    var wantedIndex = 0
    var unsure = false
    let limit = CSVValue.compareByteLimit
    let read = scanner.fields(bytes, from: start, atEnd: atEnd) { field, span in
      guard wantedIndex < wanted.count, wanted[wantedIndex] == field else { return }
      wantedIndex += 1
      if span.kind != .messy, span.end - span.start <= limit {
        let value =
          span.kind == .plain ? span.start..<span.end : (span.start + 1)..<(span.end - 1)
        values[field] = CSVValue.value(UnsafeBufferPointer(rebasing: bytes[value]))
        return
      }
      let whole = CSVRecordParser.field(of: span, in: bytes, limit: limit)
      if whole.isCut { unsure = true }
      values[field] = CSVValue.value(whole, cut: false)
    }
    guard let read, !unsure else { return nil }
    // Extra fields fold into the last column, which the reader's values show whole.
    if read.more, wanted.last == columnCount - 1 { return nil }
    return (filter.matches(values), read.next)
  }
}
