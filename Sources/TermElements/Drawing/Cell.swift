/// One terminal cell: a character, the columns it spans, and its style.
///
/// A two-column character fills its own cell with `width == 2`; the cell to its right is a
/// continuation with `width == 0` that draws nothing.
///
/// A cell is plain data, with no reference inside, so that copying and comparing frames is
/// cheap (the ncurses front end compares lines with `memcmp`): its character is packed as UTF-8
/// into eight bytes, and the rare longer grapheme cluster (an emoji family, say) is kept in a
/// shared table and referred to by number.
///
/// That table is bounded. A long cluster stays in it while a screen holds it: a ``Screen`` (and
/// every copy of it) holds each long cluster it has written since it was last cleared, letting
/// go of those no longer in its cells once it has written more of them than it has cells. So a
/// cell reads back correctly for as long as it is on a screen. Besides those, the 4,096 long
/// clusters that no screen holds and that were made or let go of last stay readable; past that
/// a cluster's number is reused, under a new generation, so that a cell kept apart from every
/// screen for that long reads back as U+FFFD, never as another cell's text.
///
/// ```swift
/// let cell = Cell("日", width: 2, style: Style(attributes: .bold))
/// cell.character  // "日"
/// ```
package struct Cell: Sendable {
  /// The character's UTF-8 bytes, low byte first, with their count in the top byte; or, with
  /// `0xFF` in the top byte, a long cluster's slot in the low 32 bits and the slot's generation
  /// in the 24 bits above them.
  @usableFromInline var packed: UInt64
  /// The width in the low byte and the style's packed bits (``Style/bits``) above it: a cell
  /// is two words, so that comparing cells, or a cell's look with a run's, is a comparison of
  /// numbers.
  @usableFromInline var look: UInt64

  /// 1 for an ordinary cell, 2 for the first half of a wide character, 0 for its second half.
  @inlinable package var width: UInt8 {
    get { UInt8(truncatingIfNeeded: look) }
    set { look = look & ~0xFF | UInt64(newValue) }
  }

  /// Colours and attributes.
  package var style: Style {
    get { Style(bits: look >> 8) }
    set { look = Self.look(width: width, style: newValue) }
  }

  /// Makes a cell.
  ///
  /// ```swift
  /// let marker = Cell(">", style: Style(attributes: .reverse))
  /// ```
  package init(_ character: Character, width: UInt8 = 1, style: Style = .plain) {
    packed = Self.pack(character)
    look = Self.look(width: width, style: style)
  }

  /// Makes a one-column cell holding a printable ASCII byte, without building a `Character`.
  init(ascii byte: UInt8, style: Style) {
    self.init(ascii: byte, look: Self.look(width: 1, style: style))
  }

  /// Makes a cell holding a printable ASCII byte with a look made by ``look(width:style:)``,
  /// for runs of cells that share one.
  init(ascii byte: UInt8, look: UInt64) {
    packed = 1 << 56 | UInt64(byte)
    self.look = look
  }

  /// Makes a cell from an already packed character, such as a long cluster's number that a
  /// screen holds.
  init(packed: UInt64, width: UInt8, style: Style) {
    self.packed = packed
    look = Self.look(width: width, style: style)
  }

  /// The look of a cell `width` columns wide in `style`.
  @inlinable static func look(width: UInt8, style: Style) -> UInt64 {
    UInt64(width) | style.bits << 8
  }

  /// A blank cell in the terminal's default style.
  package static let blank = Cell(" ")

  /// Whether the cell is the second half of a wide character.
  @inlinable package var isContinuation: Bool { width == 0 }

  /// The grapheme cluster shown, a space for a blank cell.
  ///
  /// A long cluster that no screen has held for a long while may have been dropped from the
  /// shared table (see above); such a cell reads back as U+FFFD REPLACEMENT CHARACTER, never as
  /// another cell's text.
  package var character: Character {
    get {
      let count = Int(packed >> 56)
      if count == 0xFF { return LongClusters.shared.cluster(packed) }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(count)
      for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: packed >> (8 * index))) }
      return Character(String(decoding: bytes, as: UTF8.self))
    }
    set { packed = Self.pack(newValue) }
  }

  /// The character as one printable ASCII byte, if it is one: the front end's fast path.
  @inlinable package var asciiByte: UInt8? {
    guard packed >> 56 == 1 else { return nil }
    let byte = UInt8(truncatingIfNeeded: packed)
    return byte >= 0x20 && byte < 0x7F ? byte : nil
  }

  /// The packed number of the cell's long cluster, if it holds one.
  var longClusterNumber: UInt64? {
    packed >> 56 == 0xFF ? packed : nil
  }

  /// Whether `character` is too long to be packed into a cell and goes into `LongClusters`.
  static func isLong(_ character: Character) -> Bool {
    character.utf8.count > 7
  }

  /// Packs a character's UTF-8 bytes, or its number in the table of long clusters.
  private static func pack(_ character: Character) -> UInt64 {
    let utf8 = character.utf8
    guard utf8.count <= 7 else {
      return LongClusters.shared.number(of: character)
    }
    var value = UInt64(utf8.count) << 56
    for (index, byte) in utf8.enumerated() { value |= UInt64(byte) << (8 * index) }
    return value
  }
}

extension Cell: Equatable {
  /// Whether two cells show the same character the same way.
  ///
  /// Cells packed alike are equal without looking the character up; two long clusters packed
  /// differently are compared by their text.
  package static func == (lhs: Cell, rhs: Cell) -> Bool {
    guard lhs.look == rhs.look else { return false }
    if lhs.packed == rhs.packed { return true }
    guard lhs.packed >> 56 == 0xFF, rhs.packed >> 56 == 0xFF else { return false }
    return lhs.character == rhs.character
  }
}
