/// One value as the detail view shows it: its lines, and for a BLOB a summary of what it is.
///
/// Text is shown line by line, a BLOB of UTF-8 text as text, a JSON object or array
/// pretty-printed, and any other BLOB as a hex dump. Huge values are cut: at most
/// ``textLimit`` bytes of text or 4,096 bytes of hex, and the detail view says how much was left
/// out. The lines are as stored; the elements that draw them make them printable.
public struct DetailContent: Equatable, Sendable {
  /// How the lines are shown.
  package enum Kind: Equatable, Sendable {
    /// No value.
    case null
    /// A number.
    case number
    /// Text, each line wrapped to the width.
    case text
    /// A JSON object or array, pretty-printed, each line wrapped to the width.
    case json
    /// A hex dump, its lines cut rather than wrapped.
    case hexDump
  }

  /// How the lines are shown.
  package var kind: Kind
  /// What a BLOB is, such as `<blob 1.3 KiB>`, shown before its lines; `nil` for other values.
  package var summary: String?
  /// The lines shown.
  package var lines: [String]
  /// Bytes of the value, or of its pretty-printed form, left out.
  package var omittedBytes: Int

  /// Bytes of text shown at most.
  public static let textLimit = 64 * 1_024
  /// Lines of text shown at most.
  public static let lineLimit = 5_000
  /// The largest value tried as JSON; larger ones are shown as text.
  public static let jsonLimit = 1_024 * 1_024

  /// Makes content from its parts.
  package init(kind: Kind, summary: String? = nil, lines: [String], omittedBytes: Int = 0) {
    self.kind = kind
    self.summary = summary
    self.lines = lines
    self.omittedBytes = omittedBytes
  }

  /// The content of a value: numbers and other short values as their text, text and JSON
  /// line by line (JSON pretty-printed, text that is a JSON object or array too), a BLOB as
  /// ``init(blob:size:)`` shows it.
  package init(_ value: CellValue) {
    switch value {
    case .null:
      self.init(kind: .null, lines: ["NULL"])
    case .integer, .decimal, .real:
      self.init(kind: .number, lines: [value.cellText])
    case .boolean, .date, .time, .timestamp:
      self.init(kind: .text, lines: [value.cellText])
    case .text(let text), .json(let text):
      if text.utf8.count <= Self.jsonLimit, let pretty = PrettyJSON.format(text) {
        self.init(kind: .json, text: pretty)
      } else {
        self.init(kind: .text, text: text)
      }
    case .blob(let size, let bytes):
      self.init(blob: Array(bytes.prefix(Self.jsonLimit)), size: size)
    }
  }

  /// The content of a value read for the detail screen: a whole value as it shows a
  /// ``CellValue``, and the start of a long text line by line up to the limits, the bytes of the
  /// whole past what is shown counted as left out.
  package init(_ value: DetailValue) {
    guard let whole = value.wholeByteCount else {
      self.init(value.value)
      return
    }
    switch value.value {
    case .text(let text), .json(let text):
      self.init(kind: .text, text: text, totalBytes: whole)
    default:
      self.init(value.value)
    }
  }

  /// The content of a BLOB of `size` bytes (by default as many as `bytes` holds): JSON, text or
  /// a hex dump, after a summary saying which.
  ///
  /// Of a larger BLOB, `bytes` need only be the first ``jsonLimit``; no more are looked at.
  package init(blob bytes: [UInt8], size: Int? = nil) {
    let size = max(size ?? bytes.count, bytes.count)
    let summary = "<blob \(CellValue.byteCount(size))"
    let isWhole = size <= Self.jsonLimit && size == bytes.count
    let head = isWhole ? bytes : Array(bytes.prefix(Self.textLimit))
    if let text = BlobText.text(of: head, isCut: head.count < size) {
      if isWhole, let pretty = PrettyJSON.format(text) {
        self.init(kind: .json, text: pretty)
        self.summary = summary + ", JSON>"
      } else {
        self.init(kind: .text, text: text, totalBytes: size)
        self.summary = summary + ", UTF-8 text>"
      }
    } else {
      self.init(
        kind: .hexDump, summary: summary + ">", lines: HexDump.lines(of: bytes),
        omittedBytes: max(0, size - HexDump.limit))
    }
  }

  /// Content of `kind` showing the lines of `text` up to the limits; `totalBytes` is the size
  /// of the whole value when `text` is only its start.
  init(kind: Kind, text: String, totalBytes: Int? = nil) {
    let (lines, shown) = Self.lines(of: text)
    self.init(
      kind: kind, lines: lines, omittedBytes: max(0, (totalBytes ?? text.utf8.count) - shown))
  }

  /// The line that says how much was left out, such as `… 1.2 MiB more not shown`; `nil` when
  /// nothing was.
  package var omissionNote: String? {
    omittedBytes > 0 ? "… \(CellValue.byteCount(omittedBytes)) more not shown" : nil
  }

  /// The lines of `text`, broken at line feeds (a carriage return before one goes with it), up
  /// to `byteLimit` bytes and `lineLimit` lines, and the bytes of `text` they cover.
  ///
  /// A line cut by the byte limit ends at a whole character.
  package static func lines(
    of text: String, byteLimit: Int = textLimit, lineLimit: Int = lineLimit
  ) -> (lines: [String], shownBytes: Int) {
    var bytes = Array(text.utf8.prefix(max(0, byteLimit)))
    let isCut = bytes.count < text.utf8.count
    if isCut { bytes.removeSubrange(BlobText.completeEnd(of: bytes)...) }
    var lines: [String] = []
    var start = 0
    var shown = 0
    while lines.count < max(1, lineLimit) {
      guard let feed = bytes[start...].firstIndex(of: 0x0A) else {
        // The last line: all that is left, unless the cut leaves nothing of it.
        if start < bytes.count || !isCut {
          lines.append(String(decoding: bytes[start...], as: UTF8.self))
        }
        shown = bytes.count
        break
      }
      let end = feed > start && bytes[feed - 1] == 0x0D ? feed - 1 : feed
      lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
      start = feed + 1
      shown = start
    }
    return (lines, shown)
  }
}
