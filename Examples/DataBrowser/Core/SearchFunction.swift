import GRDB
import GRDBSQLite
import Synchronization
import TermElementsRecords

/// The test of ``SearchText`` in SQLite: `data_browser_search(counting, column, ...)` is 1 when
/// one of the values after the first contains the text, as ``SearchText/matches(_:)-(CellValue)``
/// says, and 0 otherwise.
///
/// It is a C function registered once on each connection, reading each value's bytes where
/// SQLite keeps them: a row that does not match is never copied into Swift. When `counting` is
/// not 0, it also counts the rows it is called on, and returns 1 from the ``chunkSize``th on,
/// match or not: a statement ordered by an index then stops (`LIMIT 1`) at the first match or
/// after a chunk of records, whichever comes first, so that a search can report its progress
/// and be cancelled between chunks.
///
/// The text searched for is the connection's ``matcher``, set while a search's statement runs;
/// with none, nothing matches.
final class SearchFunction: @unchecked Sendable {
  /// The function's name in SQL.
  static let name = "data_browser_search"

  /// The search under way on the connection, if any. Read and written only on the
  /// connection's queue, like the connection itself.
  var matcher: SearchMatcher?
  /// The connection's address.
  let connection: Int

  /// The function of each connection it is registered on, by the connection's address; SQLite
  /// removes it when it closes the connection.
  fileprivate static let registered = Mutex<[Int: SearchFunction]>([:])

  /// A function for the connection at `connection`.
  private init(connection: Int) {
    self.connection = connection
  }

  /// The function of `db`'s connection, registered on its first use.
  static func on(_ db: Database) throws -> SearchFunction {
    guard let connection = db.sqliteConnection else {
      throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is closed")
    }
    let address = Int(bitPattern: UnsafeRawPointer(connection))
    if let function = registered.withLock({ $0[address] }) { return function }
    let function = SearchFunction(connection: address)
    // SQLite keeps the function alive until it drops it, closing the connection or when its
    // registration fails, and calls `release` then.
    let code = sqlite3_create_function_v2(
      connection, name, -1, SQLITE_UTF8, Unmanaged.passRetained(function).toOpaque(), call, nil,
      nil, release)
    guard code == SQLITE_OK else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code),
        message: String(cString: sqlite3_errmsg(connection)))
    }
    registered.withLock { $0[address] = function }
    return function
  }

  /// Runs `body` with `matcher` as the text searched for.
  func searching<T>(_ matcher: SearchMatcher, _ body: () throws -> T) rethrows -> T {
    self.matcher = matcher
    defer { self.matcher = nil }
    return try body()
  }
}

/// The function SQLite calls: see ``SearchFunction``.
private func call(
  _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard let data = sqlite3_user_data(context), let values, count >= 1 else {
    sqlite3_result_int(context, 0)
    return
  }
  let function = Unmanaged<SearchFunction>.fromOpaque(data).takeUnretainedValue()
  guard let matcher = function.matcher else {
    sqlite3_result_int(context, 0)
    return
  }
  var matched = false
  for index in 1..<Int(count) where matcher.matches(values[index]) {
    matched = true
    break
  }
  if sqlite3_value_int(values[0]) != 0 {
    matcher.counted += 1
    if matcher.counted >= matcher.chunkSize { matched = true }
  }
  sqlite3_result_int(context, matched ? 1 : 0)
}

/// Drops a connection's function, when SQLite is done with it.
private func release(_ data: UnsafeMutableRawPointer?) {
  guard let data else { return }
  let function = Unmanaged<SearchFunction>.fromOpaque(data)
  let address = function.takeUnretainedValue().connection
  _ = SearchFunction.registered.withLock { $0.removeValue(forKey: address) }
  function.release()
}

