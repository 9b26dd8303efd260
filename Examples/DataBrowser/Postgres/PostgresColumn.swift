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
    switch self {
    case .integer: Int64(text).map(CellValue.integer) ?? .text(text)
    case .decimal: Self.isDecimal(text) ? .decimal(text) : .text(text)
    case .real: Double(text).map(CellValue.real) ?? .text(text)
    case .boolean:
      text == "true" || text == "t"
        ? .boolean(true) : text == "false" || text == "f" ? .boolean(false) : .text(text)
    case .date: .date(text)
    case .time: .time(text)
    case .timestamp: .timestamp(text)
    case .json: .json(text)
    case .bytes, .text: .text(text)
    }
  }

  /// Whether `text` is a decimal number's digits: an optional `-`, digits, and at most one
  /// point with digits after it.
  static func isDecimal(_ text: String) -> Bool {
    var digits = text.utf8[...]
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
