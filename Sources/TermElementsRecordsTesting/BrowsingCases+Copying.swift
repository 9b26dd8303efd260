import Foundation
import TermElements
import TermElementsRecords

/// The case of `y` and `Y`: what reaches the terminal's clipboard.
extension BrowsingCases {
  /// `y` puts the value under the cursor on the clipboard, whole, through an OSC 52 sequence
  /// whose base64 payload decodes to the value's text (a BLOB's bytes in hex; NULL copies
  /// nothing and says so), and `Y` the record as one line of tab-separated values, escaped:
  /// for values of every column, the hostile ones first.
  public static let copying = BrowsingCase(
    "copying", "y copies the value under the cursor, Y the record, through OSC 52"
  ) { session in
    for sample in session.valueSamples() {
      guard await session.select(sample.record, column: sample.column) else { return }
      let step = "y on \(session.describeValue(sample))"
      let value = session.fixture.value(sample.record, sample.column)
      let before = session.browser.stack.clipboardWrites.count
      await session.press(.character("y"))
      let copied = session.clipboard(since: before)
      if value.isNull {
        session.expect(copied.isEmpty, "\(step): nothing copied", found: "\(copied)")
        session.expect(
          session.statusLineSays(
            "\(session.fixture.source.columns[sample.column].name) is NULL: nothing copied"),
          "\(step): the status line to say the value is NULL", found: session.statusLine)
        continue
      }
      let expected = cellReference(value)
      if case .blob(let size, let prefix) = value, prefix.count < size {
        // The fixture holds the start of a long BLOB: the copy starts with it.
        session.expect(
          copied.count == 1 && copied[0].hasPrefix(expected) && copied[0].count == 2 * size,
          "\(step): the clipboard holds \(size) bytes in hex from \(expected)",
          found: "\(copied.map { String(reflecting: $0.prefix(80)) })")
        continue
      }
      session.expect(
        copied == [expected], "\(step): the clipboard holds \(String(reflecting: expected))",
        found: "\(copied.map { String(reflecting: $0) })")
      session.expect(
        session.statusLineSays("Copied "), "\(step): the status line says what was copied",
        found: session.statusLine)
    }
    // A record whose values the fixture holds whole.
    let whole = session.fixture.order(in: .all).dropFirst(2).first { index in
      !session.fixture.records[index].values.contains { value in
        guard case .blob(let size, let prefix) = value else { return false }
        return prefix.count < size
      }
    }
    guard let record = whole,
      await session.select(record, column: session.fixture.source.columns.count - 1)
    else { return }
    let before = session.browser.stack.clipboardWrites.count
    await session.press(.character("Y"))
    let expected = session.fixture.records[record].values.map(fieldReference)
      .joined(separator: "\t")
    let copied = session.clipboard(since: before)
    session.expect(
      copied == [expected],
      "Y on \(session.describe(record)): the clipboard holds \(String(reflecting: expected))",
      found: "\(copied.map { String(reflecting: $0) })")
  }

  /// The text `y` copies of `value`.
  static func cellReference(_ value: CellValue) -> String {
    if case .blob(_, let bytes) = value { return bytes.map(hexByte).joined() }
    return value.cellText
  }

  /// The field of `value` in `Y`'s line: `\N` for NULL, `\x` and hex for a BLOB, and the text
  /// with `\`, tab, line feed and carriage return written `\\`, `\t`, `\n`, `\r`.
  static func fieldReference(_ value: CellValue) -> String {
    if value.isNull { return "\\N" }
    if case .blob(_, let bytes) = value { return "\\x" + bytes.map(hexByte).joined() }
    return value.cellText.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
      .replacingOccurrences(of: "\r", with: "\\r")
  }

  /// A byte in two lowercase hex digits.
  static func hexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16)
    return byte < 16 ? "0" + digits : digits
  }
}

extension BrowsingSession {
  /// What the screens put on the clipboard since `count` writes: each write sent as the OSC 52
  /// sequence the terminal gets, and its base64 payload decoded; a sequence that is not one
  /// reads as `<not OSC 52>`.
  public func clipboard(since count: Int) -> [String] {
    browser.stack.clipboardWrites.dropFirst(count).map { text in
      let sequence = ClipboardSequence.osc52(text)
      let start = "\u{1B}]52;c;"
      guard sequence.hasPrefix(start), sequence.hasSuffix("\u{07}"),
        let data = Data(base64Encoded: String(sequence.dropFirst(start.count).dropLast()))
      else { return "<not OSC 52>" }
      return String(decoding: data, as: UTF8.self)
    }
  }
}
