import TermElementsRecords

/// Tables of typed, awkward values, as SQL that makes them and as the records the browser
/// should read back from them: the reference the browsing cases check the screens against.
struct BrowsingSample {
  /// Rows in each table.
  let count: Int

  /// The tables.
  let tables = ["public.items", "public.pairs", "public.loose"]

  /// Names with what breaks terminals and parsers: accents, wide characters, combining marks,
  /// a tab, a line break, quotes, an emoji, nothing.
  static let names = [
    "Ada", "Zoë Ünal", "東京 タワー", "tab\there", "e\u{301}cole", "line\nbreak",
    "quote ' and \"", "emoji 😀", "",
  ]

  /// Cities, NULL every fifth row.
  static let cities = ["Oslo", "Lagos", "Lima", "Kyiv"]

  /// Row `row`'s values in SQL, and as the browser reads them.
  func row(_ row: Int) -> (sql: [String], values: [CellValue]) {
    let id = row * 3
    let name = Self.names[row % Self.names.count] + " \(row)"
    let city = row % 5 == 0 ? nil : Self.cities[row % Self.cities.count]
    let balance = "\(row * 37 % 1000).\(String(format2: row % 100))"
    let active = row % 3 == 0
    let bytes = row % 4 == 0 ? nil : (0..<(row % 20)).map { UInt8(($0 * 37 + row) % 256) }
    let born = "2020-01-\(String(format2: 1 + row % 28))"
    let sql = [
      "\(id)", Self.literal(name), city.map(Self.literal) ?? "NULL", balance,
      active ? "true" : "false",
      bytes.map { "'\\x" + $0.map { String(format2hex: $0) }.joined() + "'::bytea" } ?? "NULL",
      "'\(born)'",
    ]
    let values: [CellValue] = [
      .integer(Int64(id)), .text(name), city.map(CellValue.text) ?? .null, .decimal(balance),
      .boolean(active),
      bytes.map { .blob(size: $0.count, prefix: Array($0.prefix(CellValue.blobPrefixLength))) }
        ?? .null,
      .date(born),
    ]
    return (sql, values)
  }

  /// The SQL that makes and fills the tables.
  var sql: String {
    let columns =
      "name text NOT NULL, city text, balance numeric(8,2), active boolean, "
      + "raw bytea, born date"
    var sql = """
      CREATE TABLE items (id bigint PRIMARY KEY, \(columns));
      CREATE INDEX ON items (city);
      CREATE TABLE pairs (a int, b text, v text, PRIMARY KEY (a, b));
      CREATE TABLE loose (n int, \(columns));

      """
    for index in 1...count {
      let (values, _) = row(index)
      sql += "INSERT INTO items VALUES (\(values.joined(separator: ", ")));\n"
      sql += "INSERT INTO loose VALUES (\(values.joined(separator: ", ")));\n"
      let (a, b, v) = pair(index)
      sql += "INSERT INTO pairs VALUES (\(a), \(Self.literal(b)), \(Self.literal(v)));\n"
    }
    return sql + "ANALYZE;\n"
  }

  /// Row `row` of `pairs`: a composite key whose second part is text.
  func pair(_ row: Int) -> (Int, String, String) {
    (row % 7, "k\(row)", Self.names[row % Self.names.count])
  }

  /// The records of `table` in the order the browser pages them; `addresses` are the rows'
  /// `ctid`s in the order they were inserted, for the table with no key.
  func records(_ table: String, addresses: [String] = []) -> [PageRecord] {
    switch table {
    case "public.pairs":
      return (1...count).map(pair).sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { a, b, v in
        PageRecord(
          values: [.integer(Int64(a)), .text(b), .text(v)],
          key: RecordKey([.integer(Int64(a)), .text(b)]))
      }
    case "public.loose":
      // A table with no key pages by row address: rows inserted one by one lie in order.
      return (1...count).map { index in
        PageRecord(values: row(index).values, key: RecordKey([.text(addresses[index - 1])]))
      }
    default:
      return (1...count).map { index in
        let values = row(index).values
        return PageRecord(values: values, key: RecordKey([values[0]]))
      }
    }
  }

  /// `text` as a SQL string literal.
  static func literal(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }
}

extension String {
  /// `number` in two digits.
  init(format2 number: Int) {
    self = number < 10 ? "0\(number)" : "\(number)"
  }

  /// `byte` in two hexadecimal digits.
  init(format2hex byte: UInt8) {
    let digits = String(byte, radix: 16)
    self = digits.count < 2 ? "0" + digits : digits
  }
}
