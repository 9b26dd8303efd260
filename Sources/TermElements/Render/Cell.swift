import Synchronization

/// One terminal cell: a character, the columns it spans, and its style.
///
/// A two-column character fills its own cell with `width == 2`; the cell to its right is a
/// continuation with `width == 0` that draws nothing.
///
/// A cell is plain data, with no reference inside, so that copying and comparing frames is
/// cheap: its character is packed as UTF-8 into eight bytes, and the rare longer grapheme
/// cluster (an emoji family, say) is kept once in a shared table and referred to by number.
public struct Cell: Equatable, Sendable {
  /// The character's UTF-8 bytes, low byte first, with their count in the top byte; or a
  /// cluster number in the low bytes with `0xFF` in the top byte.
  private var packed: UInt64
  /// 1 for an ordinary cell, 2 for the first half of a wide character, 0 for its second half.
  public var width: UInt8
  /// Colours and attributes.
  public var style: Style

  /// Makes a cell.
  public init(_ character: Character, width: UInt8 = 1, style: Style = .plain) {
    packed = Self.pack(character)
    self.width = width
    self.style = style
  }

  /// Makes a one-column cell holding a printable ASCII byte, without building a `Character`.
  init(ascii byte: UInt8, style: Style) {
    packed = 1 << 56 | UInt64(byte)
    width = 1
    self.style = style
  }

  /// A blank cell in the terminal's default style.
  public static let blank = Cell(" ")

  /// Whether the cell is the second half of a wide character.
  public var isContinuation: Bool { width == 0 }

  /// The grapheme cluster shown, a space for a blank cell.
  public var character: Character {
    get {
      let count = Int(packed >> 56)
      if count == 0xFF { return LongClusters.shared.cluster(Int(packed & 0xFFFF_FFFF)) }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(count)
      for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: packed >> (8 * index))) }
      return Character(String(decoding: bytes, as: UTF8.self))
    }
    set { packed = Self.pack(newValue) }
  }

  /// The character as one printable ASCII byte, if it is one: the front end's fast path.
  public var asciiByte: UInt8? {
    guard packed >> 56 == 1 else { return nil }
    let byte = UInt8(truncatingIfNeeded: packed)
    return byte >= 0x20 && byte < 0x7F ? byte : nil
  }

  /// Packs a character's UTF-8 bytes, or its number in the table of long clusters.
  private static func pack(_ character: Character) -> UInt64 {
    let utf8 = character.utf8
    guard utf8.count <= 7 else {
      return 0xFF << 56 | UInt64(LongClusters.shared.number(of: character))
    }
    var value = UInt64(utf8.count) << 56
    for (index, byte) in utf8.enumerated() { value |= UInt64(byte) << (8 * index) }
    return value
  }
}

/// Grapheme clusters longer than a cell holds inline, numbered in the order first seen.
final class LongClusters: Sendable {
  /// The one table every cell shares.
  static let shared = LongClusters()

  /// The clusters, and each one's number.
  private let table = Mutex<(clusters: [Character], numbers: [Character: Int])>(([], [:]))

  /// The number of `character`, adding it to the table on first sight.
  func number(of character: Character) -> Int {
    table.withLock { table in
      if let number = table.numbers[character] { return number }
      table.clusters.append(character)
      table.numbers[character] = table.clusters.count - 1
      return table.clusters.count - 1
    }
  }

  /// The cluster numbered `number`.
  func cluster(_ number: Int) -> Character {
    table.withLock { $0.clusters[number] }
  }
}
