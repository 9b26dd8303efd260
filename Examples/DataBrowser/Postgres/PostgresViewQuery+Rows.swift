import TermElementsRecords

/// Rows of text as records and positions, and values as the text sent back to the server.
extension PostgresViewQuery {
  /// How many values a page's row holds: the columns, the key's texts, the sort's text.
  public var pageRowWidth: Int {
    table.columns.count + keyKinds.count + (sortColumn == nil ? 0 : 1)
  }

  /// The record of a page's row of texts.
  public func record(_ texts: [String?]) -> PageRecord {
    let columns = table.columns
    var values: [CellValue] = []
    values.reserveCapacity(columns.count)
    for (index, column) in columns.enumerated() {
      values.append(Self.pageValue(texts[index], kind: column.kind))
    }
    let position = self.position(texts[columns.count...])
    return PageRecord(values: values, key: position.key, sortValue: position.sortValue)
  }

  /// The position of key texts followed by the sort's text.
  public func position(_ texts: ArraySlice<String?>) -> RecordPosition {
    let start = texts.startIndex
    let key = keyKinds.enumerated().map { offset, kind in
      Self.keyValue(texts[start + offset], kind: kind)
    }
    let sort = sortColumn.map { column in
      Self.keyValue(texts[start + keyKinds.count], kind: table.columns[column].kind)
    }
    return RecordPosition(sortValue: sort, key: RecordKey(key))
  }

  /// A page's value of a column's text: a `bytea` as its size and first bytes, from
  /// `size:hex`.
  static func pageValue(_ text: String?, kind: PostgresValueKind) -> CellValue {
    guard let text else { return .null }
    guard kind == .bytes else { return kind.value(fromText: text) }
    let (size, hex) = PostgresSettings.split(text[...], at: ":")
    return .blob(size: Int(size) ?? 0, prefix: Self.bytes(ofHex: hex ?? ""))
  }

  /// The value of a key's or sort's text: exact, so that it can be sent back as it came;
  /// `bytea` stays its `\x…` text.
  static func keyValue(_ text: String?, kind: PostgresValueKind) -> CellValue {
    guard let text else { return .null }
    return kind == .bytes ? .text(text) : kind.value(fromText: text)
  }

  /// The bytes of hexadecimal digits.
  static func bytes(ofHex hex: Substring) -> [UInt8] {
    var bytes: [UInt8] = []
    var digits = hex.utf8.makeIterator()
    while let high = digits.next(), let low = digits.next() {
      guard let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else {
        break
      }
      bytes.append(value)
    }
    return bytes
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
