import TermElementsRecords

/// Rows of a result as records and positions, read in place, and values as the text sent back
/// to the server.
extension PostgresViewQuery {
  /// How many values a page's row holds: the columns, then the key's and sort's texts that
  /// no column gives.
  public var pageRowWidth: Int {
    table.columns.count + keyInColumn.count(where: { $0 == nil })
      + (sortColumn != nil && sortInColumn == nil ? 1 : 0)
  }

  /// The record of a page's row: the columns' values, then the key's and sort's texts that
  /// no column gives; the key's and sort's values that a column gives are that column's.
  func record(_ row: PostgresRow) -> PageRecord {
    var values: [CellValue] = []
    values.reserveCapacity(columnKinds.count)
    for (index, kind) in columnKinds.enumerated() {
      values.append(Self.pageValue(row.bytes(index), kind: kind))
    }
    var next = columnKinds.count
    var key: [CellValue] = []
    key.reserveCapacity(keyKinds.count)
    for (part, kind) in keyKinds.enumerated() {
      if let column = keyInColumn[part] {
        key.append(values[column])
      } else {
        key.append(Self.keyValue(row.bytes(next), kind: kind))
        next += 1
      }
    }
    let sort = sortColumn.map { column in
      sortInColumn != nil
        ? values[column] : Self.keyValue(row.bytes(next), kind: columnKinds[column])
    }
    return PageRecord(values: values, key: RecordKey(key), sortValue: sort)
  }

  /// The position of the key's texts at `start` in `row`, followed by the sort's text.
  func position(_ row: PostgresRow, from start: Int) -> RecordPosition {
    var key: [CellValue] = []
    key.reserveCapacity(keyKinds.count)
    for (offset, kind) in keyKinds.enumerated() {
      key.append(Self.keyValue(row.bytes(start + offset), kind: kind))
    }
    let sort = sortColumn.map { column in
      Self.keyValue(row.bytes(start + keyKinds.count), kind: table.columns[column].kind)
    }
    return RecordPosition(sortValue: sort, key: RecordKey(key))
  }

  /// A page's value of a column's text: a `bytea` as its size and first bytes, from
  /// `size:hex`.
  static func pageValue(_ text: UnsafeBufferPointer<UInt8>?, kind: PostgresValueKind)
    -> CellValue
  {
    guard let text else { return .null }
    guard kind == .bytes else { return kind.value(fromUTF8: text) }
    let colon = text.firstIndex(of: UInt8(ascii: ":")) ?? text.endIndex
    let size = PostgresValueKind.integer(text[..<colon]).map(Int.init) ?? 0
    let hex = colon < text.endIndex ? text[(colon + 1)...] : text[colon...]
    return .blob(size: size, prefix: bytes(ofHex: hex))
  }

  /// The value of a key's or sort's text: exact, so that it can be sent back as it came;
  /// `bytea` stays its `\x…` text.
  static func keyValue(_ text: UnsafeBufferPointer<UInt8>?, kind: PostgresValueKind)
    -> CellValue
  {
    guard let text else { return .null }
    return kind == .bytes
      ? .text(String(decoding: text, as: UTF8.self)) : kind.value(fromUTF8: text)
  }

  /// The bytes of hexadecimal digits, up to the first that is not one.
  static func bytes(ofHex hex: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(hex.count / 2)
    var digits = hex.makeIterator()
    while let high = digits.next().flatMap(nibble), let low = digits.next().flatMap(nibble) {
      bytes.append(high << 4 | low)
    }
    return bytes
  }

  /// The value of hexadecimal digit `digit`.
  static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The text a value is sent back to the server as, read by its column's type.
  public static func parameterText(_ value: CellValue) -> String? {
    switch value {
    case .null: nil
    case .integer(let number): String(number)
    case .decimal(let digits): digits
    case .real(let number): "\(number)"
    case .boolean(let truth): truth ? "true" : "false"
    case .text(let text), .json(let text): text
    case .date(let text), .time(let text), .timestamp(let text): text
    case .blob(_, let bytes):
      "\\x" + bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
  }
}

extension String {
  /// The string with `0`s before it up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
