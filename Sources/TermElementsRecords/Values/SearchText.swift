/// Text searched for in records, and which values contain it: the one rule every source
/// follows, so that what a search finds is what a cell highlights.
///
/// A value is searched when it is text, JSON, a date or time, or a whole or exact decimal
/// number (as the digits its cell shows); floating-point numbers, whose cells are formatted,
/// BLOBs, truth values and NULLs never match. Case is ignored character by character: ASCII
/// letters fold as SQL's `lower()` folds them, other characters to their lowercase when it is
/// one character and not ASCII (`Ł` to `ł`, `Ü` to `ü`; the Kelvin sign stays itself), so that
/// an ASCII character only ever matches an ASCII one.
///
/// ```swift
/// let search = SearchText("müller")
/// let found = search.matches(.text("Jürgen MÜLLER"))  // true
/// let number = search.matches(.integer(42))  // false
/// ```
public struct SearchText: Hashable, Sendable {
  /// The text searched for.
  public let text: String
  /// The text's characters, folded.
  public let folded: [Unicode.Scalar]
  /// Whether the text is all ASCII.
  public let isASCII: Bool

  /// Searches for `text`; empty text matches nothing.
  public init(_ text: String) {
    self.text = text
    folded = text.unicodeScalars.map(Self.fold)
    isASCII = text.unicodeScalars.allSatisfy(\.isASCII)
  }

  /// Whether there is nothing to search for.
  public var isEmpty: Bool { text.isEmpty }

  /// Whether a search looks at `value` at all: text, JSON, dates and times, whole and exact
  /// decimal numbers.
  public static func isSearched(_ value: CellValue) -> Bool {
    switch value {
    case .text, .json, .decimal, .date, .time, .timestamp, .integer: true
    case .null, .real, .boolean, .blob: false
    }
  }

  /// Whether `value` contains the text.
  public func matches(_ value: CellValue) -> Bool {
    switch value {
    case .text(let text), .json(let text), .decimal(let text): matches(text)
    case .date(let text), .time(let text), .timestamp(let text): matches(text)
    case .integer(let number): matches(String(number))
    case .null, .real, .boolean, .blob: false
    }
  }

  /// Whether one of `values` contains the text: one of those at the indexes in `columns`, or
  /// any when `columns` is `nil`.
  public func matches(any values: [CellValue], in columns: Set<Int>? = nil) -> Bool {
    guard let columns else { return values.contains { matches($0) } }
    return columns.contains { values.indices.contains($0) && matches(values[$0]) }
  }

  /// Whether `string` contains the text.
  public func matches(_ string: String) -> Bool {
    guard let head = folded.first else { return false }
    let scalars = Array(string.unicodeScalars)
    guard scalars.count >= folded.count else { return false }
    search: for start in 0...(scalars.count - folded.count) {
      // A folded character folds to itself, so an equal one needs no folding.
      let first = scalars[start]
      guard first == head || Self.fold(first) == head else { continue }
      for offset in 1..<folded.count {
        let scalar = scalars[start + offset]
        if scalar != folded[offset] && Self.fold(scalar) != folded[offset] { continue search }
      }
      return true
    }
    return false
  }

  /// Where `string` contains the text, left to right, not overlapping: the parts of a cell
  /// to highlight.
  public func ranges(in string: String) -> [Range<String.Index>] {
    guard !folded.isEmpty else { return [] }
    let scalars = string.unicodeScalars
    let indices = Array(scalars.indices) + [scalars.endIndex]
    let haystack = scalars.map(Self.fold)
    var found: [Range<String.Index>] = []
    var offset = 0
    while offset + folded.count <= haystack.count {
      if haystack[offset..<offset + folded.count].elementsEqual(folded) {
        found.append(indices[offset]..<indices[offset + folded.count])
        offset += folded.count
      } else {
        offset += 1
      }
    }
    return found
  }

  /// `scalar` with its case folded: an ASCII capital lowered, as SQL's `lower()` does;
  /// another character lowered when its lowercase is one character that is not ASCII. A
  /// folded character folds to itself.
  public static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII {
      return (0x41...0x5A).contains(scalar.value)
        ? Unicode.Scalar(UInt8(scalar.value) + 0x20) : scalar
    }
    let lower = scalar.properties.lowercaseMapping.unicodeScalars
    guard lower.count == 1, let single = lower.first, !single.isASCII else { return scalar }
    return single
  }
}
