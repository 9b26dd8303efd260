import GRDB

/// One value of a record, as the browser shows it: SQLite's five storage classes, with a BLOB
/// kept as its size and its first bytes only.
public enum CellValue: Equatable, Sendable {
  /// SQL NULL.
  case null
  /// An INTEGER.
  case integer(Int64)
  /// A REAL.
  case real(Double)
  /// TEXT.
  case text(String)
  /// A BLOB: its size in bytes and its first few bytes.
  case blob(size: Int, prefix: [UInt8])

  /// Bytes of a BLOB kept with its size; the detail view reads the whole value again.
  public static let blobPrefixLength = 16

  /// The browser's value for a database value.
  public init(_ value: DatabaseValue) {
    switch value.storage {
    case .null: self = .null
    case .int64(let number): self = .integer(number)
    case .double(let number): self = .real(number)
    case .string(let text): self = .text(text)
    case .blob(let data):
      self = .blob(size: data.count, prefix: Array(data.prefix(Self.blobPrefixLength)))
    }
  }

  /// Whether this is SQL NULL.
  public var isNull: Bool { self == .null }

  /// Whether the value is a number, which cells align to the right.
  public var isNumber: Bool {
    switch self {
    case .integer, .real: true
    default: false
    }
  }

  /// The text of a cell: `NULL`, a BLOB's size such as `<blob 1.2 KiB>`, or the value.
  ///
  /// Text is returned as stored; the elements that draw it make it printable.
  public var cellText: String {
    switch self {
    case .null: "NULL"
    case .integer(let number): String(number)
    case .real(let number): String(number)
    case .text(let text): text
    case .blob(let size, _): "<blob \(Self.byteCount(size))>"
    }
  }

  /// The value on one line: as ``cellText``, with a BLOB's first bytes in hex after its size.
  /// (``DetailScreen`` shows the whole value, through ``DetailContent``.)
  public var detailText: String {
    guard case .blob(let size, let prefix) = self, !prefix.isEmpty else { return cellText }
    let hex = prefix.map { byte in
      let digits = String(byte, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }
    return "<blob \(Self.byteCount(size))> " + hex.joined(separator: " ")
      + (size > prefix.count ? " …" : "")
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
