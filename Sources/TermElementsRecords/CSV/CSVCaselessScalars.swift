/// Which non-ASCII characters a search can look for by their bytes alone: those that no other
/// character folds to (``SearchText/fold(_:)``), so that a value holds the character exactly
/// where it holds a character that matches it.
enum CSVCaselessScalars {
  /// The characters that some other character folds to, such as `ü` (from `Ü`): built once, the
  /// first time a search asks, from every cased character (planes 0 and 1; the others have
  /// none).
  static let foldTargets: Set<UInt32> = {
    var targets = Set<UInt32>()
    for value in UInt32(0x80)...0x1_FFFF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else {
        continue
      }
      let folded = SearchText.fold(scalar)
      if folded != scalar { targets.insert(folded.value) }
    }
    return targets
  }()

  /// Whether the bytes of a value show where it holds a character that matches `scalar`, a
  /// folded character of a search's text: an ASCII one's byte, either case for a letter (no
  /// other character folds to ASCII); another's own bytes, unless some character folds to it.
  /// U+FFFD is not: a value shows it for bytes that are not UTF-8.
  static func canFindByBytes(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII || (scalar != "\u{FFFD}" && !foldTargets.contains(scalar.value))
  }
}
