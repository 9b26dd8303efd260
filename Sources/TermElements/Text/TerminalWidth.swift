/// Measures how many terminal columns scalars and grapheme clusters take, as glibc's `wcwidth`
/// does, and so as ncurses and terminals such as tmux do.
///
/// Scalars are looked up in the generated ``WidthTables``. A terminal gives every spacing
/// scalar (one that takes a column or two) a cell of its own and attaches zero-width scalars
/// to the cell before them, so a grapheme cluster takes the columns of its spacing scalars
/// added up: `कि` (U+0915 U+093F) takes two. The one exception is an emoji sequence, such as
/// `👨‍👩‍👧` or `🇯🇵`, which emoji-aware terminals draw as one two-column picture.
enum TerminalWidth {
  /// Box drawing, block elements and geometric shapes: the marks tables are drawn with, all
  /// assigned, printable, one column (the wide ones among them are in the wide table), and
  /// looked up more often than anything but ASCII.
  static let tableMarks: ClosedRange<UInt32> = 0x2500...0x25FF

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
    // Table marks hold no format character.
    if tableMarks.contains(value) {
      return 1
    }
    if scalar.properties.generalCategory == .format {
      return 0
    }
    return 1
  }

  /// Columns a grapheme cluster takes in a terminal: its spacing scalars' columns added up,
  /// or 2 for an emoji sequence; 0 when it holds no spacing scalar.
  static func of(_ character: Character) -> Int {
    let utf8 = character.utf8
    if let lead = utf8.first, lead < 0x80, utf8.count == 1 {
      return lead >= 0x20 && lead < 0x7F ? 1 : 0
    }
    let scalars = character.unicodeScalars
    if isEmojiSequence(scalars) {
      return 2
    }
    return scalars.reduce(0) { $0 + of($1) }
  }

  /// Whether a grapheme cluster is an emoji sequence drawn as one two-column picture, however
  /// many spacing scalars it holds: a flag, a keycap, an emoji with U+FE0F, a skin tone or a
  /// tag sequence, a zero-width-joiner sequence, or an emoji shown as emoji by default.
  ///
  /// A cluster with U+FE0E asks for text presentation, and one that starts with a zero-width
  /// scalar has nothing for it to ride on; neither is one, and their scalars are measured one
  /// by one, like any other text.
  static func isEmojiSequence(_ scalars: Character.UnicodeScalarView) -> Bool {
    // Marks before the first spacing scalar belong to the cell before it, on a terminal.
    guard let base = scalars.first, of(base) > 0 else { return false }
    var regionalIndicators = 0
    var hasEmojiSelector = false
    var hasModifierOrTag = false
    var hasJoiner = false
    var isJoined = false
    for scalar in scalars.dropFirst() {
      switch scalar.value {
      case 0xFE0E:
        return false
      case 0xFE0F:
        hasEmojiSelector = true
      case 0x200D:
        hasJoiner = true
      case 0x1F1E6...0x1F1FF:
        regionalIndicators += 1
      case 0x1F3FB...0x1F3FF, 0xE0020...0xE007F:
        hasModifierOrTag = true
      default:
        isJoined = isJoined || (hasJoiner && of(scalar) > 0)
      }
    }
    if (0x1F1E6...0x1F1FF).contains(base.value) {
      // A flag is a pair; a regional indicator on its own is a letter one column wide, as
      // `wcwidth` says.
      return regionalIndicators >= 1
    }
    let properties = base.properties
    guard properties.isEmoji else {
      return false
    }
    // No scalar below U+231A WATCH has the Emoji_Presentation property.
    if base.value >= 0x231A && properties.isEmojiPresentation {
      return true
    }
    return hasEmojiSelector || hasModifierOrTag || isJoined
  }

  /// Whether `value` lies in one of the flattened inclusive ranges of `table`.
  ///
  /// `table` holds sorted, non-overlapping `lower, upper` pairs, as ``WidthTables`` does.
  private static func contains(_ value: UInt32, in table: [UInt32]) -> Bool {
    guard let first = table.first, let last = table.last, value >= first, value <= last else {
      return false
    }
    // The first range whose upper bound is not below `value`.
    let range = (0..<(table.count / 2)).partitionPoint { table[2 * $0 + 1] >= value }
    return table[2 * range] <= value
  }
}
