/// A text that tells every value apart, for what must never mistake one value for another:
/// the ids of rows, the order of keys that ``CellValue/precedes(_:)`` ties (`0` and `0.0`).
extension CellValue {
  /// The value's kind, the length of its text and its text, so that no two values, nor two
  /// lists of them joined, have the same; values that are equal (`0.0` and `-0.0`) have one.
  var identityText: String {
    let (kind, text): (String, String) =
      switch self {
      case .null: ("n", "")
      case .integer(let number): ("i", String(number))
      case .decimal(let digits): ("d", digits)
      case .real(let number): ("r", String(number == 0 ? 0 : number))
      case .boolean(let truth): ("b", truth ? "1" : "0")
      case .text(let text): ("t", text)
      case .json(let text): ("j", text)
      case .date(let text): ("D", text)
      case .time(let text): ("T", text)
      case .timestamp(let text): ("S", text)
      case .blob(let size, let prefix):
        ("B", "\(size):" + prefix.map { String($0) }.joined(separator: ","))
      }
    return "\(kind)\(text.utf8.count):\(text)"
  }

  /// Whether key `a` comes before key `b`: value by value in ``precedes(_:)``'s order, and
  /// keys it ties (`[0]` and `[0.0]`) by their ``identityText``, so that distinct keys are
  /// never tied.
  static func keyPrecedes(_ a: [CellValue], _ b: [CellValue]) -> Bool {
    if a.lexicographicallyPrecedes(b, by: { $0.precedes($1) }) { return true }
    if b.lexicographicallyPrecedes(a, by: { $0.precedes($1) }) { return false }
    return a.map(\.identityText).joined().unicodeScalars.lexicographicallyPrecedes(
      b.map(\.identityText).joined().unicodeScalars)
  }
}
