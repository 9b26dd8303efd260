/// Bytes that a record's raw bytes must hold for a value of it to contain a search's text: the
/// longest run of the text's characters that show in the file as their own bytes, found in a
/// block eight bytes at a time, ASCII case folded.
///
/// A value's bytes are the field's bytes less the quotes around it and one of each doubled
/// quote, and, in a field with text after its closing quote, less that quote: a run with no
/// quote, delimiter, CR or LF in it that a value holds is in the file's bytes too, unless it
/// spans such a closing quote (the index keeps where those are, ``CSVIndex``). The characters of
/// the run are ASCII ones other than those four, whose letters match either case, and others
/// that no character folds to (``CSVCaselessScalars``): `ü` can stand for `Ü` too, so it ends a
/// run, while `東` is found by its bytes.
struct CSVByteProbe: Sendable {
  /// The run's bytes, ASCII letters lowered.
  let bytes: [UInt8]
  /// `0x20` where a byte of ``bytes`` is an ASCII letter, which either case matches; else 0.
  let folds: [UInt8]
  /// The offsets in ``bytes`` of the two bytes looked for first: the rarest ones.
  let anchors: (Int, Int)

  /// The probe of `text` in a file delimited by `delimiter`, or `nil` when none of its
  /// characters can be found by its bytes.
  init?(_ text: SearchText, delimiter: UInt8) {
    var best: [UInt8] = []
    var run: [UInt8] = []
    for scalar in text.folded {
      let special =
        scalar.isASCII
        && [
          CSVRecordParser.quote, delimiter, CSVRecordParser.lineFeed,
          CSVRecordParser.carriageReturn,
        ]
        .contains(UInt8(scalar.value))
      if special || !CSVCaselessScalars.canFindByBytes(scalar) {
        if run.count > best.count { best = run }
        run = []
        continue
      }
      run.append(contentsOf: String(scalar).utf8)
    }
    if run.count > best.count { best = run }
    guard !best.isEmpty else { return nil }
    self.init(bytes: best)
  }

  /// A probe of `bytes` as they are, ASCII letters matching either case.
  init(bytes: [UInt8]) {
    let lowered = bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
    self.bytes = lowered
    folds = lowered.map { $0 &- 0x61 < 26 ? 0x20 : 0 }
    let ranked = lowered.indices.sorted { Self.rarity($0, lowered) > Self.rarity($1, lowered) }
    anchors = (ranked[0], ranked.count > 1 ? ranked[1] : ranked[0])
  }

  /// How rare byte `index` of `bytes` is in text, higher for rarer: a rough table of English and
  /// CSV, so that the scan stops at as few places as it can.
  private static func rarity(_ index: Int, _ bytes: [UInt8]) -> Int {
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "j"), UInt8(ascii: "q"), UInt8(ascii: "x"), UInt8(ascii: "z"): return 9
    case UInt8(ascii: "k"), UInt8(ascii: "v"), UInt8(ascii: "w"), UInt8(ascii: "y"): return 7
    case UInt8(ascii: "b"), UInt8(ascii: "g"), UInt8(ascii: "p"), UInt8(ascii: "f"): return 6
    case UInt8(ascii: "c"), UInt8(ascii: "m"), UInt8(ascii: "u"), UInt8(ascii: "h"): return 5
    case UInt8(ascii: "d"), UInt8(ascii: "l"): return 4
    case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"): return 2
    case UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "s"), UInt8(ascii: "t"): return 3
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), UInt8(ascii: "."): return 1
    // The last byte of a character outside ASCII tells characters apart; its lead byte does not.
    case 0x80..<0xC0: return 8
    case 0xC0...: return 0
    default: return 8
    }
  }

  /// Calls `body` with each offset in `starts` where `buffer` holds the probe, in order, until
  /// `body` returns `false`; `buffer` must hold the probe's bytes past the last start.
  func forEachMatch(
    in buffer: UnsafeRawBufferPointer, starts: Range<Int>, _ body: (Int) -> Bool
  ) {
    let count = bytes.count
    guard !starts.isEmpty, starts.upperBound - 1 + count <= buffer.count else { return }
    let (first, second) = anchors
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let wantFirst = UInt64(bytes[first]) &* ones
    let wantSecond = UInt64(bytes[second]) &* ones
    let foldFirst = UInt64(folds[first]) &* ones
    let foldSecond = UInt64(folds[second]) &* ones
    /// The high bit of each byte of `word` that is zero.
    func zeros(_ word: UInt64) -> UInt64 {
      ~(((word & low) &+ low) | word | low)
    }
    var position = starts.lowerBound
    let wordEnd = starts.upperBound - 8
    while position <= wordEnd {
      let a = buffer.loadUnaligned(fromByteOffset: position + first, as: UInt64.self)
      let b = buffer.loadUnaligned(fromByteOffset: position + second, as: UInt64.self)
      var hits = zeros((a | foldFirst) ^ wantFirst) & zeros((b | foldSecond) ^ wantSecond)
      while hits != 0 {
        let start = position + hits.trailingZeroBitCount >> 3
        hits &= hits &- 1
        if holds(buffer, at: start), !body(start) { return }
      }
      position += 8
    }
    while position < starts.upperBound {
      if holds(buffer, at: position), !body(position) { return }
      position += 1
    }
  }

  /// Whether `buffer` holds the probe at `start`.
  func holds(_ buffer: UnsafeRawBufferPointer, at start: Int) -> Bool {
    for offset in 0..<bytes.count where buffer[start + offset] | folds[offset] != bytes[offset] {
      return false
    }
    return true
  }
}
