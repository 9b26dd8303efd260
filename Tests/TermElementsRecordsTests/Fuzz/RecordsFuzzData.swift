import TermElementsRecords
import TermElementsTestSupport

/// A random table of records: columns, values of every kind, and how records are keyed.
struct RecordsFuzzData {
  /// Texts that stress the drawing and the search: wide, combining, hostile, long, empty.
  static let texts = [
    "", "a", "Ada", "ada lovelace", "東京タワー", "Zoë 🎉", "e\u{301}\u{302}", "\u{1B}[31mred",
    "tab\there", "new\nline", "\u{202E}evil", "👨‍👩‍👧‍👦 family", "🇫🇷🇩🇪", "กำ", "MÜLLER", "müller",
    String(repeating: "long words here ", count: 12), "\u{0}\u{7F}\u{85}\u{9B}", "   ", "ＡＢＣ",
    "a\u{200D}b", "'quoted'", "\"double\"", "x = 1 or", "(", "NULL", "12", " 40 ", "1.5",
  ]
  /// Column names, hostile ones and repeats among them.
  static let names = [
    "id", "name", "city", "balance", "", "first name", "名前", "a\"b", "and", "NULL", "x", "X",
    "\u{1B}[1m", "very long column name indeed",
  ]

  /// The source's name.
  var name: String
  /// The columns' names.
  var columns: [String]
  /// The records as given to the source.
  var records: [[CellValue]]
  /// The key's columns.
  var keyColumns: [Int]

  /// A random table.
  init(_ random: inout SeededRandom) {
    name = random.pick(["people", "", "東京", "t\u{1B}x"])
    let width = random.chance(0.05) ? 0 : random.int(1...7)
    columns = (0..<width).map { _ in random.pick(Self.names) }
    let count =
      random.chance(0.1)
      ? 0 : random.chance(0.6) ? random.int(1...60) : random.int(61...2_000)
    var keyColumns: [Int] = []
    let keyKind = random.int(0...9)
    if width > 0 && keyKind >= 5 {
      keyColumns = [random.chance(0.6) ? 0 : random.int(0...(width - 1))]
      if width > 1 && random.chance(0.2) { keyColumns.append(width - 1) }
    }
    // Each column draws its values from a few kinds, with repeats.
    let kinds = (0..<width).map { _ in random.int(0...9) }
    records = (0..<count).map { index in
      (0..<width).map { column in
        if column == 0 && keyKind >= 5 && keyKind < 8 { return .integer(Int64(index * 3 - 50)) }
        return Self.value(kind: kinds[column], &random)
      }
    }
    // Now and then a record with fewer or more values than columns.
    if !records.isEmpty && random.chance(0.1) {
      let index = random.int(0...(records.count - 1))
      records[index] =
        random.chance(0.5) ? Array(records[index].dropLast()) : records[index] + [.integer(1)]
    }
    self.keyColumns = keyColumns
  }

  /// A random value of a column of `kind`.
  static func value(kind: Int, _ random: inout SeededRandom) -> CellValue {
    if random.chance(0.1) { return .null }
    switch kind {
    case 0: return .integer(Int64(random.int(-5...20)))
    case 1: return .text(random.pick(texts))
    case 2:
      return .decimal(
        random.pick(["1.50", "1.5", "-0.0", "0", "12345678901234567890.25", "3", "-2.125", "7.0"]))
    case 3:
      return .real(random.pick([1.5, -0.0, 0, 1e300, -2.25, 3, 0.1, .infinity]))
    case 4: return .boolean(random.chance(0.5))
    case 5:
      let size = random.pick([0, 3, 16, 17, 2_000])
      let bytes = (0..<min(size, CellValue.blobPrefixLength)).map { _ in UInt8(random.int(0...255))
      }
      return .blob(size: size, prefix: bytes)
    case 6: return .date(random.pick(["2026-11-25", "1999-01-01", "2026-11-25"]))
    case 7: return .json(random.pick(["{}", "{\"a\":[1,2]}", "[\"東\"]", "null"]))
    case 8:
      // A column of mixed kinds.
      return value(kind: random.int(0...7), &random)
    default: return .text("t\(random.int(0...30))")
    }
  }
}
