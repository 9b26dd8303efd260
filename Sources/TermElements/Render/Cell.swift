/// One terminal cell: a character, the columns it spans, and its style.
///
/// A two-column character fills its own cell with `width == 2`; the cell to its right is a
/// continuation with `width == 0` that draws nothing.
public struct Cell: Equatable, Sendable {
  /// The grapheme cluster shown, a space for a blank cell.
  public var character: Character
  /// 1 for an ordinary cell, 2 for the first half of a wide character, 0 for its second half.
  public var width: UInt8
  /// Colours and attributes.
  public var style: Style

  /// Makes a cell.
  public init(_ character: Character, width: UInt8 = 1, style: Style = .plain) {
    self.character = character
    self.width = width
    self.style = style
  }

  /// A blank cell in the terminal's default style.
  public static let blank = Cell(" ")

  /// Whether the cell is the second half of a wide character.
  public var isContinuation: Bool { width == 0 }
}
