/// Writes the lines of an export in a ``RecordExportFormat``: the header, then a line a record,
/// appended to an ``ExportBuffer``, a long value a slice at a time.
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
      var key = ExportBuffer(file: nil)
      if index > 0 { key.append(UInt8(ascii: ",")) }
      // A buffer of no file never writes: it cannot fail.
      try? JSONText.appendString(name, to: &key)
      key.append(UInt8(ascii: ":"))
      return key.bytes
    }
  }

  /// Appends the header line to `out`: nothing for JSON lines, whose records name their
  /// columns.
  ///
  /// - Throws: ``RecordExportError/writeFailed(_:reason:)``.
  func appendHeader(to out: inout ExportBuffer) throws(RecordExportError) {
    switch format {
    case .csv, .tsv:
      try appendLine(names.map { .text($0) }, to: &out)
    case .jsonLines:
      break
    }
  }

  /// Appends the line of the record of `values`, one a column, to `out`.
  ///
  /// - Throws: ``RecordExportError/writeFailed(_:reason:)``.
  func append(_ values: [CellValue], to out: inout ExportBuffer) throws(RecordExportError) {
    switch format {
    case .csv, .tsv:
      try appendLine(values, to: &out)
    case .jsonLines:
      out.append(UInt8(ascii: "{"))
      for (key, value) in zip(jsonKeys, values) {
        out.append(contentsOf: key)
        try JSONText.append(value, to: &out)
      }
      out.append(contentsOf: "}\n".utf8)
    }
  }

  /// Appends `values` as one CSV line ended by CR LF, or one TSV line ended by a line feed.
  private func appendLine(_ values: [CellValue], to out: inout ExportBuffer)
    throws(RecordExportError)
  {
    for (index, value) in values.enumerated() {
      if index > 0 { out.append(UInt8(ascii: format == .csv ? "," : "\t")) }
      if format == .csv {
        try Self.appendCSVField(value, to: &out)
      } else {
        try Self.appendTSVField(value, to: &out)
      }
    }
    out.append(contentsOf: format == .csv ? "\r\n".utf8 : "\n".utf8)
  }

  /// Appends `number` in decimal digits, with no text made of it.
  static func appendDigits(_ number: Int64, to out: inout ExportBuffer) {
    if number < 0 { out.append(UInt8(ascii: "-")) }
    var magnitude = number.magnitude
    // 2^63 has 19 digits.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      out.append(contentsOf: digits[start...])
    }
  }

  /// Appends `\x` and the bytes of `blob` in lowercase hex, a slice at a time.
  ///
  /// - Throws: ``RecordExportError/writeFailed(_:reason:)``.
  static func appendHex(_ blob: [UInt8], to out: inout ExportBuffer) throws(RecordExportError) {
    let digits: StaticString = "0123456789abcdef"
    out.append(UInt8(ascii: "\\"))
    out.append(UInt8(ascii: "x"))
    var start = 0
    while start < blob.count {
      let end = min(blob.count, start + ExportBuffer.sliceSize)
      digits.withUTF8Buffer { hex in
        for byte in blob[start..<end] {
          out.append(hex[Int(byte >> 4)])
          out.append(hex[Int(byte & 15)])
        }
      }
      try out.writeIfFull()
      start = end
    }
  }

  /// Appends `value` as a CSV field: NULL empty, empty text `""`, a BLOB `\x` and hex, and
  /// text quoted when it holds a comma, a quote, a CR or a line feed, its quotes doubled.
  ///
  /// - Throws: ``RecordExportError/writeFailed(_:reason:)``.
  static func appendCSVField(_ value: CellValue, to out: inout ExportBuffer)
    throws(RecordExportError)
  {
    switch value {
    case .null:
      return
    case .integer(let number):
      appendDigits(number, to: &out)
      return
    case .blob(_, let prefix):
      try appendHex(prefix, to: &out)
      return
    case .text(let text) where text.isEmpty:
      out.append(contentsOf: "\"\"".utf8)
      return
    default:
      break
    }
    let text = value.cellText
    let needsQuotes = text.utf8.contains { byte in
      byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
    }
    guard needsQuotes else {
      try out.appendSlices(of: text) { slice, out in out.append(contentsOf: slice) }
      return
    }
    out.append(UInt8(ascii: "\""))
    try out.appendSlices(of: text) { slice, out in
      for byte in slice {
        if byte == UInt8(ascii: "\"") { out.append(byte) }
        out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Appends `value` as a TSV field, escaped as PostgreSQL's `COPY` text format does
  /// (``ClipboardText/escape(_:)``): NULL `\N`, and a BLOB's text, `\x` and hex, escaped as
  /// any text is (`\\x…`): `COPY` reads it back as a `bytea`.
  ///
  /// - Throws: ``RecordExportError/writeFailed(_:reason:)``.
  static func appendTSVField(_ value: CellValue, to out: inout ExportBuffer)
    throws(RecordExportError)
  {
    switch value {
    case .null:
      out.append(contentsOf: "\\N".utf8)
    case .blob(_, let bytes):
      out.append(UInt8(ascii: "\\"))
      try appendHex(bytes, to: &out)
    default:
      try out.appendSlices(of: value.cellText) { slice, out in
        for byte in slice {
          if let escaped = ClipboardText.escape(byte) {
            out.append(UInt8(ascii: "\\"))
            out.append(escaped)
          } else {
            out.append(byte)
          }
        }
      }
    }
  }
}