/// What one search looks for, in the bytes of SQLite's values, and how many rows it was called
/// on: ``SearchFunction``'s state while a statement runs.
///
/// TEXT is searched in its UTF-8 bytes. Text of ASCII characters only is found byte by byte,
/// ASCII capitals folded, as `instr(lower(value), text)` finds it: in UTF-8, an ASCII byte is
/// only ever an ASCII character. An INTEGER is searched as its decimal digits, when the text
/// holds only digits and `-`. Other text is looked for, as ``SearchText/matches(_:)-(String)``
/// says, in TEXT that holds a character outside ASCII before any NUL and, ASCII capitals
/// folded, the text's longest run of ASCII characters: the only values it can match.
final class SearchMatcher {
  /// The text searched for.
  let text: SearchText
  /// Rows after which the counting function returns 1.
  let chunkSize: Int
  /// Rows the counting function was called on.
  var counted = 0
  /// The bytes looked for, folded: the text's (all ASCII), or its longest ASCII run.
  private let needle: [UInt8]
  /// For each byte of ``needle``, 0x20 for a letter (a byte ORed with it folds to lowercase),
  /// else 0.
  private let masks: [UInt8]
  /// Whether an INTEGER's digits can hold the text.
  private let integersCanMatch: Bool

  /// A matcher of `text`, counting chunks of `chunkSize` rows.
  init(_ text: SearchText, chunkSize: Int = .max) {
    self.text = text
    self.chunkSize = max(1, chunkSize)
    let folded = text.text.unicodeScalars.map(SearchText.fold)
    let ascii: [Unicode.Scalar] =
      text.isASCII
      ? folded : folded.split { !$0.isASCII }.max { $0.count < $1.count }.map(Array.init) ?? []
    needle = ascii.map { UInt8($0.value) }
    masks = needle.map { (0x61...0x7A).contains($0) ? 0x20 : 0 }
    integersCanMatch =
      text.isASCII && !needle.isEmpty
      && needle.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x2D }
  }

  /// Whether SQLite's `value` contains the text.
  func matches(_ value: OpaquePointer?) -> Bool {
    if text.isEmpty { return false }
    switch sqlite3_value_type(value) {
    case SQLITE_TEXT:
      guard let bytes = sqlite3_value_text(value) else { return false }
      let count = Int(sqlite3_value_bytes(value))
      if text.isASCII { return contains(bytes, count) }
      // `SearchText` reads the text up to its first NUL, as GRDB does.
      guard Self.hasNonASCII(bytes), needle.isEmpty || contains(bytes, count) else {
        return false
      }
      return text.matches(String(cString: bytes))
    case SQLITE_INTEGER:
      guard integersCanMatch else { return false }
      return withDigits(of: sqlite3_value_int64(value)) { contains($0, $1) }
    default:
      return false
    }
  }

  /// Whether the `count` bytes at `bytes` hold ``needle``, ASCII capitals folded.
  func contains(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    needle.withUnsafeBufferPointer { needle in
      masks.withUnsafeBufferPointer { masks in
        let length = needle.count
        guard length <= count else { return false }
        let first = needle[0]
        let firstMask = masks[0]
        var start = 0
        let last = count - length
        while start <= last {
          if bytes[start] | firstMask == first {
            var offset = 1
            while offset < length && bytes[start + offset] | masks[offset] == needle[offset] {
              offset += 1
            }
            if offset == length { return true }
          }
          start += 1
        }
        return false
      }
    }
  }

  /// Whether the NUL-terminated `bytes` hold one outside ASCII.
  static func hasNonASCII(_ bytes: UnsafePointer<UInt8>) -> Bool {
    var pointer = bytes
    while pointer.pointee != 0 {
      if pointer.pointee >= 0x80 { return true }
      pointer += 1
    }
    return false
  }

  /// `body` applied to the decimal digits of `number`, as SQLite writes it.
  func withDigits<T>(of number: Int64, _ body: (UnsafePointer<UInt8>, Int) -> T) -> T {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
      var magnitude = number.magnitude
      var start = buffer.count
      repeat {
        start -= 1
        buffer[start] = 0x30 + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if number < 0 {
        start -= 1
        buffer[start] = 0x2D
      }
      return body(UnsafePointer(buffer.baseAddress! + start), buffer.count - start)
    }
  }
}
