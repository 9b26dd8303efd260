import Foundation
import GRDB

/// The sample database `data-browser` opens when run without arguments: a million people, with
/// names in many scripts, emails, amounts, dates, some NULLs and some BLOBs, plus orders and
/// two WITHOUT ROWID tables. `people.city` has an index, so that sorting by it reads pages
/// through the index while sorting by another column reads the table.
public enum SampleDatabase {
  /// People in the default sample.
  public static let defaultRowCount = 1_000_000
  /// Bumped when the sample's contents change, so that an old cached copy is not reused.
  public static let version = 2

  /// The cache folder: `$XDG_CACHE_HOME/termelements`, or `~/.cache/termelements`.
  public static func cacheDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/termelements"
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.cache/termelements"
  }

  /// Where the sample of `rowCount` people is cached.
  public static func defaultPath(
    rowCount: Int = defaultRowCount,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    cacheDirectory(environment: environment) + "/sample-v\(version)-\(rowCount).sqlite"
  }

  /// Makes the sample at `path` unless it is there already; returns whether it made it.
  ///
  /// `progress` gets the percentage done now and then.
  @discardableResult
  public static func ensure(
    at path: String, rowCount: Int = defaultRowCount, progress: (Int) -> Void = { _ in }
  ) throws -> Bool {
    if FileManager.default.fileExists(atPath: path) { return false }
    try create(at: path, rowCount: rowCount, progress: progress)
    return true
  }

  /// Writes the sample to a temporary file next to `path`, in one transaction, and renames it
  /// to `path` once complete, so that an interrupted run never leaves half a database there.
  public static func create(
    at path: String, rowCount: Int, progress: (Int) -> Void = { _ in }
  ) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let partial = path + ".partial"
    try? FileManager.default.removeItem(atPath: partial)
    do {
      try fill(DatabaseQueue(path: partial), rowCount: rowCount, progress: progress)
      guard rename(partial, path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
      }
    } catch {
      try? FileManager.default.removeItem(atPath: partial)
      throw error
    }
  }

  /// Creates the tables and rows.
  static func fill(_ queue: DatabaseQueue, rowCount: Int, progress: (Int) -> Void) throws {
    try queue.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
      try db.inTransaction {
        try db.execute(
          sql: """
            CREATE TABLE people (
              id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, city TEXT,
              born TEXT, balance REAL, joined_at TEXT, note TEXT, avatar BLOB);
            CREATE TABLE orders (
              id INTEGER PRIMARY KEY, person_id INTEGER NOT NULL, placed_at TEXT NOT NULL,
              amount REAL NOT NULL, status TEXT NOT NULL, coupon TEXT);
            CREATE TABLE countries (
              code TEXT PRIMARY KEY, name TEXT NOT NULL, capital TEXT, population INTEGER)
              WITHOUT ROWID;
            CREATE TABLE stock (
              warehouse TEXT NOT NULL, sku INTEGER NOT NULL, quantity INTEGER NOT NULL,
              PRIMARY KEY (warehouse, sku)) WITHOUT ROWID;
            """)
        var random = SplitMix(seed: 42)
        let orderCount = max(1, rowCount / 20)
        let total = rowCount + orderCount
        var lastPercent = -1
        func report(_ done: Int) {
          let percent = done * 100 / max(1, total)
          if percent != lastPercent {
            lastPercent = percent
            progress(percent)
          }
        }
        let person = try db.makeStatement(sql: "INSERT INTO people VALUES (?,?,?,?,?,?,?,?,?)")
        for id in 1...max(1, rowCount) {
          try person.execute(arguments: personValues(id: id, random: &random))
          if id % 5_000 == 0 { report(id) }
        }
        let order = try db.makeStatement(sql: "INSERT INTO orders VALUES (?,?,?,?,?,?)")
        for id in 1...orderCount {
          let coupon: String? = random.next(100) < 85 ? nil : "SAVE\(random.next(50))"
          try order.execute(arguments: [
            id, random.next(max(1, rowCount)) + 1,
            date(random: &random, years: 2015...2025) + " "
              + String(format: "%02d:%02d", random.next(24), random.next(60)),
            Double(random.next(100_000)) / 100, statuses[random.next(statuses.count)], coupon,
          ])
          if id % 5_000 == 0 { report(rowCount + id) }
        }
        let country = try db.makeStatement(sql: "INSERT INTO countries VALUES (?,?,?,?)")
        for (code, name, capital, population) in countries {
          try country.execute(arguments: [code, name, capital, population])
        }
        let stock = try db.makeStatement(sql: "INSERT INTO stock VALUES (?,?,?)")
        for warehouse in ["Kraków", "Lyon", "Osaka", "Reno"] {
          for sku in 1...750 {
            try stock.execute(arguments: [warehouse, sku * 7, random.next(500)])
          }
        }
        try db.execute(sql: "CREATE INDEX people_city ON people(city)")
        report(total)
        return .commit
      }
    }
  }

  /// The values of person `id`.
  static func personValues(id: Int, random: inout SplitMix) -> StatementArguments {
    let first = firstNames[random.next(firstNames.count)]
    let families = first.isCJK ? cjkLastNames : otherLastNames
    let last = families[random.next(families.count)]
    let name = first.isCJK ? last.native + first.native : first.native + " " + last.native
    let email: String? =
      random.next(10) == 0 ? nil : "\(first.ascii).\(last.ascii)\(id)@example.com".lowercased()
    let city: String? = random.next(25) == 0 ? nil : cities[random.next(cities.count)]
    let born = date(random: &random, years: 1940...2006)
    let balance: Double? =
      random.next(8) == 0 ? nil : Double(random.next(2_000_000) - 200_000) / 100
    let joined = date(random: &random, years: 2010...2025)
    let note: String? =
      switch random.next(40) {
      case 0: "Prefers contact by email; long-standing customer since the first shop opened."
      case 1: "配送は午前中を希望。"
      case 2: "Tab\tseparated\tnote"
      case 3: "Multi-line\nnote"
      case 4: "Pasted from a terminal: \u{1B}[31mred\u{1B}[0m"
      case 5...9: "VIP"
      default: nil
      }
    var avatar: Data?
    if random.next(25) == 0 {
      let size = 16 + random.next(1_500)
      var bytes = [UInt8](repeating: 0, count: size)
      bytes[0] = 0x89
      for index in 1..<size { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ id) }
      avatar = Data(bytes)
    }
    return [id, name, email, city, born, balance, joined, note, avatar]
  }

  /// A date in `years`, as `YYYY-MM-DD`.
  static func date(random: inout SplitMix, years: ClosedRange<Int>) -> String {
    let year = years.lowerBound + random.next(years.count)
    let month = 1 + random.next(12)
    let day = 1 + random.next(28)
    return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
  }

  /// A name as written, and in ASCII for email addresses.
  struct Name {
    /// As written.
    let native: String
    /// In ASCII.
    let ascii: String
    /// Whether it is written in Chinese, Japanese or Korean script, family name first.
    var isCJK: Bool { native.unicodeScalars.first.map { $0.value >= 0x3000 } ?? false }
  }

  /// Given names.
  static let firstNames: [Name] = [
    ("Ada", "ada"), ("José", "jose"), ("Zoë", "zoe"), ("Björn", "bjorn"), ("François", "francois"),
    ("Łukasz", "lukasz"), ("Søren", "soren"), ("Chloé", "chloe"), ("Mei", "mei"),
    ("Ngozi", "ngozi"),
    ("Aarav", "aarav"), ("Olga", "olga"), ("Émile", "emile"), ("Jürgen", "jurgen"),
    ("Grace", "grace"),
    ("Alan", "alan"), ("Fatima", "fatima"), ("Ines", "ines"), ("花子", "hanako"), ("伟", "wei"),
    ("민준", "minjun"), ("Αλέξανδρος", "alexandros"), ("Дмитрий", "dmitry"), ("Siobhán", "siobhan"),
  ].map { Name(native: $0.0, ascii: $0.1) }

  /// Family names; the CJK ones go with CJK given names.
  static let lastNames: [Name] = [
    ("Lovelace", "lovelace"), ("García", "garcia"), ("Müller", "muller"), ("Nowak", "nowak"),
    ("Dubois", "dubois"), ("Hopper", "hopper"), ("Turing", "turing"), ("Okafor", "okafor"),
    ("Sharma", "sharma"), ("Kowalczyk", "kowalczyk"), ("Ångström", "angstrom"),
    ("O'Brien", "obrien"),
    ("佐藤", "sato"), ("陈", "chen"), ("김", "kim"), ("Παπαδόπουλος", "papadopoulos"),
  ].map { Name(native: $0.0, ascii: $0.1) }

  /// Family names in CJK scripts.
  static let cjkLastNames = lastNames.filter(\.isCJK)
  /// The other family names.
  static let otherLastNames = lastNames.filter { !$0.isCJK }

  /// Cities.
  static let cities = [
    "Zürich", "São Paulo", "Kraków", "東京", "Reykjavík", "Montréal", "Αθήνα", "Москва", "Lagos",
    "Paris", "서울", "Buenos Aires", "Düsseldorf", "Málaga", "New York", "Mumbai",
  ]

  /// Order statuses.
  static let statuses = ["paid", "shipped", "delivered", "refunded", "cancelled"]

  /// Countries: code, name, capital, population.
  static let countries: [(String, String, String?, Int?)] = [
    ("BR", "Brasil", "Brasília", 203_062_512), ("CH", "Schweiz", "Bern", 8_902_308),
    ("CN", "中国", "北京", 1_409_670_000), ("DE", "Deutschland", "Berlin", 84_482_267),
    ("FR", "France", "Paris", 68_373_433), ("GR", "Ελλάδα", "Αθήνα", 10_413_982),
    ("IS", "Ísland", "Reykjavík", 387_758), ("JP", "日本", "東京", 124_516_650),
    ("KR", "대한민국", "서울", 51_751_065), ("NG", "Nigeria", "Abuja", 223_800_000),
    ("PL", "Polska", "Warszawa", 37_636_508), ("AQ", "Antarctica", nil, nil),
  ]
}

/// A small, fast, seeded random number generator, so that every sample is the same.
struct SplitMix {
  /// The state.
  var state: UInt64

  /// Starts from `seed`.
  init(seed: UInt64) { state = seed }

  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Int(z % UInt64(max(1, bound)))
  }
}
