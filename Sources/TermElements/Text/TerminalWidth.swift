/// Measures how many terminal columns scalars and grapheme clusters take.
///
/// Scalars are looked up in the generated ``WidthTables``; grapheme clusters add emoji
/// presentation, flag and zero-width-joiner rules on top of the width of their base scalar.
enum TerminalWidth {
  /// Columns a single printable scalar takes: 0, 1 or 2.
  ///
  /// Control (Cc) and format (Cf) scalars return 0; callers are expected to filter or replace
  /// those before measuring, so the value for them only keeps the answer in range.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F {
      return value >= 0x20 ? 1 : 0
    }
    // Below U+0300 nothing is wide or a combining mark: only DEL, the C1 controls and
    // U+00AD SOFT HYPHEN (Cf) take no column there.
    if value < 0x300 {
      return value < 0xA0 || value == 0xAD ? 0 : 1
    }
    if contains(value, in: WidthTables.wide) {
      return 2
    }
    if contains(value, in: WidthTables.zeroWidth) {
      return 0
    }
    if scalar.properties.generalCategory == .format {
      return 0
    }
    return 1
  }

  /// Columns a grapheme cluster takes in a terminal: 0, 1 or 2.
  static func of(_ character: Character) -> Int {
    let utf8 = character.utf8
    if let lead = utf8.first, lead < 0x80, utf8.count == 1 {
      return lead >= 0x20 && lead < 0x7F ? 1 : 0
    }
    return clusterWidth(character.unicodeScalars)
  }

  /// Width of a grapheme cluster that is not a single ASCII scalar.
  ///
  /// The base is the first scalar that takes at least one column; a cluster without one (only
  /// combining marks, conjoining jamo vowels, format or control scalars) takes no column.
  private static func clusterWidth(_ scalars: Character.UnicodeScalarView) -> Int {
    var base: Unicode.Scalar?
    var baseWidth = 0
    var hasTextSelector = false
    var hasEmojiSelector = false
    var hasJoiner = false
    var isJoined = false
    var regionalIndicators = 0
    for scalar in scalars {
      switch scalar.value {
      case 0xFE0E:
        hasTextSelector = true
        continue
      case 0xFE0F:
        hasEmojiSelector = true
        continue
      case 0x200D:
        hasJoiner = true
        continue
      case 0x1F1E6...0x1F1FF:
        regionalIndicators += 1
      default:
        break
      }
      if base == nil {
        let width = of(scalar)
        if width == 2 {
          return 2
        }
        if width > 0 {
          base = scalar
          baseWidth = width
        }
      } else if hasJoiner {
        isJoined = true
      }
    }
    guard let base else {
      return 0
    }
    if regionalIndicators >= 2 {
      return 2
    }
    if hasTextSelector {
      return baseWidth
    }
    let properties = base.properties
    // No scalar below U+231A WATCH has the Emoji_Presentation property.
    if base.value >= 0x231A && properties.isEmojiPresentation {
      return 2
    }
    if (hasEmojiSelector || isJoined) && properties.isEmoji {
      return 2
    }
    return baseWidth
  }

  /// Whether `value` lies in one of the flattened inclusive ranges of `table`.
  ///
  /// `table` holds sorted, non-overlapping `lower, upper` pairs, as ``WidthTables`` does.
  private static func contains(_ value: UInt32, in table: [UInt32]) -> Bool {
    guard let first = table.first, let last = table.last, value >= first, value <= last else {
      return false
    }
    var low = 0
    var high = table.count / 2
    // Find the first range whose upper bound is not below `value`.
    while low < high {
      let middle = (low + high) / 2
      if table[2 * middle + 1] < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return table[2 * low] <= value
  }
}
