import TermElementsRecords

/// A column of a PostgreSQL relation: its name, its type as the server writes it, and the
/// kind of value the records screens get from its text.
///
/// ```swift
/// let balance = PostgresColumn(name: "balance", typeName: "numeric(12,2)", baseType: "numeric")
/// let value = balance.value(fromText: "1204.50")  // .decimal("1204.50")
/// ```
public struct PostgresColumn: Hashable, Sendable {
  /// The column's name.
  public var name: String
  /// The type as `format_type` writes it: `numeric(12,2)`, `character varying(200)`, `shop.order_status`.
  public var typeName: String
  /// The built-in type its values read as: a domain's base type, else the type itself.
  public var baseType: String
  /// How the column's text becomes a ``TermElementsRecords/CellValue``.
  public var kind: PostgresValueKind
  /// Whether the column is `NOT NULL`.
  public var isNotNull: Bool

  /// A column called `name` of type `typeName`, whose values read as the built-in type
  /// `baseType` does (a domain's base type; the type's own name otherwise).
  public init(name: String, typeName: String, baseType: String, isNotNull: Bool = false) {
    self.name = name
    self.typeName = typeName
    self.baseType = baseType
    self.kind = PostgresValueKind(typeName: baseType)
    self.isNotNull = isNotNull
  }

  /// The SQL of the text form of `expression`, a value of this column, as the type's output
  /// writes it: `::text`, but for `inet` and `cidr`, whose cast to text adds the mask the
  /// output leaves out (`10.0.0.1/32`).
  public func text(of expression: String) -> String {
    guard baseType == "inet" || baseType == "cidr" else { return expression + "::text" }
    return "CASE WHEN \(expression) IS NULL THEN NULL ELSE format('%s', \(expression)) END"
  }

  /// The SQL of what a page reads of `expression`, a value of this column, in text: the value
  /// itself, written by its type's output, where that is short and what the screen shows;
  /// long text, `json` and the text of types of any length cut to `limit` characters; a
  /// `bytea` as its size and first bytes (`size:hex`). Nothing is cast that need not be: a
  /// cast to text costs the server a copy of every value. A `text` or `varchar` value of at
  /// most `limit` bytes, which has at most `limit` characters, is read as it is: `left`
  /// counts the characters of every value it is given, `octet_length` only reads the length
  /// the value is stored with, and a long value is still cut by `left`, which reads no more
  /// of a value stored out of line than it keeps.
  func pageSQL(of expression: String, limit: Int) -> String {
    switch kind {
    case .bytes:
      return "octet_length(\(expression))::text || ':' || encode(substring(\(expression) "
        + "from 1 for \(CellValue.blobPrefixLength)), 'hex')"
    case .text, .json:
      if pageTextIsWhole { return expression }
      guard ["text", "varchar"].contains(baseType) else {
        return "left(\(expression)::text, \(limit))"
      }
      return "CASE WHEN octet_length(\(expression)) <= \(limit) THEN \(expression) "
        + "ELSE left(\(expression), \(limit)) END"
    default: return expression
    }
  }

  /// Whether a page reads a value's whole text form (``pageSQL(of:limit:)``), the same text
  /// as ``text(of:)``'s: numbers, truth values, dates and times, and the types of short text
  /// (`uuid`, `inet`, `interval` …). A key's or sort's value is then read from its column.
  var pageTextIsWhole: Bool {
    switch kind {
    case .integer, .decimal, .real, .boolean, .date, .time, .timestamp: true
    case .json, .bytes: false
    case .text: Self.shortTextTypes.contains(baseType)
    }
  }

  /// Built-in types whose text form is short, kept whole in a page.
  static let shortTextTypes: Set<String> = [
    "uuid", "inet", "cidr", "macaddr", "macaddr8", "interval", "money", "char", "pg_lsn",
  ]

  /// The value of the column's text form, as the server writes it (`t`, `1204.50`, `{1,2}`).
  public func value(fromText text: String) -> CellValue {
    kind.value(fromText: text)
  }
}

/// The kinds of value a PostgreSQL column holds, as far as the screens show them differently.
public enum PostgresValueKind: Hashable, Sendable {
  /// `smallint`, `integer`, `bigint`, `oid`.
  case integer
  /// `numeric`: exact digits, aligned on their point.
  case decimal
  /// `real`, `double precision`.
  case real
  /// `boolean`.
  case boolean
  /// `date`.
  case date
  /// `time`, `time with time zone`.
  case time
  /// `timestamp`, `timestamp with time zone`.
  case timestamp
  /// `json`, `jsonb`.
  case json
  /// `bytea`.
  case bytes
  /// Text, and every other type as its text form: `interval`, `uuid`, arrays, enums, ranges.
  case text

