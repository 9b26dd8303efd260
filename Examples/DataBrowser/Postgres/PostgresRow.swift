import CLibpq

/// One row of a result as libpq holds it, read in place: a value is copied only when the
/// caller makes something of it that it keeps.
///
/// A row is lent to the closure given to ``PostgresSession/rows(_:binary:prepare:last:reading:)``
/// and is valid only while that closure runs: the result it reads is cleared once every row
/// is made.
struct PostgresRow {
  /// The result.
  let result: OpaquePointer
  /// The row's index in the result.
  let index: Int32

  /// How many values the row holds.
  var count: Int { Int(PQnfields(result)) }

  /// Whether value `column` is `NULL`.
  func isNull(_ column: Int) -> Bool {
    PQgetisnull(result, index, Int32(column)) == 1
  }

  /// The bytes of value `column`, followed in memory by a NUL byte libpq adds, or `nil` for
  /// `NULL`; valid while the row is.
  func bytes(_ column: Int) -> UnsafeBufferPointer<UInt8>? {
    // A NULL's length is 0: only an empty value is asked whether it is one.
    let length = Int(PQgetlength(result, index, Int32(column)))
    guard length > 0 || !isNull(column), let value = PQgetvalue(result, index, Int32(column))
    else { return nil }
    return UnsafeBufferPointer(
      start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: length)
  }

  /// Value `column` as text, UTF-8 decoded, or `nil` for `NULL`.
  func text(_ column: Int) -> String? {
    bytes(column).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Every value as text, `nil` for `NULL`.
  var texts: [String?] {
    (0..<count).map(text)
  }
}
