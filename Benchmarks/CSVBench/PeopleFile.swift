import Foundation
import Glibc

/// The generated CSV file the bench reads: `id,name,email,city,amount,joined,note`, about 106
/// bytes a line, with hostile fields (quotes doubled, commas and line breaks inside quotes,
/// CRLF now and then, CJK and combining marks), made once and kept in the cache folder like the
/// data browser's sample database.
///
/// The only `zanzibar` is in the note of the record three lines from the end; `Lima` is the
/// city of every tenth record.
enum PeopleFile {
  /// Bumped when the contents change, so that an old cached file is not reused.
  static let version = 1

  /// The cities, by id modulo 10.
  static let cities = [
    "Zürich", "東京都", "Kraków", "Lima", "Sa\u{303}o Paulo", "서울", "Montre\u{301}al", "Lagos",
    "Reykjavík", "Oslo",
  ]

  /// The cache folder: `$XDG_CACHE_HOME/termelements`, or `~/.cache/termelements`.
  static var cacheDirectory: String {
    let environment = ProcessInfo.processInfo.environment
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/termelements"
    }
    return (environment["HOME"] ?? NSHomeDirectory()) + "/.cache/termelements"
  }

  /// The path of the file of `records` records, made first if it is not there.
  static func ensure(records: Int, say: (String) -> Void) throws -> String {
    let path = cacheDirectory + "/people-csv-v\(version)-\(records).csv"
    if FileManager.default.fileExists(atPath: path) { return path }
    try FileManager.default.createDirectory(
      atPath: cacheDirectory, withIntermediateDirectories: true)
    let partial = path + ".partial"
    guard let stream = fopen(partial, "w") else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partial])
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(8 << 20)
    bytes += [0xEF, 0xBB, 0xBF]
    bytes += Array("id,name,email,city,amount,joined,note\r\n".utf8)
    for id in 1...records {
      line(id, last: records, into: &bytes)
      if bytes.count >= 4 << 20 {
        fwrite(bytes, 1, bytes.count, stream)
        bytes.removeAll(keepingCapacity: true)
      }
      if id % (records / 10) == 0 { say("making \(path): \(id * 100 / records)%") }
    }
    fwrite(bytes, 1, bytes.count, stream)
    fclose(stream)
    try FileManager.default.moveItem(atPath: partial, toPath: path)
    return path
  }

  /// Appends record `id` of `last` and its line end.
  static func line(_ id: Int, last: Int, into bytes: inout [UInt8]) {
    digits(id, &bytes)
    bytes.append(UInt8(ascii: ","))
    // The name: mostly `name N`, now and then quoted with quotes and a comma inside, or CJK.
    switch id % 1000 {
    case 7: bytes += Array("\"Smith, \"\"Jr.\"\" ".utf8) + digitBytes(id) + [0x22]
    case 11, 511: bytes += Array("山田 太郎 ".utf8) + digitBytes(id)
    default: bytes += Array("name ".utf8) + digitBytes(id)
    }
    bytes += Array(",user".utf8)
    digits(id, &bytes)
    bytes += Array("@example.com,".utf8)
    bytes += Array(cities[id % 10].utf8)
    bytes.append(UInt8(ascii: ","))
    let cents = id &* 7919 % 100_000
    digits(cents / 100, &bytes)
    bytes.append(UInt8(ascii: "."))
    bytes.append(UInt8(ascii: "0") + UInt8(cents % 100 / 10))
    bytes.append(UInt8(ascii: "0") + UInt8(cents % 10))
    bytes += Array(",20".utf8)
    twoDigits(10 + id % 15, &bytes)
    bytes.append(UInt8(ascii: "-"))
    twoDigits(1 + id % 12, &bytes)
    bytes.append(UInt8(ascii: "-"))
    twoDigits(1 + id % 28, &bytes)
    bytes.append(UInt8(ascii: ","))
    if id == last - 3 {
      bytes += Array("the zanzibar note".utf8)
    } else if id % 100 == 42 {
      // A line break inside a quoted field: the record spans two lines.
      bytes += Array("\"first line of a note\nsecond line, cafe\u{301} \"\"au lait\"\"\"".utf8)
    } else {
      bytes += Array("a note of some length about record ".utf8)
      digits(id, &bytes)
    }
    if id % 3 == 0 { bytes.append(0x0D) }
    if id < last { bytes.append(0x0A) }
  }

  private static func digitBytes(_ value: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    digits(value, &bytes)
    return bytes
  }

  private static func digits(_ value: Int, _ bytes: inout [UInt8]) {
    var divisor = 1
    while divisor <= value / 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  private static func twoDigits(_ value: Int, _ bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
    bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
  }
}
