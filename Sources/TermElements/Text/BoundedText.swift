/// Text cut, before it is laid out, to what a given number of columns can show, so that a
/// megabyte label on one line costs what its visible part does.
enum BoundedText {
  /// The characters kept for `columns` columns: every character takes at least one column,
  /// but some take none (combining marks travel with their base, yet a lone zero-width
  /// character is one), so twice as many and some to spare.
  static func characters(forColumns columns: Int) -> Int {
    2 * min(max(0, columns), 1 << 40) + 64
  }

  /// `text`, or, when it is longer than `columns` columns can show, its beginning followed by
  /// `more`, which makes the layout cut it as it would have cut the whole text.
  static func prefix(of text: String, columns: Int, more: String) -> String {
    let kept = characters(forColumns: columns)
    // A string with at most `kept` UTF-8 bytes has at most `kept` characters.
    guard text.utf8.count > kept else { return text }
    let end = text.index(text.startIndex, offsetBy: kept, limitedBy: text.endIndex) ?? text.endIndex
    guard end < text.endIndex else { return text }
    return String(text[..<end]) + more
  }
}