  /// The kind of the built-in type called `typeName` in `pg_type` (`int8`, `timestamptz`).
  public init(typeName: String) {
    switch typeName {
    case "int2", "int4", "int8", "oid": self = .integer
    case "numeric": self = .decimal
    case "float4", "float8": self = .real
    case "bool": self = .boolean
    case "date": self = .date
    case "time", "timetz": self = .time
    case "timestamp", "timestamptz": self = .timestamp
    case "json", "jsonb": self = .json
    case "bytea": self = .bytes
    default: self = .text
    }
  }

  /// Whether a search looks at the kind's values, as ``TermElementsRecords/SearchText`` says:
  /// not floating-point numbers, truth values or bytes.
  public var isSearched: Bool {
    switch self {
    case .real, .boolean, .bytes: false
    default: true
    }
  }

  /// The value of `text`, the server's text form of a value of this kind; a form that does
  /// not read as the kind (`NaN`, `infinity`) stays text.
  public func value(fromText text: String) -> CellValue {
    var text = text
    return text.withUTF8 { value(fromUTF8: $0) }
  }

  /// The value of `text`, the UTF-8 of the server's text form of a value of this kind, read
  /// in place: only what the value keeps is copied (no text at all for a number).
  func value(fromUTF8 text: UnsafeBufferPointer<UInt8>) -> CellValue {
    func string() -> String { String(decoding: text, as: UTF8.self) }
    switch self {
    case .integer: return Self.integer(text[...]).map(CellValue.integer) ?? .text(string())
    case .decimal: return Self.isDecimal(text) ? .decimal(string()) : .text(string())
    case .real: return Self.real(text).map(CellValue.real) ?? .text(string())
    case .boolean:
      // The server writes `t` and `f`.
      if text.count == 1, text[0] == UInt8(ascii: "t") { return .boolean(true) }
      if text.count == 1, text[0] == UInt8(ascii: "f") { return .boolean(false) }
      switch string() {
      case "true": return .boolean(true)
      case "false": return .boolean(false)
      case let other: return .text(other)
      }
    case .date: return .date(string())
    case .time: return .time(string())
    case .timestamp: return .timestamp(string())
    case .json: return .json(string())
    case .bytes, .text: return .text(string())
    }
  }

  /// The number of decimal digits `text`, with an optional sign, if it fits in 64 bits.
  static func integer(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
    var digits = text
    let negative = digits.first == UInt8(ascii: "-")
    if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
    guard !digits.isEmpty else { return nil }
    var number: Int64 = 0
    for byte in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      let digit = Int64(byte - UInt8(ascii: "0"))
      let (shifted, overflow) = number.multipliedReportingOverflow(by: 10)
      let (next, overflowAgain) =
        negative
        ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      guard !overflow, !overflowAgain else { return nil }
      number = next
    }
    return number
  }

  /// The floating-point number `text` writes (`0.1`, `-1.5e+30`, `NaN`, `-Infinity`), read as
  /// Swift reads numbers, whatever the program's locale: a plain decimal of few digits
  /// directly (``plainReal(_:)``), any other through a string, kept in place (no allocation)
  /// up to 15 bytes.
  static func real(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    plainReal(text) ?? Double(String(decoding: text, as: UTF8.self))
  }

  /// The number `text` writes when it is an optional `-`, digits and at most one point, its
  /// digits a whole number below 2⁵³ and at most 22 of them after the point: that whole
  /// number and that power of ten are exact doubles, so their quotient, rounded once, is the
  /// nearest double, as `strtod` reads it (`23.046`, `-2079.81`); `nil` for any other text.
  static func plainReal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    let negative = text.first == UInt8(ascii: "-")
    if negative { index = 1 }
    var whole: UInt64 = 0
    var decimals = 0
    var hasDigit = false
    var hasPoint = false
    while index < text.count {
      let byte = text[index]
      index += 1
      if byte == UInt8(ascii: ".") && !hasPoint {
        hasPoint = true
        continue
      }
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      whole = whole * 10 + UInt64(byte - UInt8(ascii: "0"))
      guard whole < 1 << 53 else { return nil }
      hasDigit = true
      if hasPoint { decimals += 1 }
    }
    guard hasDigit, decimals < Self.powersOfTen.count else { return nil }
    let value = Double(whole) / Self.powersOfTen[decimals]
    return negative ? -value : value
  }

  /// 10⁰ to 10²², every power of ten a double holds exactly.
  static let powersOfTen: [Double] = (0...22).map { power in
    (0..<power).reduce(1.0) { product, _ in product * 10 }
  }

  /// Whether `text` is a decimal number's digits: an optional `-`, digits, and at most one
  /// point with digits after it.
  static func isDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var digits = text[...]
    if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
    guard let first = digits.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
    else { return false }
    var points = 0
    for byte in digits {
      if byte == UInt8(ascii: ".") {
        points += 1
      } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        return false
      }
    }
    return points <= 1 && digits.last != UInt8(ascii: ".")
  }
}
