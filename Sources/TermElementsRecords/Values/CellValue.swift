/// One value of a record, typed by the source that read it, so that the screens decide how it
/// looks: numbers to the right with their points lined up, NULL dimmed, a BLOB as its size.
///
/// ```swift
/// let row: [CellValue] = [.integer(17), .text("Ada"), .decimal("1204.50"), .null]
/// let cells = row.map(\.cellText)  // ["17", "Ada", "1204.50", "NULL"]
/// ```
public enum CellValue: Hashable, Sendable {
  /// No value: SQL's NULL, an empty CSV field where the source says so.
  case null
  /// A whole number.
  case integer(Int64)
  /// An exact decimal number, kept as its digits (`"-12.50"`), never rounded through a
  /// `Double`.
  case decimal(String)
  /// A floating-point number.
  case real(Double)
  /// A truth value.
  case boolean(Bool)
  /// Text.
  case text(String)
  /// Bytes: their count, and the first bytes, or all of them when `prefix.count == size`.
  case blob(size: Int, prefix: [UInt8])
  /// A JSON document, as its text.
  case json(String)
  /// A calendar date, as its ISO 8601 text (`2026-11-25`).
  case date(String)
  /// A time of day, as its ISO 8601 text (`09:30:00`).
  case time(String)
  /// A date and time, as its ISO 8601 text (`2026-11-25 09:30:00+00`).
  case timestamp(String)

  /// Bytes of a BLOB a page keeps with its size; the detail screen reads the whole value.
  public static let blobPrefixLength = 16

  /// A BLOB of `bytes`, kept whole.
  public static func blob(_ bytes: [UInt8]) -> CellValue {
    .blob(size: bytes.count, prefix: bytes)
  }

  /// Whether this is ``null``.
  public var isNull: Bool { self == .null }

  /// Whether the value is a number, which cells align to the right.
  public var isNumber: Bool {
    switch self {
    case .integer, .decimal, .real: true
    default: false
    }
  }

  /// The text of a cell: `NULL`, a BLOB's size such as `<blob 1.2 KiB>`, or the value as text.
  ///
  /// Text is returned as stored; the elements that draw it make it printable.
  public var cellText: String {
    switch self {
    case .null: "NULL"
    case .integer(let number): String(number)
    case .decimal(let digits): digits
    case .real(let number): String(number)
    case .boolean(let truth): truth ? "true" : "false"
    case .text(let text), .json(let text): text
    case .date(let text), .time(let text), .timestamp(let text): text
    case .blob(let size, _): "<blob \(Self.byteCount(size))>"
    }
  }

  /// A size in bytes for people: `512 B`, `1.2 KiB`, `3.0 MiB`.
  public static func byteCount(_ bytes: Int) -> String {
    if bytes < 1024 { return "\(bytes) B" }
    var value = Double(bytes) / 1024
    var unit = 0
    let units = ["KiB", "MiB", "GiB", "TiB"]
    while (value * 10).rounded() / 10 >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }

  /// A count with thousands separators: `1,000,000`.
  public static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return number < 0 ? "-" + result : result
  }
}
