/// Writes the lines of an export in a ``RecordExportFormat``: the header, then a line a record,
/// appended to a buffer of UTF-8 bytes.
struct RecordLineWriter: Sendable {
  /// The format.
  let format: RecordExportFormat
  /// The column names.
  let names: [String]
  /// Each name as a JSON key and its colon, with the comma before it but for the first.
  private let jsonKeys: [[UInt8]]

  /// A writer of records of columns `names` in `format`.
  init(format: RecordExportFormat, names: [String]) {
    self.format = format
    self.names = names
    jsonKeys = names.enumerated().map { index, name in
      var key: [UInt8] = index == 0 ? [] : [UInt8(ascii: ",")]
      JSONText.appendString(name, to: &key)
      key.append(UInt8(ascii: ":"))
      return key
    }
  }

  /// Appends the header line to `bytes`: nothing for JSON lines, whose records name their
  /// columns.
  func appendHeader(to bytes: inout [UInt8]) {
    switch format {
    case .csv:
      appendCSV(names.map { .text($0) }, to: &bytes)
    case .tsv:
      bytes += ClipboardText.record(names.map { .text($0) }).utf8
      bytes.append(0x0A)
    case .jsonLines:
      break
    }
  }

  /// Appends the line of the record of `values`, one a column, to `bytes`.
  func append(_ values: [CellValue], to bytes: inout [UInt8]) {
    switch format {
    case .csv:
      appendCSV(values, to: &bytes)
    case .tsv:
      // A BLOB's text, `\x` and hex, escaped as any text is: `COPY` reads it back as a bytea.
      bytes += ClipboardText.record(values.map(Self.blobAsText)).utf8
      bytes.append(0x0A)
    case .jsonLines:
      bytes.append(UInt8(ascii: "{"))
      for (key, value) in zip(jsonKeys, values) {
        bytes += key
        JSONText.append(value, to: &bytes)
      }
      bytes += "}\n".utf8
    }
  }

  /// Appends `number` in decimal digits, with no text made of it.
  static func appendDigits(_ number: Int64, to bytes: inout [UInt8]) {
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = number.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  /// Appends `\x` and the bytes of `blob` in lowercase hex.
  static func appendHex(_ blob: [UInt8], to bytes: inout [UInt8]) {
    let digits: StaticString = "0123456789abcdef"
    bytes.append(UInt8(ascii: "\\"))
    bytes.append(UInt8(ascii: "x"))
    digits.withUTF8Buffer { hex in
      for byte in blob {
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 15)])
      }
    }
  }

  /// `value`, or for a BLOB the text of `\x` and its bytes in hex.
  static func blobAsText(_ value: CellValue) -> CellValue {
    guard case .blob(_, let bytes) = value else { return value }
    return .text("\\x" + ClipboardText.hex(bytes))
  }

  /// Appends `values` as one CSV line ended by CR LF.
  private func appendCSV(_ values: [CellValue], to bytes: inout [UInt8]) {
    for (index, value) in values.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      Self.appendCSVField(value, to: &bytes)
    }
    bytes += "\r\n".utf8
  }

  /// Appends `value` as a CSV field: NULL empty, empty text `""`, a BLOB `\x` and hex, and
  /// text quoted when it holds a comma, a quote, a CR or a line feed, its quotes doubled.
  static func appendCSVField(_ value: CellValue, to bytes: inout [UInt8]) {
    switch value {
    case .null:
      return
    case .integer(let number):
      appendDigits(number, to: &bytes)
      return
    case .blob(_, let prefix):
      appendHex(prefix, to: &bytes)
      return
    case .text(let text) where text.isEmpty:
      bytes += "\"\"".utf8
      return
    default:
      break
    }
    var text = value.cellText
    text.withUTF8 { utf8 in
      let needsQuotes = utf8.contains { byte in
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
      }
      guard needsQuotes else {
        bytes.append(contentsOf: utf8)
        return
      }
      bytes.append(UInt8(ascii: "\""))
      for byte in utf8 {
        if byte == UInt8(ascii: "\"") { bytes.append(byte) }
        bytes.append(byte)
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }
}
